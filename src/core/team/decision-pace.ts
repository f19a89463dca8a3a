/**
 * How long "Approve N" takes, said before it starts, in the app and by `punch approve <id>...`.
 * The approve endpoint takes about 20 calls a minute (real-service-notes "Rate limits"; past that it locks out for 5
 * minutes), and the client paces itself by it, through one budget shared by every process of the account
 * (../service/pacing/limiter.ts): 25 decisions cannot all go within a minute, and the manager should know so before pressing.
 */
import { saidOf } from '../../shared/i18n/said';
import { teamWords } from './team-words';
import type { DecisionEstimate } from '../../shared/domain';

export type { DecisionEstimate };
import type { ServiceClient } from '../service';

export const APPROVE_ENDPOINT = 'timetracker/approvetimesheet';

/** What one decision takes besides pacing (its answer), on a real service and on the local sandbox (not paced). */
const PER_DECISION_MS = 700;
const PER_DECISION_LOCAL_MS = 100;
/** The read of how they all stand, after the last one. */
const AFTER_MS = 700;

export function estimateDecisions(client: Pick<ServiceClient, 'paceEstimate'>, count: number): DecisionEstimate {
  const pace = client.paceEstimate?.(APPROVE_ENDPOINT, count);
  const paced = pace !== undefined && Number.isFinite(pace.rule.limit);
  const ms = (pace?.waitMs ?? 0) + count * (paced ? PER_DECISION_MS : PER_DECISION_LOCAL_MS) + (paced ? AFTER_MS : 0);
  const words = teamWords.estimate(ms, paced && pace.waitMs > 0 ? pace.rule : undefined);
  return { ms, words: words.message, said: saidOf(words) };
}
