/**
 * Errors as the user sees them. The bridge rethrows the core's error as an Error carrying the BridgeError fields
 * (`name`, `message`, `code`, `violations`); the core already wrote `message` for people, so it is shown as is.
 */
import type { RuleViolation } from '../../../shared/domain';

export interface UserError {
  message: string;
  /** The class name of the core's error (`NetworkError`, `AuthError`, `InvalidInputError` ...), for styling and hints. */
  kind: string;
  violations: RuleViolation[];
}

export function toUserError(e: unknown): UserError {
  if (e && typeof e === 'object') {
    const o = e as { name?: unknown; message?: unknown; violations?: unknown };
    const kind = typeof o.name === 'string' ? o.name : 'Error';
    const violations = Array.isArray(o.violations) ? (o.violations as RuleViolation[]) : [];
    // A fetch that never reached the local core (web mode) surfaces as a bare TypeError: say what to do instead.
    if (kind === 'TypeError' && typeof o.message === 'string' && /fetch|network/i.test(o.message)) {
      return {
        kind: 'BridgeUnavailable', violations,
        message: "Punchcard's background service did not answer. Check that it is still running, then reload this window.",
      };
    }
    if (typeof o.message === 'string' && o.message.trim()) return { kind, violations, message: o.message };
  }
  if (typeof e === 'string' && e.trim()) return { kind: 'Error', violations: [], message: e };
  return { kind: 'Error', violations: [], message: 'Something went wrong that Punchcard did not expect. Try again; if it keeps happening, restart the app.' };
}

/** The first violation for a field, for an inline message next to that field. */
export function violationFor(violations: RuleViolation[], field: RuleViolation['field']): RuleViolation | undefined {
  return violations.find((v) => v.field === field);
}
