/**
 * How long "Approve N" takes, said before it starts, in the app and by `punch approve <id>...`.
 * The approve endpoint takes about 20 calls a minute (real-service-notes "Rate limits"; past that it locks out for 5
 * minutes), and the client paces itself by it, through one budget shared by every process of the account
 * (../service/pacing/limiter.ts): 25 decisions cannot all go within a minute, and the manager should know so before pressing.
 */
import type { DecisionEstimate, RateRule } from '../../shared/domain';

export type { DecisionEstimate };
import type { ServiceClient } from '../service';

export const APPROVE_ENDPOINT = 'timetracker/approvetimesheet';

/** What one decision takes besides pacing (its answer), on a real service and on the local sandbox (not paced). */
const PER_DECISION_MS = 700;
const PER_DECISION_LOCAL_MS = 100;
/** The read of how they all stand, after the last one. */
const AFTER_MS = 700;

/** "a few seconds", "about 40 seconds", "about 2 minutes". */
export function durationWords(ms: number): string {
  if (ms < 10_000) return 'a few seconds';
  if (ms < 60_000) return `about ${Math.ceil(ms / 10_000) * 10} seconds`;
  const minutes = Math.ceil(ms / 60_000);
  return `about ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** "about 20 decisions a minute", "about 5 decisions every 2 seconds". */
function rateWords(rule: RateRule): string {
  const per = (n: number, unit: string) => (n === 1 ? `a ${unit}` : `every ${n} ${unit}s`);
  const window =
    rule.windowMs % 60_000 === 0 ? per(rule.windowMs / 60_000, 'minute') : per(Math.max(1, Math.round(rule.windowMs / 1000)), 'second');
  return `about ${rule.limit} decision${rule.limit === 1 ? '' : 's'} ${window}`;
}

export function estimateDecisions(client: Pick<ServiceClient, 'paceEstimate'>, count: number): DecisionEstimate {
  const pace = client.paceEstimate?.(APPROVE_ENDPOINT, count);
  const paced = pace !== undefined && Number.isFinite(pace.rule.limit);
  const ms = (pace?.waitMs ?? 0) + count * (paced ? PER_DECISION_MS : PER_DECISION_LOCAL_MS) + (paced ? AFTER_MS : 0);
  const why = paced && pace.waitMs > 0 ? `: the service takes ${rateWords(pace.rule)}` : '';
  return { ms, words: `This takes ${durationWords(ms)}${why}.` };
}
