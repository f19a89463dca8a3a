/**
 * Why a decision on a timesheet did not go through, in the words of a manager (no endpoint names,
 * no service codes, no HTTP statuses): for the line under a row of "Approve N", for the review's message and for
 * `punch approve`. Branches on the error's class and code (../service/errors.ts), never on the service's wording.
 */
import { AuthError, NetworkError, RateLimitedError, ServerError, ServiceError } from '../service';

/** The core's own refusal, before anything is sent (the service refuses it too, spec: "nobody approves their own"). */
export const OWN_TIMESHEET = 'This is your own timesheet: nobody approves or rejects their own. Your manager decides it.';

const PERMISSION_DENIED = 9000;
/** Set on an error whose message was rewritten here: it is not rewritten again (and keeps the employee's name). */
const PLAIN = Symbol('plain words');
const BAD_VALUE = 9003;
const NOT_FOUND = 9008;

/** "Liam Chen's" or "the employee's". */
const whoseOf = (name?: string) => (name ? `${name}'s` : "the employee's");

/**
 * The plain words for a failed decision, or undefined when the error already speaks plainly (the core's own
 * refusals) or is not the service's refusal (the network, a rate limit: ./decisionFailureWords says those).
 */
function refusalWords(e: unknown, name?: string, what: 'decide' | 'see' = 'decide'): string | undefined {
  if (!(e instanceof AuthError || e instanceof ServiceError)) return undefined;
  if (e.code === PERMISSION_DENIED) {
    return what === 'decide'
      ? `You may not approve or reject ${whoseOf(name)} timesheet: only their manager or an HR admin can.`
      : `You may not see ${name ? `${name}'s` : 'these'} timesheets: only the employee, their manager or an HR admin can.`;
  }
  if (e instanceof AuthError) return 'The service no longer accepts your sign-in. Sign in again (Settings, Account), then try again.';
  if (e.code === NOT_FOUND) return 'Timesheet not found: there is no timesheet with that number (it may have been deleted).';
  if (what === 'see') return undefined;
  // 9003 on a timesheet that is not pending: decided (or taken back) since the list was read
  if (e.code === BAD_VALUE && /not waiting|only submitted|pending/i.test(e.message)) {
    return 'It no longer waits for approval: it was decided or taken back meanwhile. Refresh the list.';
  }
  return `The service refused the decision: ${serviceSaid(e)}`;
}

/** The service's own sentence from a ServiceError's message ("The service refused <endpoint> (<code>): <what it said>"). */
function serviceSaid(e: ServiceError): string {
  const said = e.message.replace(/^The service refused [^:]*?(\(\d+\))?:\s*/, '').trim();
  return said || 'it gave no reason.';
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
      : Object.assign(e, { message: words });
  Object.defineProperty(plain, PLAIN, { value: true });
  return plain;
}

/** The reason one timesheet of "Approve N" was not decided, in plain words. */
export function decisionFailureWords(e: unknown, name?: string): string {
  if (e instanceof Error && (e as { [PLAIN]?: boolean })[PLAIN]) return e.message;
  const refused = refusalWords(e, name);
  if (refused) return refused;
  if (e instanceof RateLimitedError) {
    return `Not sent: the service takes only so many decisions a minute. Try again in ${Math.max(1, Math.ceil(e.retryAfterMs / 1000))} s.`;
  }
  if (e instanceof NetworkError && e.kind === 'cancelled') {
    // stopped by the user (Ctrl+C), not the network's doing: say so, and what may have happened
    return e.applied === 'no'
      ? 'Not sent: stopped before it was sent.'
      : 'Stopped before the service answered: it may have recorded the decision. Refresh the list to see.';
  }
  if (e instanceof NetworkError) {
    return e.applied === 'no'
      ? `Not sent: ${e.inPlainWords}. Try again when the service can be reached.`
      : `No answer from the service (${e.inPlainWords}): it may have recorded the decision. Refresh the list to see.`;
  }
  if (e instanceof ServerError) {
    return e.applied === 'no'
      ? 'The service failed on its side; nothing was recorded. Try again later.'
      : 'The service failed on its side: it may have recorded the decision. Refresh the list to see.';
  }
  if (e instanceof Error && e.name === 'InvalidResponseError')
    return 'The service answered something unexpected: refresh the list to see whether it was recorded.';
  return e instanceof Error && e.message ? e.message : 'It could not be decided; try again.';
}
