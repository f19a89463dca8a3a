/**
 * Submitting a week for approval (spec 3): a new timesheet with `sendforApproval: true` (createtimesheet), or a
 * draft / rejected one sent again with modifytimesheet `sendforApproval: true`. Online only, and refused while
 * anything of the week is still in the outbox: a week submitted without its last entries would be approved short.
 * The outbox is read from the latest document on disk (../journal/ledger.ts), so an entry queued by another process on the
 * same data directory (`punch log` while the app runs) blocks too, and each blocker names its entries.
 *
 * Reads: the preview uses the week's service part as ./weekview.ts keeps it for a look; the submit takes it when
 * read in the last 15 s (the look that showed the Submit button), else reads the logs first. Then the write, and one
 * read after: the write changed the timesheet, so the kept part is marked stale whatever the write's outcome (an
 * answer lost may still have applied it). A submit right after a look: the write and the read after (3 requests).
 *
 * Bounded: the whole submit (reads and write) answers within the action deadline (../service/pacing/policy.ts ACTION_WRITE),
 * whatever the network does. A submit whose answer was lost is never sent again by itself: it settles by reading the
 * week. Pending (or approved): it went through, and the submit answers with that week. Not submitted: it did not,
 * and the error says so (submitting again is safe). The week could not be read: the error says it may or may not
 * have been received; the next preview reads the week, and a week found submitted then blocks a second submit.
 */
import { saidOf, type SaidValue, type Words } from '../../shared/i18n/said';
import { sentencesSaid } from '../../shared/input-words';
import { entriesValue, weekWords, type EntryFields } from './week-words';
import { format } from 'date-fns';
import type { Clock, Session } from '../context';
import type { SubmitPreview, WeekView } from '../../shared/domain';
import { addDays, toLocalDate, weekStartOf } from '../../shared/time/week';
import {
  errorValue,
  InvalidInputError,
  NetworkError,
  ServerError,
  accountKeyOf,
  narrowCall,
  ACTION_WRITE,
  type CallOptions,
} from '../service';
import type { Journal, Ledger, LogFields, OutboxOp } from '../journal';
import { ofAccount } from '../outbox';
import type { Weeks } from './weekview';

export interface Submission {
  previewSubmit(weekStart: string): Promise<SubmitPreview>;
  /**
   * `caller`: its signal stops the submit (Ctrl+C in punch); the whole action is bounded by ACTION_WRITE. A submit
   * stopped in flight is settled like a lost answer: the week is read, never submitted again by itself.
   */
  submitWeek(weekStart: string, caller?: CallOptions): Promise<WeekView>;
}

/** "Week of 16 Nov 2026". */
export function timesheetNameFor(weekStart: string): string {
  return `Week of ${format(toLocalDate(weekStartOf(weekStart)), 'd MMM yyyy')}`;
}

