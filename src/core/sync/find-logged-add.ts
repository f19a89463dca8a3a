/**
 * Was an add whose answer was lost recorded? Asked of the service's list of the user's time logs (gettimelogs,
 * beyond the contract: real-service-notes "Beyond the contract: listing time logs"), which, unlike a timesheet's
 * details, also shows logs that no timesheet holds yet.
 *
 * The user's logs of that one day are listed, and the add's log is one with the same date, job (id, else name,
 * case-insensitively), hours and description whose `timeLogId` the ledger does not already know, so two identical
 * entries claim two distinct logs. Found: recorded, with that id. Not found: it certainly was not recorded, because
 * the list was read after the ambiguous write (reconciliation runs only after the write failed), so the add may be
 * sent again. The service does not offer the list (the client remembers its "unknown operation" answer): say so, and
 * the caller falls back to what the contract gives (./reconcile.ts, timesheet details).
 *
 * Failures to read (offline, paused, a page that is not the service's) are thrown: nothing is known then.
 */
import { UnsupportedOperationError } from '../service';
import type { CallOptions, ServiceClient } from '../service';
import type { TimeLog } from '../../shared/domain';
import type { LogFields } from '../journal';

export type LoggedAdd =
  | { outcome: 'found'; timeLogId: string }
  /** The list was read after the write and holds no such log: it was not recorded. */
  | { outcome: 'absent' }
  /** The service has no time log list: the caller falls back. */
  | { outcome: 'unsupported' };

export interface FindLoggedAddInput {
  user: string;
  add: LogFields;
  /** `timeLogId`s the ledger already holds (claimed by other entries). */
  knownIds: ReadonlySet<string>;
  /** The content match (./reconcile.ts `sameLog`): date, job, hours, description. */
  matches: (log: TimeLog, add: LogFields) => boolean;
}

/** `call`: the caller's limits for the read (the sync engine's: bounded, no retries, aborted when it closes). */
export async function findLoggedAdd(client: ServiceClient, input: FindLoggedAddInput, call?: CallOptions): Promise<LoggedAdd> {
  if (client.timeLogListSupported?.() === false) return { outcome: 'unsupported' };
  const { user, add, knownIds, matches } = input;
  let logs: TimeLog[];
  try {
    logs = await client.allTimeLogs({ user, fromDate: add.workDate, toDate: add.workDate }, call);
  } catch (e) {
    if (e instanceof UnsupportedOperationError) return { outcome: 'unsupported' };
    throw e;
  }
  const match = logs.find((log) => !knownIds.has(log.timeLogId) && matches(log, add));
  return match ? { outcome: 'found', timeLogId: match.timeLogId } : { outcome: 'absent' };
}
