/**
 * The one door into the core for every front end (Electron IPC, the web server, the `punch` CLI): a call's name and
 * an untrusted input go in, a `{ ok, value | error }` envelope comes out. Validation happens here, once, with the
 * contract's schemas ("validate at the edge"), so a handler only ever sees parsed input and a bad input changes nothing.
 * A *call* is the bridge's word (docs/ARCHITECTURE.md glossary); src/shared still names it `OperationName`, renamed
 * there once the shells that share it follow.
 */
import { isValidDate } from '../shared/time/week';
import { createDays, type Days } from '../shared/time/zone';
import { firstScreenCalls } from '../shared/first-screen/calls';
import type { FirstAnswer, FirstAnswers } from '../shared/first-screen/answers';
import type { Clock } from './clock';
import type { BridgeError, Handlers, OperationCall, OperationName as CallName } from '../shared/contract';
import { parseInput, unknownCallWords } from '../shared/contract';
import { OPERATION_NAMES as CALL_NAMES } from '../shared/operation-names';
import type { RuleViolation } from '../shared/domain';
import { redact, redactSaid } from '../shared/redact';
import { isSaid, saidOf } from '../shared/i18n/said';
import { said as saying } from '../shared/i18n/english';
import { defineMessages } from '../shared/i18n/messages';
import { StorageError, toStorageError } from './store';
import { errorSaid } from './service';

export type DispatchResult = { ok: true; value: unknown } | { ok: false; error: BridgeError };
/** `call`: the front end's signal for this operation (punch's Ctrl+C), handed to the handler as is. */
export type Dispatch = (name: string, input: unknown, call?: OperationCall) => Promise<DispatchResult>;

export interface DispatcherOptions {
  /**
   * Secrets currently held in memory (access tokens, a pasted token). Any of them found in an error message is
   * replaced (src/shared/redact.ts, with the registered sources' too) before the message crosses the bridge: errors
   * from deep inside (a URL echoed by a server, a library's message) must never carry a token to the renderer or a
   * terminal.
   */
  secrets?: () => string[];
  /**
   * The data directory: a disk or permission failure that reached here as a plain errno error (ENOSPC, EROFS,
   * EACCES, EPERM, EIO) leaves as a StorageError naming it, never as bad input or an unexpected failure.
   */
  dataDir?: string;
}

/**
 * Kept for callers of the old name: the one redaction of every exit is src/shared/redact.ts (known secrets of the
 * session are registered there too, by ./root/punchcard.ts).
 */
export const redactSecrets = (text: string, secrets: string[] = []): string => redact(text, secrets);

const M = defineMessages({
  wrong: { id: 'core.something-went-wrong', defaultMessage: 'Something went wrong inside Punchcard.' },
});

/** Turns anything thrown into the plain data a front end may show: class name, message, code, violations. No stack. */
export function toBridgeError(e: unknown, secrets: string[] = []): BridgeError {
  const wrong = saying(M.wrong.id);
  if (!(e instanceof Error)) {
    return typeof e === 'string'
      ? { name: 'Error', message: redactSecrets(e, secrets) }
      : { name: 'Error', message: wrong.message, said: saidOf(wrong) };
  }
  const err: BridgeError = {
    name: e.name || 'Error',
    message: redactSecrets(e.message || e.name || wrong.message, secrets),
    ...(e.message || e.name ? {} : { said: saidOf(wrong) }),
  };
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'number' && Number.isFinite(code)) err.code = code;
  if (e instanceof StorageError) err.storage = e.storage;
  // a Said ({ code, values }: src/shared/i18n/said.ts); a service error's `said` is the service's own text, a string,
  // kept for logs and never passed on (its Said is `says`)
  const said = errorSaid(e);
  if (said) err.said = redactSaid(said, secrets);
  const violations = (e as { violations?: unknown }).violations;
  if (Array.isArray(violations) && violations.length > 0) {
    err.violations = violations.map((v: RuleViolation) => ({
      field: v.field,
      rule: v.rule,
      message: redactSecrets(String(v.message), secrets),
      // the code and values of the core's words (facts it made itself: a day, hours, a job's name from the list)
      ...(isSaid(v.said) ? { said: redactSaid(v.said, secrets) } : {}),
      // an open day to use instead of a locked one (a calendar day, nothing else passes)
      ...(isValidDate(v.openDay) ? { openDay: v.openDay } : {}),
    }));
  }
  return err;
}

