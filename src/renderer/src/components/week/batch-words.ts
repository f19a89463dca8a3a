/**
 * The words of several logs at once in the app (copy a week, duplicate a day): each log's verdict or what became of
 * it, and the counts. The verdicts are the core's codes (src/core/log-batch.ts); a refusal is the rules' own words.
 */
import type { BatchItem } from '../../../../shared/domain';
import { batchCounts, batchOutcome } from '../../../../shared/batch/outcome';
import { defineMessages, type Wording } from '../../../../shared/i18n/messages';
import { violationText } from '../../i18n/said-words';

export const BATCH_WORDS = defineMessages({
  verdict: {
    id: 'week.batch.verdict',
    defaultMessage:
      '{verdict, select, log {Will be logged} synced {Logged and synced} queued {Logged, waits in the outbox} needsAttention {Refused by the service: see the outbox} alreadyCopied {Already copied here before: skipped} alreadyThere {Already there (same job, hours and description): skipped} other {Skipped}}',
    description: 'What becomes (or became) of one log of several, beside it in a list.',
  },
  summary: {
    id: 'week.batch.summary',
    defaultMessage:
      '{made, plural, =0 {Nothing to log} one {# log to log} other {# logs to log}}{refused, plural, =0 {} other {, # skipped for a rule}}{already, plural, =0 {} other {, # already there}}.',
    description: 'Above a preview of several logs: how many pass the rules, how many do not, how many are there already.',
  },
  done: {
    id: 'week.batch.done',
    defaultMessage:
      '{made, plural, =0 {Nothing was logged} one {Logged # log} other {Logged # logs}}{refused, plural, =0 {} other {; # skipped for a rule}}{already, plural, =0 {} other {; # already there}}.',
  },
  offline: {
    id: 'week.batch.offline',
    defaultMessage:
      'The service cannot be reached: checked against the weeks as last read on this computer. The logs wait in the outbox and are checked again when they are sent.',
  },
});

/** What becomes of a log (a preview) or became of it (after logging), in words: a refusal says the rule's words. */
export function itemWords(w: Wording, i: BatchItem): string {
  if (i.verdict === 'refused') return (i.violations ?? []).map((v) => violationText(w, v)).join(' ');
  return w.say(BATCH_WORDS.verdict, { verdict: batchOutcome(i) });
}

/** The counts the summary and the buttons say (src/shared/batch/outcome.ts). */
export const counts = batchCounts;
