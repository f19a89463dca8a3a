/**
 * The JSON bodies of the admin routes (./routes.ts) as zod schemas; the Sandbox object's own types for them
 * (../types.ts ElsewhereLog, ElsewhereEdit, Fault) are inferred from here, so the HTTP route and the in-process call
 * take the same shape. A body that does not fit answers 400 with what was wrong (`readBody`); the rules of the service
 * itself (a day in the future, a maximum per day) stay with ./elsewhere.ts, which refuses as the API would.
 *
 * Built when an admin route is first called (`BODIES()`), not when the sandbox is imported: every `punch` on the
 * built-in demo loads the sandbox and calls none of them (docs/benchmarks.md "punch status, fourth pass").
 */
import { z } from 'zod';
import { once } from '../../shared/lazy/once';

/** Reads a route's body; a body that does not fit throws with the route, the field and what it takes. */
export function readBody<S extends z.ZodType>(route: string, schema: S, body: unknown): z.output<S> {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  if (!issue || issue.path.length === 0) throw new Error(`${route} takes a JSON object body`);
  throw new Error(`${route}: ${issue.path.join('.')} ${issue.message}`);
}

export const BODIES = once(() => {
  const text = z.string({ error: 'must be text' });
  /** Ids as text; a number is taken as its digits (the admin routes are typed by hand in tests and scripts). */
  const idText = z.union([z.string(), z.number().transform(String)], { error: 'must be text' });
  const hhmm = z.string({ error: 'must be HH:MM' });
  const yesNo = z.boolean({ error: 'must be true or false' });

  const FAULT = z
    .discriminatedUnion(
      'kind',
      [
        z.object({
          kind: z.literal('http-5xx'),
          status: z.number().optional(),
          match: z.string().optional(),
          times: z.number().optional(),
        }),
        z.object({
          kind: z.literal('http-429'),
          retryAfterSec: z.number().optional(),
          match: z.string().optional(),
          times: z.number().optional(),
        }),
        z.object({ kind: z.literal('delay'), ms: z.number(), match: z.string().optional(), times: z.number().optional() }),
        z.object({ kind: z.literal('commit-then-drop'), match: z.string().optional(), times: z.number().optional() }),
        // the answer's first time log carries this workDate as written (a real service's odd date: "31-Foo-2026")
        z.object({ kind: z.literal('odd-date'), workDate: text, match: z.string().optional(), times: z.number().optional() }),
      ],
      { error: 'must be http-5xx, http-429, delay, commit-then-drop or odd-date' },
    )
    .nullable();

  const DECIDE = z.object({
    timesheetId: idText.optional().transform((id) => id ?? ''),
    decision: z.enum(['approved', 'rejected'], { error: 'must be "approved" or "rejected"' }),
    comments: z.string().optional().catch(undefined),
  });

  /** Coming back online is done by `forMs` (the server is not listening meanwhile). */
  const OFFLINE = z.object({
    offline: z.literal(true, { error: 'must be true; coming back online is done by forMs (the server is not listening meanwhile)' }),
    forMs: z.number().optional().catch(undefined),
  });

  const TOKEN = z.object({
    user: idText.optional().transform((u) => u ?? ''),
    scopes: z.array(z.unknown().transform(String)).catch(() => ['timetracker.ALL', 'forms.ALL']),
  });

  /** A time log added as the service's web page would. `user`: email, employee id or record id; default the demo user. */
  const ELSEWHERE_LOG = z.object({
    user: idText.optional(),
    workDate: text,
    hours: hhmm,
    jobId: idText.optional(),
    jobName: text.optional(),
    billable: yesNo.optional(),
    workItem: text.optional(),
    description: text.optional(),
  });

  const ELSEWHERE_EDIT = z.object({
    timeLogId: idText.optional().transform((id) => id ?? ''),
    workDate: text.optional(),
    hours: hhmm.optional(),
    billable: yesNo.optional(),
    description: text.optional(),
  });

  const ELSEWHERE_DELETE = z.object({ timeLogId: idText.optional().transform((id) => id ?? '') });
  return { FAULT, DECIDE, OFFLINE, TOKEN, ELSEWHERE_LOG, ELSEWHERE_EDIT, ELSEWHERE_DELETE };
});
type Bodies = ReturnType<typeof BODIES>;

export type Fault = NonNullable<z.infer<Bodies['FAULT']>>;
export type ElsewhereLog = z.infer<Bodies['ELSEWHERE_LOG']>;
export type ElsewhereEdit = Omit<z.infer<Bodies['ELSEWHERE_EDIT']>, 'timeLogId'>;
