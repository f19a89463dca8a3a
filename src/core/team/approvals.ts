/**
 * A manager's timesheets (issue 10 points 5 and 6): the team list without the user's own timesheets, partial
 * decisions marked, one decision with "nobody approves their own" checked before anything is sent, and "Approve N"
 * one after another with an outcome per timesheet. Used by ./team.ts's handlers and composed in ../punchcard.ts.
 *
 * Partly approved: a detail always says so from its logs (../../../shared/approval.ts). A list row has no logs, and
 * the service's list status cannot tell (after a partial decision the sandbox lists the timesheet as "rejected" once
 * no log waits, "pending" while some do: src/sandbox/routes/approvals.ts), so a row is marked only when this device
 * has read that timesheet's detail (opened, or decided here) and its status has not changed since (./team-cache.ts).
 * A timesheet decided partly elsewhere shows its service status in the list until it is opened.
 */
import type { OpParsed } from '../../shared/contract';
import { isPartlyApproved } from '../../shared/approval';
import type { DecisionOutcome, Timesheet, TimesheetDetail } from '../../shared/domain';
import type { Clock, Session } from '../context';
import { InvalidInputError, withCallOptions, ACTION_WRITE } from '../service';
import type { TimesheetQuery } from '../service';
import { decisionFailureWords, OWN_TIMESHEET, plainRefusal } from './decision-words';
import { createTeamCache, type TeamCache } from './team-cache';

/** The default window of the team list: the last 8 weeks, long enough to cover a late submission. */
export const TEAM_WINDOW_DAYS = 8 * 7;

export interface Approvals {
  /** Timesheets as listed by the service; with `team`, never the user's own (nobody approves their own). */
  list(q: TimesheetQuery, opts: { team: boolean }): Promise<Timesheet[]>;
  detail(id: string): Promise<TimesheetDetail>;
  decide(input: OpParsed<'decideTimesheet'>): Promise<TimesheetDetail>;
  decideMany(input: OpParsed<'decideTimesheets'>): Promise<DecisionOutcome[]>;
  /** Is this the signed-in user's timesheet? By email when both sides have one, else as the service lists it. */
  isOwn(sheet: Timesheet): Promise<boolean>;
  /** The timesheet is gone (deleted): forget what was known of it. */
  forget(id: string): void;
}

export interface ApprovalsDeps {
  session: Session;
  clock: Clock;
  /** Default: a cache in memory, for this core only. */
  cache?: TeamCache;
}

export function createApprovals(deps: ApprovalsDeps): Approvals {
  const { session } = deps;
  const cache = deps.cache ?? createTeamCache({ session });
  const client = () => session.client();
  /** Timesheet id -> its employee, from every list and detail read: the own check needs no extra read then. */
  const owners = new Map<string, { email?: string; name?: string }>();
  const me = () => session.user().trim().toLowerCase();

  /** true / false when emails tell; undefined when the user is an employee id or the row names no email. */
  const ownByEmail = (email: string | undefined): boolean | undefined =>
    email && me().includes('@') ? email.trim().toLowerCase() === me() : undefined;

  const note = (t: Timesheet) => { owners.set(t.recordId, { email: t.employeeEmail, name: t.employeeName }); };

  /** A detail as the app shows it: partly approved from its logs, and remembered for the list's badge. */
  function seen(t: TimesheetDetail): TimesheetDetail {
    note(t);
    const partly = isPartlyApproved(t.timeLogs);
    cache.markPartly(t.recordId, partly ? t.status : null);
    const { partlyApproved: _ignored, ...rest } = t;
    return partly ? { ...rest, partlyApproved: true } : rest;
  }

  async function isOwn(sheet: Timesheet): Promise<boolean> {
    const byEmail = ownByEmail(sheet.employeeEmail ?? owners.get(sheet.recordId)?.email);
    if (byEmail !== undefined) return byEmail;
    // the user is an employee id, or the answer names nobody: spec 4.1 gettimesheet with `user` lists one's own
    const mine = await client().allTimesheets({ user: session.user(), fromDate: sheet.fromDate, toDate: sheet.toDate, approvalStatus: 'all' });
    return mine.some((s) => s.recordId === sheet.recordId);
  }

  async function decide(input: OpParsed<'decideTimesheet'>): Promise<TimesheetDetail> {
    let name = owners.get(input.id)?.name;
    try {
      // Whose is it? Known from the list most of the time; otherwise (`punch approve <id>`) one read of the detail.
      const known = ownByEmail(owners.get(input.id)?.email);
      if (known === undefined) {
        const before = seen(await client().timesheetDetails(input.id));
        name = before.employeeName;
        if (await isOwn(before)) throw new InvalidInputError(OWN_TIMESHEET);
      } else if (known) {
        throw new InvalidInputError(OWN_TIMESHEET);
      }
      await client().approveTimesheet({
        timesheetId: input.id,
        approvalStatus: input.decision,
        ...(input.allLevels !== undefined ? { isAllLevelApprove: input.allLevels } : {}),
        ...(input.logs && Object.keys(input.logs).length > 0 ? { timeLogs: input.logs } : {}),
        ...(input.comments ? { comments: input.comments } : {}),
      });
    } catch (e) {
      throw plainRefusal(e, name);
    }
    // Re-read: the answer says only "done", and partial or multi-level decisions change more than the one field.
    return seen(await client().timesheetDetails(input.id));
  }

  /** A read of timesheets, with a refusal in plain words. */
  const reading = async <T>(fn: () => Promise<T>, name?: string): Promise<T> => {
    try { return await fn(); } catch (e) { throw plainRefusal(e, name, 'see'); }
  };

  return {
    async list(q, { team }) {
      const rows = await reading(() => client().allTimesheets(q));
      rows.forEach(note);
      let shown = rows;
      if (team) {
        const own = new Set(rows.filter((r) => ownByEmail(r.employeeEmail) === true).map((r) => r.recordId));
        if (rows.some((r) => ownByEmail(r.employeeEmail) === undefined)) {
          const mine = await client().allTimesheets({ ...q, user: session.user() });
          for (const m of mine) own.add(m.recordId);
        }
        shown = rows.filter((r) => !own.has(r.recordId));
      }
      const marks = cache.partlyMarks();
      return shown.map((r) => (marks[r.recordId] === r.status ? { ...r, partlyApproved: true as const } : r));
    },

    detail: async (id) => seen(await reading(() => client().timesheetDetails(id), owners.get(id)?.name)),

    decide,

    async decideMany(input) {
      const outcomes: DecisionOutcome[] = [];
      // One after another: the approve endpoint takes about 20 a minute and the client paces itself by it; each
      // decision has its own deadline (a user's action), so a slow one does not eat the time of the next.
      for (const id of input.ids) {
        try {
          const timesheet = await withCallOptions(ACTION_WRITE, () => decide({
            id, decision: input.decision,
            ...(input.comments !== undefined ? { comments: input.comments } : {}),
            ...(input.allLevels !== undefined ? { allLevels: input.allLevels } : {}),
          }));
          outcomes.push({ id, ok: true, timesheet });
        } catch (e) {
          outcomes.push({ id, ok: false, reason: decisionFailureWords(e), error: e instanceof Error ? e.name : 'Error' });
        }
      }
      return outcomes;
    },

    isOwn,

    forget(id) {
      owners.delete(id);
      cache.markPartly(id, null);
    },
  };
}
