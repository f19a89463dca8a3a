/**
 * What became of each log of several made at once (copy a week, a day duplicated, `punch log --days`), from the core's
 * verdict and state (src/core/log-batch.ts), as punch's table and the app's list both say it: one key per outcome
 * for their words, and the counts above or below them.
 */
import type { BatchItem } from '../domain';

/** A log that passed: to log (a preview), or what became of it; or one skipped as made before. */
export type BatchOutcome = 'log' | 'synced' | 'queued' | 'needsAttention' | 'alreadyCopied' | 'alreadyThere';

/** The outcome of a log that was not refused (a refusal is said in the rule's own words). */
export function batchOutcome(i: BatchItem): BatchOutcome {
  if (i.verdict === 'already-copied') return 'alreadyCopied';
  if (i.verdict === 'already-there') return 'alreadyThere';
  if (i.state === 'needs-attention') return 'needsAttention';
  return i.state ?? 'log';
}

/** How many pass the rules (to log, or logged), how many a rule skipped, how many were there already. */
export function batchCounts(items: readonly BatchItem[]): { made: number; refused: number; already: number } {
  return {
    made: items.filter((i) => i.verdict === 'log').length,
    refused: items.filter((i) => i.verdict === 'refused').length,
    already: items.filter((i) => i.verdict === 'already-copied' || i.verdict === 'already-there').length,
  };
}
