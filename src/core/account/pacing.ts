/**
 * How a service account's requests are paced, as the front ends pass it in (the core never reads process.env).
 * By default: the real service's limits (service/pacing/policy.ts DEFAULT_POLICY) and one budget per account shared by every
 * process on the data directory (./rate-budget.ts).
 *
 * Two environment variables, read by `punch`, `npm run web` and the app, for tests, benchmarks and a deployment whose
 * limits differ:
 *   PUNCH_RATE_LIMIT=20/6s   pace every timetracker endpoint at 20 requests per 6 s (also `20/1m`, `5/2000ms`)
 *   PUNCH_RATE_BUDGET=off    each process paces alone, in memory (as before the shared budget; for comparisons)
 */
import { saidError } from '../service';
import { accountWords } from './account-words';
import type { ClientPolicy, RateRule } from '../service';

export interface PacingOptions {
  /** Overrides of the service account's pacing policy (DEFAULT_POLICY otherwise). */
  policy?: Partial<ClientPolicy>;
  /** false: every client paces alone in memory. Default true: the account's budget file in the data directory. */
  sharedBudget?: boolean;
}

const UNITS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, min: 60_000 };

/** "20/6s" -> 20 requests per 6,000 ms. Throws on anything else, naming the variable. */
export function parseRateRule(text: string, name = 'PUNCH_RATE_LIMIT'): RateRule {
  const m = /^\s*(\d+)\s*\/\s*(\d+(?:\.\d+)?)\s*(ms|s|m|min)?\s*$/.exec(text);
  const limit = m ? Number(m[1]) : Number.NaN;
  const windowMs = m ? Number(m[2]) * UNITS[m[3] ?? 's'] : Number.NaN;
  if (!(limit >= 1) || !(windowMs >= 1)) {
    throw saidError(accountWords.badRate(name, text));
  }
  return { limit, windowMs: Math.round(windowMs) };
}

export function pacingFromEnvironment(env: Record<string, string | undefined>): PacingOptions | undefined {
  const rate = env.PUNCH_RATE_LIMIT?.trim();
  const budget = env.PUNCH_RATE_BUDGET?.trim().toLowerCase();
  if (budget && !['off', 'shared', 'on'].includes(budget)) {
    throw saidError(accountWords.badBudget('PUNCH_RATE_BUDGET', env.PUNCH_RATE_BUDGET ?? ''));
  }
  if (!rate && !budget) return undefined;
  return {
    ...(rate ? { policy: { timetrackerRate: parseRateRule(rate) } } : {}),
    ...(budget ? { sharedBudget: budget !== 'off' } : {}),
  };
}