export function createSubmission(deps: { ledger: Ledger; weeks: Weeks; session: Session; clock: Clock }): Submission {
  const { ledger, weeks, session, clock } = deps;

  /** The week's unfinished outbox entries of the current account, described in the user's words. */
  function unsynced(weekStart: string): { pending: Entry[]; waiting: Entry[]; attention: Entry[] } {
    const j = ledger.read();
    const account = accountKeyOf(session);
    const end = addDays(weekStart, 6);
    const pending: Entry[] = [],
      waiting: Entry[] = [],
      attention: Entry[] = [];
    for (const op of j.ops) {
      if (op.state === 'synced' || !ofAccount(j.rows[op.localId], account)) continue;
      const date = op.patch?.workDate ?? op.add?.workDate ?? j.rows[op.localId]?.workDate;
      const before = j.rows[op.localId]?.remote?.workDate; // an edit moving a log out of the week still touches it
      const inWeek = (d?: string) => d !== undefined && d >= weekStart && d <= end;
      if (!inWeek(date) && !inWeek(before)) continue;
      const list = op.state === 'needs-attention' ? attention : op.state === 'queued' && op.waitsForServiceDay ? waiting : pending;
      list.push(describe(j, op));
    }
    return { pending, waiting, attention };
  }

  function preview(view: WeekView): SubmitPreview {
    const said: Words[] = [];
    const { pending, waiting, attention } = unsynced(view.weekStart);
    if (!view.fresh) said.push(weekWords.unreachable());
    if (pending.length > 0) said.push(weekWords.pending(pending.length, entriesValue(pending)));
    if (waiting.length > 0) said.push(weekWords.waitsForServiceDay(waiting.length, entriesValue(waiting)));
    if (attention.length > 0) said.push(weekWords.attention(attention.length, entriesValue(attention)));
    const status = view.timesheet?.status;
    if (status === 'pending') said.push(weekWords.submitted());
    if (status === 'approved') said.push(weekWords.approved());
    if (view.totalHours === '00:00' && status !== 'pending' && status !== 'approved') said.push(weekWords.empty());
    const blockers = said.map((b) => b.message);
    const action: SubmitPreview['action'] = !view.timesheet ? 'create' : status === 'draft' || status === 'rejected' ? 'resubmit' : 'none';
    return {
      weekStart: view.weekStart,
      totalHours: view.totalHours,
      daysWithoutHours: view.days
        .slice(0, 5)
        .filter((d) => d.totalMinutes === 0)
        .map((d) => d.date),
      blockers,
      ...(said.length ? { blockersSaid: said.map(saidOf) } : {}),
      action,
      ...(status ? { previousStatus: status } : {}),
      ...(!view.fresh ? { unreachable: true as const } : {}),
    };
  }

  return {
    async previewSubmit(weekStart) {
      return preview(await weeks.getWeek(weekStartOf(weekStart)));
    },

    async submitWeek(weekStart, caller) {
      // one deadline for the whole action: the week before, the submit, and the read that settles a lost answer
      const call = narrowCall(clock, ACTION_WRITE, caller);
      const start = weekStartOf(weekStart);
      // the week as the service holds it a moment ago at most (the Week tab's look just before serves)
      const view = await weeks.getWeek(start, { look: 'act', call });
      if (call.signal?.aborted) throw new NetworkError(weekWords.stopped(), 'no', { kind: 'cancelled' });
      const p = preview(view);
      if (!view.fresh) {
        // not the user's to fix: the network's (punch exits 2 for it, like every other failure of the network)
        throw new NetworkError(cannot(p), 'no');
      }
      if (p.blockers.length > 0 || p.action === 'none') {
        throw new InvalidInputError(
          cannot(p),
          p.blockers.map((message, i) => ({
            field: 'week',
            rule: 'blocked',
            message,
            ...(p.blockersSaid ? { said: p.blockersSaid[i] } : {}),
          })),
        );
      }
      const client = session.client();
      let lost: unknown;
      try {
        if (p.action === 'create') {
          await client.createTimesheet(
            {
              user: session.user(),
              timesheetName: timesheetNameFor(start),
              fromDate: start,
              toDate: addDays(start, 6),
              sendforApproval: true,
            },
            call,
          );
        } else {
          // spec 3: rejected --modifytimesheet(sendforApproval=true)--> resubmitted; a draft is sent the same way
          await client.modifyTimesheet({ timesheetId: view.timesheet!.recordId, sendforApproval: true }, call);
        }
      } catch (e) {
        if ((e as { applied?: unknown }).applied !== 'unknown') throw e;
        lost = e;
      } finally {
        weeks.invalidate([start]);
        // a timesheet may span more than this week: every week that showed it changed status
        if (view.timesheet) weeks.invalidateTimesheet(view.timesheet.recordId);
      }
      if (lost !== undefined) return settleLost(start, lost, call);
      return weeks.getWeek(start, { call });
    },
  };

  /**
   * The submit's answer was lost (it may or may not have been received): read the week, never send again. Submitted
   * (pending or approved): it went through. Otherwise an error that says what is known.
   */
  async function settleLost(start: string, lost: unknown, call: CallOptions): Promise<WeekView> {
    const why: SaidValue = lost instanceof NetworkError ? { said: lost.plain } : errorValue(lost);
    // with the action's call: after Ctrl+C this read is not made, and the message says the outcome is not known
    const after = await weeks.getWeek(start, { refresh: true, call });
    const status = after.timesheet?.status;
    if (after.fresh && (status === 'pending' || status === 'approved')) return after;
    const message = after.fresh ? weekWords.notSubmitted(start, why) : weekWords.unknown(start, why);
    const applied = after.fresh ? 'no' : 'unknown';
    // the same class as the failure (a 5xx stays a ServerError), with what the week says
    if (lost instanceof ServerError) throw new ServerError(message, lost.httpStatus, applied);
    throw new NetworkError(message, applied, { kind: lost instanceof NetworkError ? lost.kind : 'not-the-service', cause: lost });
  }
}

type Entry = { kind: string; f: EntryFields };

/** "Fri 20 Nov 01:15 Frontend Development (client call)", "deleting ..." for a delete, with the values it will send. */
function describe(j: Readonly<Journal>, op: OutboxOp): Entry {
  const row = j.rows[op.localId];
  const f: Partial<LogFields> = { ...(op.add ?? row ?? {}), ...(op.patch ?? {}) };
  return { kind: op.kind, f: { workDate: f.workDate, hours: f.hours, jobName: f.jobName, description: f.description } };
}

/** "The week cannot be submitted: ..." with every blocker (their codes chained when each has one). */
function cannot(p: SubmitPreview): Words {
  const chained = p.blockersSaid ? sentencesSaid(p.blockersSaid) : undefined;
  return weekWords.cannot(chained ? { said: chained } : p.blockers.join(' '));
}
