/**
 * Reconciliation: what to do with an entry whose request may have reached the service (the answer was lost:
 * commit-then-drop, timeout, socket hang up, 5xx on a write, an answer we could not read, or a crash after the
 * write-ahead `sending` mark). Never re-send blindly; find out first.
 *
 * - edit / delete (timeLogId known): read the log (gettimelogdetails, spec 4.2) and compare.
 * - add: where the service lists time logs (gettimelogs, beyond the contract), look there first
 *   (./find-logged-add.ts): found, recorded; not found, certainly not recorded, so it is sent again.
 *   Where it does not, the spec has no "list my time logs" call, so the only place a new log can be found is a
 *   timesheet's details. When timesheets of the user cover the date, look in them for a log with the same date, job,
 *   hours and description whose id the ledger does not know yet. Found: recorded. Not found (or no timesheet covers
 *   the date): the outcome cannot be established, because a new log belongs to no timesheet until one is created or
 *   resubmitted (the sandbox works so; spec 4.2 "Which timesheet receives the time log: not shown"). Then the user
 *   is asked, and the check is repeated on later explicit syncs (a timesheet created meanwhile may show it).
 */
import type { Words } from '../../shared/i18n/said';
import { accountKeyOf, type CallOptions, type ServiceClient, type Session } from '../service';
import { addDays, weekStartOf } from '../../shared/time/week';
import type { Journal, Ledger, LogFields, OutboxOp } from '../journal';
import { countByState, ofAccount, outboxWords, sameEdit, sameLog, markApplied } from '../outbox';
import { findLoggedAdd, type LoggedAdd } from './find-logged-add';
import type { Days } from '../../shared/time/zone';

export type Reconciled =
  | { outcome: 'applied'; timeLogId?: string }
  | { outcome: 'not-applied' }
  /** The service no longer has the log an edit was meant for. */
  | { outcome: 'gone' }
  /** `message`: for an add, what Punchcard looked at and found, and what the user's choices do (the outbox shows it). */
  | { outcome: 'unknown'; message?: Words };

/** `call`: the caller's limits, one deadline for every read the reconciliation makes (the sync engine's). */
export async function reconcile(
  client: ServiceClient,
  user: string,
  j: Readonly<Journal>,
  op: OutboxOp,
  call?: CallOptions,
): Promise<Reconciled> {
  const row = j.rows[op.localId];
  if (op.kind === 'add') return reconcileAdd(client, user, j, op.add!, call);
  const timeLogId = row?.timeLogId;
  if (!timeLogId) return { outcome: 'unknown' };
  const log = await client.timeLog(timeLogId, call);
  if (op.kind === 'delete') return log ? { outcome: 'not-applied' } : { outcome: 'applied' };
  if (!log) return { outcome: 'gone' };
  // an edit sets values, so sending it again is harmless; still, only when it visibly did not apply
  return sameEdit(log, op.patch ?? {}) ? { outcome: 'applied' } : { outcome: 'not-applied' };
}

const knownIds = (j: Readonly<Journal>) =>
  new Set(
    Object.values(j.rows)
      .map((r) => r.timeLogId)
      .filter((id): id is string => !!id),
  );

async function reconcileAdd(
  client: ServiceClient,
  user: string,
  j: Readonly<Journal>,
  add: LogFields,
  call?: CallOptions,
): Promise<Reconciled> {
  const known = knownIds(j);
  const listed = await findLoggedAdd(client, { user, add, knownIds: known, matches: sameLog }, call);
  if (listed.outcome === 'found') return { outcome: 'applied', timeLogId: listed.timeLogId };
  if (listed.outcome === 'absent') return { outcome: 'not-applied' };
  // the service lists no time logs: fall back to the timesheets' details
  const weekStart = weekStartOf(add.workDate);
  const sheets = await client.allTimesheets({ user, fromDate: weekStart, toDate: addDays(weekStart, 6), approvalStatus: 'all' }, call);
  const covering = sheets.filter((s) => s.fromDate <= add.workDate && add.workDate <= s.toDate);
  if (covering.length === 0) {
    return {
      outcome: 'unknown',
      message: ambiguousAddMessage(outboxWords.noTimesheet(add.workDate)),
    };
  }
  for (const sheet of covering) {
    const detail = await client.timesheetDetails(sheet.recordId, call);
    const match = detail.timeLogs.find((log) => !known.has(log.timeLogId) && sameLog(log, add));
    if (match) return { outcome: 'applied', timeLogId: match.timeLogId };
  }
  // absence proves nothing: the log may exist outside every timesheet
  const names = covering.map((s) => s.timesheetName || s.recordId);
  return { outcome: 'unknown', message: ambiguousAddMessage(outboxWords.notInTimesheets(names)) };
}

/**
 * The needs-attention message of an add whose answer was lost where the service gives no way to decide (no list of
 * time logs): what happened, what Punchcard looked at and found, and plainly what each choice does.
 */
export function ambiguousAddMessage(found: Words): Words {
  return outboxWords.ambiguousNoList(found);
}

/**
 * "Send again" (the user's choice on an add whose answer was lost): one more look just before the send, where the
 * service lists time logs (asked again even if this session found no list: a deployment may offer it now). Found: the
 * caller records it synced and sends nothing. Absent or no list: send. A read that fails throws (nothing known).
 */
export async function findAddAgain(
  client: ServiceClient,
  user: string,
  j: Readonly<Journal>,
  add: LogFields,
  call?: CallOptions,
): Promise<LoggedAdd> {
  client.askTimeLogListAgain?.();
  return findLoggedAdd(client, { user, add, knownIds: knownIds(j), matches: sameLog }, call);
}

/**
 * Ambiguous adds waiting for the user: a timesheet created since may now show them (found: synced, nothing asked).
 * Returns how many settled. `apply` is the engine's one atomic change (with its events).
 */
export async function recheckAmbiguousAdds(deps: {
  ledger: Ledger;
  session: Session;
  now: () => number;
  /** The user's days: an entry settled prunes the ledger's old days from their today (../outbox/housekeeping.ts). */
  days?: Days;
  apply: <T>(localId: string, fn: (j: Journal) => T) => T;
  /** The limits of the whole recheck (the sync engine's read: bounded, aborted when it closes). */
  call?: CallOptions;
}): Promise<number> {
  const { ledger, session } = deps;
  const j = ledger.read();
  const account = accountKeyOf(session);
  // none of the account's entries needs attention (the kept counts say it at once): no pass over every entry (10,000
  // at an opening with a backlog, at the sync's first run)
  if (countByState(j, account).needsAttention === 0) return 0;
  const waiting = j.ops.filter(
    (o) => o.kind === 'add' && o.state === 'needs-attention' && o.maybeSent && ofAccount(j.rows[o.localId], account),
  );
  let settled = 0;
  for (const op of waiting) {
    let result;
    try {
      result = await reconcile(session.client(), session.user(), ledger.read(), op, deps.call);
    } catch {
      return settled; // offline or refused: the entry simply keeps waiting for the user
    }
    if (result.outcome !== 'applied') continue;
    // decided on the latest document: the user (in any process) may have resolved it meanwhile
    const done = deps.apply(op.localId, (d) => {
      const current = d.ops.find((o) => o.id === op.id);
      if (!current || current.state !== 'needs-attention') return false;
      markApplied(d, op.id, deps.now(), {
        timeLogId: result.timeLogId,
        outcome: 'reconciled',
        message: outboxWords.found(),
        days: deps.days,
      });
      return true;
    });
    if (done) settled++;
  }
  return settled;
}
