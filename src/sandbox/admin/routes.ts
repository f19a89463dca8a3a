/**
 * Admin routes under /__sandbox/ (the project brief's sandbox API), in the standalone sandbox only (never inside Punchcard: ../server.ts):
 * the same controls as the `Sandbox` object, over HTTP, for
 * Playwright and the standalone sandbox. Plain JSON, no token, never rate limited or faulted.
 */
import { renderPlain } from '../envelope';
import type { AdminAnswer, AdminRequest } from '../server';
import type { Sandbox } from '../types';
import { BODIES, readBody } from './bodies';

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
      return ok({
        url: sb.url,
        demoUser: sb.demoUser,
        demoToken: sb.demoToken,
        routes: [
          'fault',
          'configure',
          'decide',
          'state',
          'offline',
          'token',
          'requests',
          'elsewhere/log',
          'elsewhere/edit',
          'elsewhere/delete',
        ],
      });
    case 'POST /__sandbox/fault':
      sb.fault(readBody('fault', BODIES().FAULT, req.body ?? null));
      return ok();
    case 'POST /__sandbox/configure':
      sb.configure(object(req.body, 'configure') as Parameters<Sandbox['configure']>[0]);
      return ok();
    case 'POST /__sandbox/decide': {
      const b = readBody('decide', BODIES().DECIDE, req.body);
      sb.decide(b.timesheetId, b.decision, b.comments);
      return ok();
    }
    case 'GET /__sandbox/state':
      return ok(sb.state());
    case 'POST /__sandbox/offline': {
      const { forMs } = readBody('offline', BODIES().OFFLINE, req.body);
      return { answer: renderPlain(200, { ok: true }), after: () => sb.goOfflineFor(forMs) };
    }
    case 'POST /__sandbox/token': {
      return ok({ token: sb.issueToken(readBody('token', BODIES().TOKEN, req.body)) });
    }
    // a change made on the service's web page or phone app (./elsewhere.ts); a refusal answers 400 with the service's words
    case 'POST /__sandbox/elsewhere/log':
      return ok(sb.elsewhere.log(readBody('elsewhere/log', BODIES().ELSEWHERE_LOG, req.body)));
    case 'POST /__sandbox/elsewhere/edit': {
      const { timeLogId, ...patch } = readBody('elsewhere/edit', BODIES().ELSEWHERE_EDIT, req.body);
      sb.elsewhere.edit(timeLogId, patch);
      return ok();
    }
    case 'POST /__sandbox/elsewhere/delete':
      sb.elsewhere.delete(readBody('elsewhere/delete', BODIES().ELSEWHERE_DELETE, req.body).timeLogId);
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