// A Set of the listed names, not a lookup on the contract's object: "constructor" or "__proto__" are not calls.
const KNOWN_CALLS: ReadonlySet<string> = new Set(CALL_NAMES);

function isCallName(name: string): name is CallName {
  return typeof name === 'string' && KNOWN_CALLS.has(name);
}

export function createDispatcher(handlers: Handlers, opts: DispatcherOptions = {}): Dispatch {
  const secrets = () => {
    try {
      return opts.secrets?.() ?? [];
    } catch {
      return [];
    }
  };
  return async (name, input, call) => {
    if (!isCallName(name)) {
      return {
        ok: false,
        // the caller's own word quoted back (a script's typo); it is no call, so it names none
        error: (() => {
          const w = unknownCallWords(String(name));
          return { name: 'InvalidInputError', message: w.message, said: saidOf(w) };
        })(),
      };
    }
    try {
      const parsed = parseInput(name, input);
      const handler = handlers[name] as (i: unknown, c?: OperationCall) => Promise<unknown>;
      const value = await handler(parsed, call);
      return { ok: true, value };
    } catch (e) {
      // errors by cause: a full or read-only disk is its own kind, whatever layer let it through
      return { ok: false, error: toBridgeError(opts.dataDir ? toStorageError(e, opts.dataDir) : e, secrets()) };
    }
  };
}

/**
 * How long the first screen's answers may take before they are handed over without the slow ones: in web mode the
 * page waits on them, and a blank page paints in 100-200 ms on a busy machine. Every one of them is answered from the
 * core's own copies (the week as a glance) in 5-15 ms at a load of 20 on 2 CPUs; a read the service must answer
 * first (the week, when no copy of it is kept yet) is left out when it takes longer, and the page asks it itself, as
 * it always did (the call goes on meanwhile, so that ask is answered sooner).
 */
export const FIRST_SCREEN_WAIT_MS = 40;

/**
 * The first screen's calls (src/shared/first-screen/calls.ts) through the dispatcher, each as if the page had made
 * it: the week first, then the reads that use its copy (the submit preview, the reminders).
 * Answers that failed or came after `waitMs` are left out.
 */
export async function firstScreenAnswers(
  dispatch: Dispatch,
  clock: Pick<Clock, 'now' | 'setTimeout' | 'clearTimeout'>,
  waitMs: number,
  days: Days = createDays(clock),
): Promise<FirstAnswers> {
  const today = days.today();
  const calls = firstScreenCalls(clock.now(), today);
  const answers: Array<FirstAnswer | undefined> = calls.map(() => undefined);
  const ask = (i: number) =>
    dispatch(calls[i].name, calls[i].input).then((r) => {
      if (r.ok) answers[i] = { ...calls[i], value: r.value };
    });
  // the week first: the submit preview and the reminders use the copy it reads (or made, the first time)
  const thisWeek = calls.findIndex((c) => c.name === 'getWeek');
  const usesTheWeek = (c: (typeof calls)[number]) => c.name === 'previewSubmit' || c.name === 'getReminders';
  const first = calls.map((c, i) => (usesTheWeek(c) ? null : ask(i)));
  const weekRead = first[thisWeek] ?? Promise.resolve();
  const all = Promise.all([...first, ...calls.map((c, i) => (usesTheWeek(c) ? weekRead.then(() => ask(i)) : null))]);
  let timer: ReturnType<typeof clock.setTimeout> | undefined;
  await Promise.race([all, new Promise<void>((resolve) => (timer = clock.setTimeout(resolve, waitMs)))]);
  clock.clearTimeout(timer);
  return { date: today, answers: answers.filter((a): a is FirstAnswer => a !== undefined) };
}
