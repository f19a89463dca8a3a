/**
 * What the signed-in user may do (the Team tab for those with timesheets to approve, the HR tab for
 * those with payroll and records access). The service has no "who am I" operation, so two cheap reads find out:
 *
 * - approver: the team list (spec 4.1 gettimesheet, user=all, every status, over the team window of 8 weeks) holds a
 *   timesheet of someone other than the user. The service answers user=all with everyone's for an HR admin, the
 *   team's for a manager and only one's own for anyone else; a permission refusal (9000) means no. A manager whose
 *   team has no timesheet in the window has nothing to approve, and sees no Team tab until one has. Reads the first
 *   page only (it stops at the first timesheet of someone else).
 * - hr: the payroll report over everyone (spec 4.3 getpayrollreport, user=all, over today alone) is answered. A
 *   permission refusal (9000) means no; "no records" (7024) or "pay period already processed" (9009) mean the
 *   question was allowed. In the sandbox a manager who is not an HR admin (Daniel Okafor) gets his own team's payroll
 *   for user=all, so he sees the HR tab too, with his team's payroll; adding or changing an employee record is then
 *   refused by the service, in plain words, when he tries.
 *
 * The answer is kept 12 hours per account (./team-cache.ts), checked again after a sign-in (the cache starts afresh
 * for the new account) and when the user asks (`refresh`). The service has daily call caps and rate limits, so an
 * app start with a recent answer asks nothing. When the service cannot be reached the last answer stands; with none,
 * the answer is `known: false` (both tabs hidden) and nothing is raised: the probes run again on the next ask, no
 * sooner than a minute after a failure.
 */
import { createDays, type Days } from '../../shared/time/zone';
import type { Handlers } from '../../shared/contract';
import type { Roles } from '../../shared/domain';
import { addDays } from '../../shared/time/week';
import type { Clock, Session } from '../context';
import { AuthError, ServiceError, narrowCall, type CallOptions } from '../service';
import { TEAM_WINDOW_DAYS } from './approvals';
import type { KnownRoles, TeamCache } from './team-cache';

export const ROLES_FRESH_MS = 12 * 60 * 60_000;
/** After probes that could not finish: this long before the next try, even when asked (the network has not changed yet). */
const QUIET_AFTER_FAILURE_MS = 60_000;
/** Both probes together: part of opening the app, so short, and no retries (the next ask tries again). */
const ROLES_READ: Readonly<CallOptions> = Object.freeze({ withinMs: 8_000, readRetries: 0 });
/** The first page is enough: the probe stops at the first timesheet of someone else. */
const PROBE_PAGE = 50;

const PERMISSION_DENIED = 9000;
const NO_RECORDS = 7024;
const PERIOD_PROCESSED = 9009;

/** The service refused the question for this account (not a failure of the sign-in, which is 7202). */
const refused = (e: unknown) => (e instanceof AuthError || e instanceof ServiceError) && e.code === PERMISSION_DENIED;

export interface RolesDeps {
  session: Session;
  clock: Clock;
  cache: TeamCache;
  /** The user's days (the zone they chose); default: this process's. */
  days?: Days;
}

const UNKNOWN: Roles = Object.freeze({ approver: false, hr: false, known: false }) as Roles;
const asRoles = (r: KnownRoles): Roles => ({ approver: r.approver, hr: r.hr, checkedAt: r.checkedAt, known: true });

export function createRoles(deps: RolesDeps): Pick<Handlers, 'getRoles'> {
  const { session, clock, cache } = deps;
  const days = deps.days ?? createDays(clock);
  /** One probe at a time per account: concurrent asks share it. */
  let inFlight: { gen: number; answer: Promise<Roles> } | undefined;
  let quietUntil = 0;
  let quietGeneration = -1;

  async function isApprover(today: string, call: CallOptions): Promise<boolean> {
    const me = session.user().trim().toLowerCase();
    const unsure: string[] = [];
    const query = { user: 'all', fromDate: addDays(today, -TEAM_WINDOW_DAYS), toDate: today, approvalStatus: 'all' as const };
    try {
      for await (const t of session.client().timesheets(query, { limit: PROBE_PAGE }, call)) {
        const email = t.employeeEmail?.trim().toLowerCase();
        if (email && me.includes('@')) {
          if (email !== me) return true;
        } else {
          unsure.push(t.recordId);
        }
        if (unsure.length >= PROBE_PAGE) break;
      }
    } catch (e) {
      if (refused(e)) return false;
      throw e;
    }
    if (unsure.length === 0) return false;
    // The user is an employee id, or the rows name nobody: the user's own timesheets tell which rows are theirs.
    const mine = new Set((await session.client().allTimesheets({ ...query, user: session.user() }, call)).map((t) => t.recordId));
    return unsure.some((id) => !mine.has(id));
  }

  async function isHr(today: string, call: CallOptions): Promise<boolean> {
    try {
      await session.client().payrollReport({ user: 'all', fromDate: today, toDate: today }, call);
      return true;
    } catch (e) {
      if (refused(e)) return false;
      if (e instanceof ServiceError && (e.code === NO_RECORDS || e.code === PERIOD_PROCESSED)) return true;
      throw e;
    }
  }

  async function probe(): Promise<Roles> {
    const gen = cache.generation();
    const today = days.today();
    try {
      // one deadline for both questions and all their pages
      const call = narrowCall(clock, ROLES_READ);
      const [approver, hr] = await Promise.all([isApprover(today, call), isHr(today, call)]);
      const known: KnownRoles = { approver, hr, checkedAt: clock.now() };
      if (gen === cache.generation()) cache.setRoles(known);
      return asRoles(known);
    } catch {
      // Offline, rate limited, the sign-in refused, not signed in: nothing alarming to say here (the status says
      // what the connection does); the last answer stands, or none.
      quietUntil = clock.now() + QUIET_AFTER_FAILURE_MS;
      quietGeneration = gen;
      const last = gen === cache.generation() ? cache.roles() : undefined;
      return last ? asRoles(last) : UNKNOWN;
    }
  }

  return {
    async getRoles({ refresh }) {
      const kept = cache.roles();
      const now = clock.now();
      if (kept && !refresh && now - kept.checkedAt < ROLES_FRESH_MS && now >= kept.checkedAt) return asRoles(kept);
      if (quietGeneration === cache.generation() && now < quietUntil) return kept ? asRoles(kept) : UNKNOWN;
      const gen = cache.generation();
      if (inFlight?.gen !== gen) {
        const answer: Promise<Roles> = probe().finally(() => {
          if (inFlight?.answer === answer) inFlight = undefined;
        });
        inFlight = { gen, answer };
      }
      return inFlight.answer;
    },
  };
}
