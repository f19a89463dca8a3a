/**
 * A manager's timesheets: the team list without the user's own timesheets, partial
 * decisions marked, one decision with "nobody approves their own" checked before anything is sent, and "Approve N"
 * one after another with an outcome per timesheet. Used by ./team.ts's handlers and composed in ../root/punchcard.ts.
 *
 * Within the call budget (about 20 calls a minute per endpoint, about 250 a day): what the list and an open
 * detail already hold is not read again. Whose a timesheet is never changes, so it is learnt once (from a list row's
 * email, or one read of the user's own timesheets) and kept per account (./team-cache.ts): a decision then costs the
 * decision and one read of the timesheet as the service now holds it; "Approve N" costs N decisions and one read of
 * the pending list for all of them, paced within the endpoint's minute (./approve-many.ts; ./decision-pace.ts says how
 * long first).
 *
 * Whose it is, by name (never "Someone", never "not named" when the service names them anywhere): ./whose.ts, from
 * the row, what was learnt of it before, its detail (read once for a row that names nobody, and held a moment for the
 * user opening it), the directory on disk, or one read of that person (./people.ts).
 *
 * Partly approved: a detail always says so from its logs (../../shared/team/approval.ts). A list row has no logs, and
 * the service's list status cannot tell (after a partial decision the sandbox lists the timesheet as "rejected" once
 * no log waits, "pending" while some do: src/sandbox/routes/approvals.ts), so a row is marked only when this device
 * has read that timesheet's detail (opened, or decided here) and its status has not changed since (./team-cache.ts).
 * A timesheet decided partly elsewhere shows its service status in the list until it is opened.
 */
import { createDays, type Days } from '../../shared/time/zone';
import type { OpParsed } from '../../shared/contract';
import { isPartlyApproved } from '../../shared/team/approval';
import type { DecisionOutcome, Timesheet, TimesheetDetail } from '../../shared/domain';
import { addDays } from '../../shared/time/week';
import type { Clock, Session } from '../context';
import { InvalidInputError, type CallOptions } from '../service';
import type { TimesheetQuery } from '../service';
import { estimateDecisions, type DecisionEstimate } from './decision-pace';
import { OWN_TIMESHEET, plainRefusal } from './decision-words';
import { manyDecisions, rowOf } from './approve-many';
import { createPeople, type People } from './people';
import { createTeamCache, type SheetOwner, type TeamCache } from './team-cache';
import { createSheetNames } from './whose';

/** The default window of the team list: the last 8 weeks, long enough to cover a late submission. */
export const TEAM_WINDOW_DAYS = 8 * 7;
/** A detail read to name a row is shown without reading it again when the user opens it this soon after. */
const NAMED_DETAIL_HELD_MS = 2 * 60_000;

export interface Approvals {
  /** Timesheets as listed by the service; with `team`, never the user's own (nobody approves their own). */
  list(q: TimesheetQuery, opts: { team: boolean }): Promise<Timesheet[]>;
  detail(id: string): Promise<TimesheetDetail>;
  /** `call`: the user action's limits (ACTION_WRITE) and the caller's signal, for every request of the decision. */
  decide(input: OpParsed<'decideTimesheet'>, call?: CallOptions): Promise<TimesheetDetail>;
  /** `call`: the caller's signal (each decision gets its own ACTION_WRITE deadline); aborted, the rest are not sent. */
  decideMany(input: OpParsed<'decideTimesheets'>, call?: CallOptions): Promise<DecisionOutcome[]>;
  /** How long deciding `count` timesheets at once will take, said before it starts. Sends nothing. */
  estimate(count: number): DecisionEstimate;
  /** Is this the signed-in user's timesheet? By email when both sides have one, else as the service lists it. */
  isOwn(sheet: Timesheet, call?: CallOptions): Promise<boolean>;
  /** The timesheet is gone (deleted): forget what was known of it. */
  forget(id: string): void;
}

