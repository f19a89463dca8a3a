/**
 * Admin routes under /__sandbox/ (briefs/common.md), in the standalone sandbox only (never inside Punchcard: ./server.ts):
 * the same controls as the `Sandbox` object, over HTTP, for
 * Playwright and the standalone sandbox. Plain JSON, no token, never rate limited or faulted.
 */
import { renderPlain } from './envelope';
import type { AdminAnswer, AdminRequest } from './server';
import type { ElsewhereEdit, ElsewhereLog, Fault, Sandbox } from './types';

export interface AdminControls extends Sandbox {
  /** Going offline answers first, so the caller learns it worked. */
  goOfflineFor(forMs: number | undefined): void;
}

type Body = Record<string, unknown>;

function object(body: unknown, what: string): Body {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error(`${what} takes a JSON object body`);
  return body as Body;
}

export async function handleAdmin(req: AdminRequest, sb: AdminControls): Promise<AdminAnswer> {
  const ok = (value: unknown = { ok: true }): AdminAnswer => ({ answer: renderPlain(200, value) });
  const route = `${req.method} ${req.path}`;
  switch (route) {
    case 'GET /__sandbox':
      return ok({ url: sb.url, demoUser: sb.demoUser, demoToken: sb.demoToken, routes: ['fault', 'configure', 'decide', 'state', 'offline', 'token', 'requests', 'elsewhere/log', 'elsewhere/edit', 'elsewhere/delete'] });
    case 'POST /__sandbox/fault':
      sb.fault((req.body ?? null) as Fault | null);
      return ok();
    case 'POST /__sandbox/configure':
      sb.configure(object(req.body, 'configure') as Parameters<Sandbox['configure']>[0]);
      return ok();
    case 'POST /__sandbox/decide': {
      const b = object(req.body, 'decide');
      if (b.decision !== 'approved' && b.decision !== 'rejected') throw new Error('decision must be "approved" or "rejected"');
      sb.decide(String(b.timesheetId ?? ''), b.decision, typeof b.comments === 'string' ? b.comments : undefined);
      return ok();
    }
    case 'GET /__sandbox/state':
      return ok(sb.state());
    case 'POST /__sandbox/offline': {
      const b = object(req.body, 'offline');
      if (b.offline !== true) throw new Error('offline takes {"offline": true, "forMs"?: n}; coming back online is done by forMs (the server is not listening meanwhile)');
      const forMs = typeof b.forMs === 'number' ? b.forMs : undefined;
      return { answer: renderPlain(200, { ok: true }), after: () => sb.goOfflineFor(forMs) };
    }
    case 'POST /__sandbox/token': {
      const b = object(req.body, 'token');
      const scopes = Array.isArray(b.scopes) ? b.scopes.map(String) : ['timetracker.ALL', 'forms.ALL'];
      return ok({ token: sb.issueToken({ user: String(b.user ?? ''), scopes }) });
    }
    // a change made on the service's web page or phone app (./elsewhere.ts); a refusal answers 400 with the service's words
    case 'POST /__sandbox/elsewhere/log':
      return ok(sb.elsewhere.log(object(req.body, 'elsewhere/log') as unknown as ElsewhereLog));
    case 'POST /__sandbox/elsewhere/edit': {
      const b = object(req.body, 'elsewhere/edit');
      sb.elsewhere.edit(String(b.timeLogId ?? ''), b as ElsewhereEdit);
      return ok();
    }
    case 'POST /__sandbox/elsewhere/delete':
      sb.elsewhere.delete(String(object(req.body, 'elsewhere/delete').timeLogId ?? ''));
      return ok();
    case 'GET /__sandbox/requests':
      return ok(sb.requests());
    case 'POST /__sandbox/requests/reset':
      sb.resetRequests();
      return ok();
    default:
      return { answer: renderPlain(404, { error: `no admin route ${route}` }) };
  }
}
