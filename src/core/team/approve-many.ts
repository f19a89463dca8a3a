/**
 * "Approve N" (or reject): one decision after another, each waiting for room in the approve endpoint's minute and then
 * with its own deadline (a user's action), so a slow one does not eat the time of the next; then one read of the
 * pending list for all of them, and an outcome per timesheet. Whose each is and the decision itself are
 * ./approvals.ts's (handed in as `ManyDeps`).
 */
import type { OpParsed } from '../../shared/contract';
import type { DecisionOutcome, Timesheet, TimesheetDetail } from '../../shared/domain';
import { saidOf } from '../../shared/i18n/said';
import type { Clock } from '../context';
import { narrowCall, ACTION_WRITE, type CallOptions, type ServiceClient, type TimesheetQuery } from '../service';
import { APPROVE_ENDPOINT } from './decision-pace';
import { decisionFailureWords } from './decision-words';
import type { TeamCache } from './team-cache';

/** A list row's fields of a detail (what the list shows and an outcome carries). */
export const rowOf = ({ timeLogs: _logs, undatedLogs: _undated, ...row }: TimesheetDetail): Timesheet => row;

/** What a batch uses of ./approvals.ts: the rows seen, whose they are, the list, one decision, a detail shown. */
export interface ManyDeps {
  clock: Clock;
  cache: TeamCache;
  client: () => ServiceClient;
  /** Timesheet id -> the row last seen (list or detail) in this process. */
  rows: Map<string, Timesheet>;
  ownOf(id: string): boolean | undefined;
  nameOf(id: string): string | undefined;
  learnOwn(q: Omit<TimesheetQuery, 'user'>, ids: string[], call?: CallOptions): Promise<void>;
  teamWindow(): { fromDate: string; toDate: string; approvalStatus: 'all' };
  list(q: TimesheetQuery, opts: { team: boolean }): Promise<Timesheet[]>;
  send(input: OpParsed<'decideTimesheet'>, call?: CallOptions): Promise<void>;
  shown(t: TimesheetDetail, call?: CallOptions): Promise<TimesheetDetail>;
}

export function manyDecisions(deps: ManyDeps): (input: OpParsed<'decideTimesheets'>, caller?: CallOptions) => Promise<DecisionOutcome[]> {
  const { clock, cache, client, rows, ownOf, nameOf, learnOwn, teamWindow, list, send, shown } = deps;

  /** Which of `ids` still wait for approval after a batch: one read of the pending list over their periods. */
  async function stillPending(ids: string[]): Promise<Set<string> | undefined> {
    const known = ids.map((id) => rows.get(id)).filter((t): t is Timesheet => !!t);
    const window =
      known.length === ids.length && known.length > 0
        ? {
            fromDate: known.map((t) => t.fromDate).sort()[0],
            toDate: known
              .map((t) => t.toDate)
              .sort()
              .at(-1)!,
          }
        : { fromDate: teamWindow().fromDate, toDate: teamWindow().toDate };
    try {
      return new Set((await client().allTimesheets({ user: 'all', ...window, approvalStatus: 'pending' })).map((t) => t.recordId));
    } catch {
      return undefined;
    }
  }

  /** Waits until the approve endpoint has room, so each decision's own deadline starts when it can be sent. */
  async function roomForOne(signal?: AbortSignal): Promise<void> {
    for (let i = 0; i < 60 && !signal?.aborted; i++) {
      const wait = client().paceEstimate?.(APPROVE_ENDPOINT, 1).waitMs ?? 0;
      if (wait <= 0) return;
      await clock.sleep(Math.min(wait, 5_000), signal);
    }
  }

  async function decideMany(input: OpParsed<'decideTimesheets'>, caller?: CallOptions): Promise<DecisionOutcome[]> {
    const { ids } = input;
    // Whose each one is and its period: from what the list showed; else one read of the team's pending list (and of
    // one's own when its rows name nobody), then of one's own for any still not known.
    try {
      if (ids.some((id) => !rows.has(id))) await list({ user: 'all', ...teamWindow(), approvalStatus: 'pending' }, { team: true });
      const unsure = ids.filter((id) => ownOf(id) === undefined);
      if (unsure.length) await learnOwn(teamWindow(), unsure);
    } catch {
      /* each decision below finds out for itself, and says why it could not */
    }
    const failed = new Map<string, DecisionOutcome>();
    const decided: string[] = [];
    // One after another, each waiting for room in the approve endpoint's minute, then with its own deadline (a user's
    // action), so a slow one does not eat the time of the next.
    for (const id of ids) {
      try {
        await roomForOne(caller?.signal);
        // a stopped batch (Ctrl+C): this and every later decision fail at once, "nothing was sent"
        await send(
          {
            id,
            decision: input.decision,
            ...(input.comments !== undefined ? { comments: input.comments } : {}),
            ...(input.allLevels !== undefined ? { allLevels: input.allLevels } : {}),
          },
          narrowCall(clock, ACTION_WRITE, caller),
        );
        decided.push(id);
      } catch (e) {
        const why = decisionFailureWords(e, nameOf(id));
        failed.set(id, {
          id,
          ok: false,
          reason: typeof why === 'string' ? why : why.message,
          ...(typeof why === 'string' ? {} : { reasonSaid: saidOf(why) }),
          error: e instanceof Error ? e.name : 'Error',
        });
      }
    }
    // How each now stands: one read for all (a multi-level one still waits for the next approver).
    const pending = decided.length ? await stillPending(decided) : undefined;
    const outcomes: DecisionOutcome[] = [];
    for (const id of ids) {
      const no = failed.get(id);
      if (no) {
        outcomes.push(no);
        continue;
      }
      const row = rows.get(id);
      cache.markPartly(id, null);
      if (row) {
        const { partlyApproved: _p, ...whole } = row;
        outcomes.push({ id, ok: true, timesheet: { ...whole, status: pending?.has(id) ? 'pending' : input.decision } });
        continue;
      }
      try {
        outcomes.push({ id, ok: true, timesheet: rowOf(await shown(await client().timesheetDetails(id))) });
      } catch {
        outcomes.push({
          id,
          ok: true,
          timesheet: {
            recordId: id,
            timesheetName: '',
            status: input.decision,
            totalHours: '',
            billableHours: '',
            fromDate: '',
            toDate: '',
          },
        });
      }
    }
    return outcomes;
  }

  return decideMany;
}