export interface ApprovalsDeps {
  session: Session;
  /** Also the timers the wait for room in the approve endpoint's window between decisions of a batch runs on. */
  clock: Clock;
  /** Default: a cache in memory, for this core only. */
  cache?: TeamCache;
  /** Who people are by name (./people.ts); default: from what the service and this cache say, without the directory. */
  people?: People;
  /** The user's days (the zone they chose); default: this process's. */
  days?: Days;
}

export function createApprovals(deps: ApprovalsDeps): Approvals {
  const { session, clock } = deps;
  const cache = deps.cache ?? createTeamCache({ session });
  const names = createSheetNames({ people: deps.people ?? createPeople({ session, clock, cache }), cache });
  const client = () => session.client();
  /** Timesheet id -> the row last seen (list or detail) in this process: its period and name for an outcome. */
  const rows = new Map<string, Timesheet>();
  /** Details read to name a row, held a moment for the user who opens that timesheet next. */
  const named = new Map<string, { detail: TimesheetDetail; at: number }>();
  const me = () => session.user().trim().toLowerCase();
  const days = deps.days ?? createDays(clock);
  const today = () => days.today();

  /** true / false when emails tell; undefined when the user is an employee id or the row names no email. */
  const ownByEmail = (email: string | undefined): boolean | undefined =>
    email && me().includes('@') ? email.trim().toLowerCase() === me() : undefined;
  const ownOf = (id: string): boolean | undefined => cache.whose(id)?.own ?? ownByEmail(rows.get(id)?.employeeEmail);
  const nameOf = (id: string): string | undefined => rows.get(id)?.employeeName ?? cache.whose(id)?.name;

  /** Rows (or details) as the service gave them: kept for this process, whose they are kept per account. */
  function remember(seen: Timesheet[]): void {
    const found: Array<[string, SheetOwner]> = [];
    for (const t of seen) {
      const row = 'timeLogs' in t ? rowOf(t as TimesheetDetail) : t;
      // a row that names nobody does not erase the name a detail gave
      rows.set(t.recordId, {
        ...row,
        ...(row.employeeName ? {} : cache.whose(t.recordId)?.name ? { employeeName: cache.whose(t.recordId)!.name } : {}),
      });
      const own = ownByEmail(t.employeeEmail);
      const whose = names.owner(t);
      if (own !== undefined || Object.keys(whose).length > 0) found.push([t.recordId, { ...(own !== undefined ? { own } : {}), ...whose }]);
    }
    cache.noteWhose(found);
  }

  /** A detail as the app shows it: partly approved from its logs, and remembered for the list's badge. */
  function seen(t: TimesheetDetail): TimesheetDetail {
    remember([t]);
    const partly = isPartlyApproved([...t.timeLogs, ...(t.undatedLogs ?? [])]);
    cache.markPartly(t.recordId, partly ? t.status : null);
    const { partlyApproved: _ignored, ...rest } = t;
    return partly ? { ...rest, partlyApproved: true } : rest;
  }

  /**
   * One read of the user's own timesheets (spec 4.1 gettimesheet with `user`) over `q`'s window: each of `ids` is the
   * user's own exactly when it is in it (the same window and status), and that is kept.
   */
  async function learnOwn(q: Omit<TimesheetQuery, 'user'>, ids: string[], call?: CallOptions): Promise<void> {
    const mine = new Set((await client().allTimesheets({ ...q, user: session.user() }, call)).map((t) => t.recordId));
    cache.noteWhose([
      ...[...mine].map((id) => [id, { own: true }] as const),
      ...ids.filter((id) => !mine.has(id)).map((id) => [id, { own: false }] as const),
    ]);
  }

  /** The team window up to today, every status: where a timesheet to decide is looked for. */
  const teamWindow = () => ({ fromDate: addDays(today(), -TEAM_WINDOW_DAYS), toDate: today(), approvalStatus: 'all' as const });

  async function isOwn(sheet: Timesheet, call?: CallOptions): Promise<boolean> {
    const known = ownByEmail(sheet.employeeEmail) ?? ownOf(sheet.recordId);
    if (known !== undefined) return known;
    await learnOwn({ fromDate: sheet.fromDate, toDate: sheet.toDate, approvalStatus: 'all' }, [sheet.recordId], call);
    return cache.whose(sheet.recordId)?.own === true;
  }

  /** Sends one decision after "nobody approves their own" (known from the list, the cache, or one read of one's own). */
  async function send(input: OpParsed<'decideTimesheet'>, call?: CallOptions): Promise<void> {
    try {
      if (ownOf(input.id) === undefined) await learnOwn(teamWindow(), [input.id], call);
      if (ownOf(input.id)) throw new InvalidInputError(OWN_TIMESHEET);
      await client().approveTimesheet(
        {
          timesheetId: input.id,
          approvalStatus: input.decision,
          ...(input.allLevels !== undefined ? { isAllLevelApprove: input.allLevels } : {}),
          ...(input.logs && Object.keys(input.logs).length > 0 ? { timeLogs: input.logs } : {}),
          ...(input.comments ? { comments: input.comments } : {}),
        },
        call,
      );
    } catch (e) {
      throw plainRefusal(e, nameOf(input.id));
    }
    named.delete(input.id);
  }

  /** A detail as the app shows it (./seen), whose it is by name. */
  const shown = async (t: TimesheetDetail, call?: CallOptions): Promise<TimesheetDetail> => {
    const [detail] = await names.named([seen(t)], call);
    remember([detail]);
    return detail;
  };

  async function decide(input: OpParsed<'decideTimesheet'>, call?: CallOptions): Promise<TimesheetDetail> {
    await send(input, call);
    // Read once after: the answer says only "done", and partial or multi-level decisions change more than the one field.
    return shown(await client().timesheetDetails(input.id, call), call);
  }

  /** A read of timesheets, with a refusal in plain words. */
  const reading = async <T>(fn: () => Promise<T>, name?: string): Promise<T> => {
    try {
      return await fn();
    } catch (e) {
      throw plainRefusal(e, name, 'see');
    }
  };

  /** Rows named (./whose.ts); a row whose detail is read to name it is held a moment for the user opening it. */
  async function withNames(list: Timesheet[]): Promise<Timesheet[]> {
    const out = await names.namedList(list, async (id) => {
      const detail = seen(await client().timesheetDetails(id));
      named.set(id, { detail, at: clock.now() });
    });
    remember(out);
    return out;
  }

  async function list(q: TimesheetQuery, { team }: { team: boolean }): Promise<Timesheet[]> {
    const listed = await reading(() => client().allTimesheets(q));
    remember(listed);
    let shown = listed;
    if (team) {
      const unsure = listed.filter((r) => ownOf(r.recordId) === undefined).map((r) => r.recordId);
      if (unsure.length) await reading(() => learnOwn(q, unsure));
      shown = listed.filter((r) => ownOf(r.recordId) !== true);
    }
    shown = await withNames(shown);
    const marks = cache.partlyMarks();
    return shown.map((r) => (marks[r.recordId] === r.status ? { ...r, partlyApproved: true as const } : r));
  }

  const decideMany = manyDecisions({ clock, cache, client, rows, ownOf, nameOf, learnOwn, teamWindow, list, send, shown });

  return {
    list,

    async detail(id) {
      const held = named.get(id);
      named.delete(id);
      if (held && clock.now() - held.at >= 0 && clock.now() - held.at < NAMED_DETAIL_HELD_MS) return shown(held.detail);
      return shown(await reading(() => client().timesheetDetails(id), nameOf(id)));
    },

    decide,
    decideMany,
    estimate: (count) => estimateDecisions(client(), count),
    isOwn,

    forget(id) {
      rows.delete(id);
      named.delete(id);
      cache.markPartly(id, null);
    },
  };
}
