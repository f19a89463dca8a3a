/**
 * Why a decision on a timesheet did not go through, in the words of a manager (no endpoint names,
 * no service codes, no HTTP statuses): for the line under a row of "Approve N", for the review's message and for
 * `punch approve`. Branches on the error's class and code (../service/errors.ts), never on the service's wording.
 */
import { AuthError, errorText, NetworkError, RateLimitedError, ServerError, ServiceError } from '../service';
import { saidOf, type SaidValue, type Words } from '../../shared/i18n/said';
import { teamWords } from './team-words';

/** The core's own refusal, before anything is sent (the service refuses it too, spec: "nobody approves their own"). */
export const OWN_TIMESHEET = teamWords.own().message;

const PERMISSION_DENIED = 9000;
/** Set on an error whose message was rewritten here: it is not rewritten again (and keeps the employee's name). */
const PLAIN = Symbol('plain words');
const BAD_VALUE = 9003;
const NOT_FOUND = 9008;

/**
 * The plain words for a failed decision, or undefined when the error already speaks plainly (the core's own
 * refusals) or is not the service's refusal (the network, a rate limit: ./decisionFailureWords says those).
 */
function refusalWords(e: unknown, name?: string, what: 'decide' | 'see' = 'decide'): Words | undefined {
  if (!(e instanceof AuthError || e instanceof ServiceError)) return undefined;
  if (e.code === PERMISSION_DENIED) return what === 'decide' ? teamWords.mayNotDecide(name) : teamWords.mayNotSee(name);
  if (e instanceof AuthError) return teamWords.signIn();
  if (e.code === NOT_FOUND) return teamWords.notFound();
  if (what === 'see') return undefined;
  // 9003 on a timesheet that is not pending: decided (or taken back) since the list was read
  if (e.code === BAD_VALUE && /not waiting|only submitted|pending/i.test(e.said ?? e.message)) return teamWords.noLongerWaits();
  return teamWords.refused(serviceSaid(e));
}

/** Why the service refused: its refusal as Punchcard words it (a code), or the service's own words. */
function serviceSaid(e: ServiceError): SaidValue {
  if (e.says) return { said: e.says };
  const said = e.message.replace(/^The service refused [^:]*?(\(\d+\))?:\s*/, '').trim();
  return said || { said: teamWords.noReason() };
}

/**
 * A refusal by the service rewritten in plain words (a permission refusal as a ServiceError, anything else keeps its
 * class, so exit codes and styling stay): for a decision, or
 * for reading timesheets (`see`: only a permission refusal, a lost sign-in or a missing timesheet are rewritten, the
 * rest keep the service's words); anything else is returned as it is.
 */
export function plainRefusal(e: unknown, name?: string, what: 'decide' | 'see' = 'decide'): unknown {
  const words = refusalWords(e, name, what);
  if (words === undefined || !(e instanceof Error)) return e;
  // A permission refusal is the service's answer to this request, not a lost sign-in: as a ServiceError it is not
  // followed by "sign in again" (the CLI's hint for an AuthError), and the status does not read it as one either.
  const plain =
    e instanceof AuthError && e.code === PERMISSION_DENIED
      ? new ServiceError(
          words,
          PERMISSION_DENIED,
          e.httpStatus ?? 403,
          what === 'decide' ? 'timetracker/approvetimesheet' : 'timetracker/gettimesheet',
        )
      : Object.assign(e, { message: words.message, [e instanceof ServiceError ? 'says' : 'said']: saidOf(words) });
  Object.defineProperty(plain, PLAIN, { value: true });
  return plain;
}

/** The reason one timesheet of "Approve N" was not decided, in plain words (English, and its code when it has one). */
export function decisionFailureWords(e: unknown, name?: string): string | Words {
  if (e instanceof Error && (e as { [PLAIN]?: boolean })[PLAIN]) return errorText(e);
  const refused = refusalWords(e, name);
  if (refused) return refused;
  if (e instanceof RateLimitedError) return teamWords.paced(Math.max(1, Math.ceil(e.retryAfterMs / 1000)));
  if (e instanceof NetworkError && e.kind === 'cancelled') {
    // stopped by the user (Ctrl+C), not the network's doing: say so, and what may have happened
    return e.applied === 'no' ? teamWords.stoppedBefore() : teamWords.stoppedInFlight();
  }
  if (e instanceof NetworkError) {
    return e.applied === 'no' ? teamWords.notSent({ said: e.plain }) : teamWords.noAnswer({ said: e.plain });
  }
  if (e instanceof ServerError) return e.applied === 'no' ? teamWords.serverNothing() : teamWords.serverMaybe();
  if (e instanceof Error && e.name === 'InvalidResponseError') return teamWords.unexpected();
  return e instanceof Error && e.message ? errorText(e) : teamWords.couldNot();
}
