/**
 * Errors as the user sees them. The bridge rethrows the core's error as an Error carrying the BridgeError fields
 * (`name`, `message`, `code`, `violations`); the core already wrote `message` for people, so it is shown as is.
 */
import type { RuleViolation } from '../../../shared/domain';
import { defineMessages } from '../../../shared/i18n/messages';
import { isSaid, type Said } from '../../../shared/i18n/said';

const M = defineMessages({
  unexpected: {
    id: 'app.unexpected-error',
    defaultMessage: 'Something went wrong that Punchcard did not expect. Try again; if it keeps happening, restart the app.',
    description: 'An error that came with no words of its own.',
  },
});

export interface UserError {
  message: string;
  /** The class name of the core's error (`NetworkError`, `AuthError`, `InvalidInputError` ...), for styling and hints. */
  kind: string;
  violations: RuleViolation[];
  /** What the core said as a code and values, when it did (src/shared/i18n/said.ts); `message` is its English. */
  said?: Said;
}

export function toUserError(e: unknown): UserError {
  if (e && typeof e === 'object') {
    const o = e as { name?: unknown; message?: unknown; violations?: unknown; said?: unknown };
    const kind = typeof o.name === 'string' ? o.name : 'Error';
    const violations = Array.isArray(o.violations) ? (o.violations as RuleViolation[]) : [];
    // No guessing from the words of a message: a fetch that never reached the local core (web mode) is named where it
    // fails, by the bridge (`AppUnavailableError`, with what to do), like every other failure.
    if (typeof o.message === 'string' && o.message.trim())
      return { kind, violations, message: o.message, ...(isSaid(o.said) ? { said: o.said } : {}) };
  }
  if (typeof e === 'string' && e.trim()) return { kind: 'Error', violations: [], message: e };
  return { kind: 'Error', violations: [], message: M.unexpected.defaultMessage, said: { code: M.unexpected.id, values: {} } };
}

/** The first violation for a field, for an inline message next to that field. */
export function violationFor(violations: RuleViolation[], field: RuleViolation['field']): RuleViolation | undefined {
  return violations.find((v) => v.field === field);
}
