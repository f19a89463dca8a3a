/**
 * spec 3 / 4.1 approvetimesheet: approve or reject a submitted timesheet, whole or per time log, one approval level
 * at a time or all levels at once (isAllLevelApprove). Also used by the test hook `decide()`.
 *
 * A partial decision (timeLogs) sets each listed log; the timesheet stays pending while any log waits, becomes
 * rejected once one is rejected and none waits (the employee fixes and resubmits), approved when every log is. Its
 * status alone cannot say "partly approved": the app reads the logs (src/shared/team/approval.ts). Nobody decides their
 * own timesheet (9000), and comments are optional here as in the spec: the app asks for one on a rejection.
 */
import type { Call } from '../call';
import { ApiError } from '../envelope';
import { flag, oneOf, optional, required } from '../params';
import type { Store } from '../store';
import type { TimesheetRow } from '../types';

export type Decision = 'approved' | 'rejected';

export interface DecisionInput {
  decision: Decision;
  allLevels?: boolean;
  /** Partial approval: time log id -> decision. */
  timeLogs?: Record<string, Decision>;
  comments?: string;
}

/** One level approved (or all of them); the sheet is approved once every level is. Returns the message. */
function approveLevel(store: Store, sheet: TimesheetRow, allLevels: boolean): string {
  sheet.approvedLevels = allLevels ? sheet.approvalLevels : sheet.approvedLevels + 1;
  const logs = store.logsOf(sheet);
  if (sheet.approvedLevels >= sheet.approvalLevels) {
    sheet.status = 'approved';
    for (const l of logs) l.approvalStatus = 'approved';
    return 'Timesheet approved';
  }
  // The next level decides afresh: the sheet and its logs wait again.
  for (const l of logs) l.approvalStatus = 'pending';
  return `Timesheet approved at level ${sheet.approvedLevels} of ${sheet.approvalLevels}; waiting for the next approval level`;
}

function reject(store: Store, sheet: TimesheetRow): string {
  sheet.status = 'rejected';
  sheet.approvedLevels = 0;
  for (const l of store.logsOf(sheet)) if (l.approvalStatus !== 'approved') l.approvalStatus = 'rejected';
  return 'Timesheet rejected';
}

export function decideTimesheet(store: Store, sheet: TimesheetRow, input: DecisionInput): string {
  if (sheet.status !== 'pending') {
    throw new ApiError(
      9003,
      `Timesheet is not waiting for approval (it is ${sheet.status}); only submitted timesheets can be approved or rejected.`,
      { httpStatus: 409 },
    );
  }
  const logs = store.logsOf(sheet);
  // Check every listed log before changing anything, so a refusal leaves the sheet as it was.
  for (const id of Object.keys(input.timeLogs ?? {})) {
    if (!logs.some((l) => l.timeLogId === id)) {
      throw new ApiError(9003, `Invalid value for timeLogs: ${id} is not a time log of timesheet ${sheet.timesheetId}.`);
    }
  }
  sheet.comments = input.comments ?? '';
  if (!input.timeLogs) {
    if (input.decision === 'rejected') {
      for (const l of logs) l.approvalStatus = 'rejected';
      return reject(store, sheet);
    }
    return approveLevel(store, sheet, input.allLevels ?? false);
  }
  for (const [id, decision] of Object.entries(input.timeLogs)) logs.find((l) => l.timeLogId === id)!.approvalStatus = decision;
  // spec 3 partial approval: approved when every log is, rejected when any is and none waits.
  if (logs.every((l) => l.approvalStatus === 'approved')) return approveLevel(store, sheet, input.allLevels ?? false);
  if (logs.some((l) => l.approvalStatus === 'rejected') && !logs.some((l) => l.approvalStatus === 'pending')) return reject(store, sheet);
  return 'Time logs updated; the timesheet waits for decisions on its other time logs';
}

function parseTimeLogs(text: string | undefined): Record<string, Decision> | undefined {
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/:\s*(\d{16,})/g, ':"$1"'));
  } catch {
    parsed = undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ApiError(9003, 'Invalid value for timeLogs: send a JSON object mapping time log ids to "approved" or "rejected".');
  }
  const out: Record<string, Decision> = {};
  for (const [id, v] of Object.entries(parsed as Record<string, unknown>)) {
    const d = typeof v === 'string' ? v.toLowerCase() : '';
    if (d !== 'approved' && d !== 'rejected') {
      throw new ApiError(9003, `Invalid value for timeLogs: the decision for ${id} must be "approved" or "rejected".`);
    }
    out[id] = d;
  }
  if (Object.keys(out).length === 0) throw new ApiError(9003, 'Invalid value for timeLogs: name at least one time log.');
  return out;
}

export function approveTimesheet(call: Call) {
  const { store, params: p, caller } = call;
  const sheet = store.timesheet(required(p, 'timesheetId'));
  const owner = store.employeeByEmail(sheet.user);
  if (owner.email === caller.email || !(caller.isAdmin || owner.managerEmail === caller.email)) {
    throw new ApiError(
      9000,
      `Permission denied: ${caller.email} cannot approve this timesheet; only ${owner.firstName} ${owner.lastName}'s manager or an HR admin can, and nobody approves their own.`,
    );
  }
  const message = decideTimesheet(store, sheet, {
    decision: oneOf(p, 'approvalStatus', ['approved', 'rejected'] as const, 'approved'),
    allLevels: flag(p, 'isAllLevelApprove'),
    timeLogs: parseTimeLogs(optional(p, 'timeLogs')),
    comments: optional(p, 'comments'),
  });
  return { result: { timesheetId: sheet.timesheetId, message } };
}
