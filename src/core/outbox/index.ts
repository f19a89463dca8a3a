/** FACE_OUTBOX */
export { closableStores } from '../store/closing';
export {
  accountKeyOf,
  countByState,
  createLedger,
  newLocalId,
  ofAccount,
  opsOf,
  rowsOn,
  rowsWithoutTimeLogId,
  rowsWithTimeLogId,
  syncStateOf,
  toLocalTimeLog,
  toOutboxEntry,
} from '../journal/ledger';
export type { EditPatch, Journal, Ledger, LedgerRow, LogFields, OutboxOp } from '../journal/ledger';
export { clean, findOp, markApplied, recordAdd, recordDelete, recordEdit } from './operations';
export { createReachability } from '../service/reachability';
export type { Reachability, ReachPolicy } from '../service/reachability';
export { sameLog } from '../sync/reconcile';
export { createResolutions, discardOp, fixOp, markRecordedOp, notOffered, offers, retryOp } from './resolutions';
export type { FixPatch, FixedLog, OutboxResolution, Resolutions } from './resolutions';
export { createSyncEngine } from '../sync/engine';
export { SYNC_SCHEMA, SYNC_STORE, lastSyncRecord } from '../sync/last-sync';
export type { SyncEngine, SyncOptions } from '../sync/engine';
