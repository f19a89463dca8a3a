/** What a manager and HR see: the user's roles, and how the decisions on several timesheets ended. */
import type { Said } from '../i18n/said';
import type { Timesheet } from './service';

/**
 * What the signed-in user may do, as the service lets them (it has no "who am I" operation): found out by the core
 * with two cheap reads and kept 12 hours per account (src/core/team/roles.ts). `known: false` when it could not
 * be found out yet (offline at first start, not signed in): both are false then, and the Team and HR tabs stay hidden.
 */
export interface Roles {
  /** Has timesheets of others to approve: the Team tab. */
  approver: boolean;
  /** May run the payroll report over everyone they may see: the HR tab (payroll and employee records). */
  hr: boolean;
  /** When the service last answered the probes (epoch ms); absent when never. */
  checkedAt?: number;
  known: boolean;
}

/**
 * How one timesheet of an "Approve N" ended: decided (with the timesheet as the service now lists it: whose, its
 * period, its status after the decision), or why not, in plain words.
 */
export type DecisionOutcome =
  | { id: string; ok: true; timesheet: Timesheet }
  /** `reasonSaid`: `reason` as a code and values (src/shared/i18n/said.ts), worded by each shell. */
  | { id: string; ok: false; reason: string; reasonSaid?: Said; error: string };

/** How long deciding several timesheets at once takes (the service paces decisions), said before it starts. */
export interface DecisionEstimate {
  ms: number;
  /** "This takes about 2 minutes: the service takes about 20 decisions a minute." */
  words: string;
  /** `words` as a code and values, worded by each shell. */
  said?: Said;
}
