/**
 * What the core said, in the user's words: a rule's violation or an error carries a code and values (`said`) beside
 * its English `message`; the catalog words the code, the English stays the fallback (src/shared/i18n/said.ts).
 */
import type { RuleViolation } from '../../../shared/domain';
import type { Wording } from '../../../shared/i18n/messages';
import { sayIt } from '../../../shared/i18n/said';
import type { UserError } from '../store/errors';

export function violationText(w: Wording, v: RuleViolation | undefined): string | undefined {
  return v ? sayIt(w, v.said, v.message) : undefined;
}

/**
 * An error's message in the user's words: its own code when it has one; a refusal made of violations (the log gate
 * joins their English) as their words joined; otherwise the core's English, not converted yet.
 */
export function errorText(w: Wording, e: UserError): string {
  if (e.said) return sayIt(w, e.said, e.message);
  const v = e.violations;
  if (v.length && v.every((x) => x.said) && e.message === v.map((x) => x.message).join(' '))
    return v.map((x) => sayIt(w, x.said, x.message)).join(' ');
  return e.message;
}
