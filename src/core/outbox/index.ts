/** FACE_OUTBOX */
export { closableStores } from './closing';
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
} from './ledger';
export type { EditPatch, Journal, Ledger, LedgerRow, LogFields, OutboxOp } from './ledger';
export { clean, findOp, markApplied, recordAdd, recordDelete, recordEdit } from './operations';
export { createReachability } from './reachability';
export type { Reachability, ReachPolicy } from './reachability';
export { sameLog } from './reconcile';
export { createResolutions, discardOp, fixOp, markRecordedOp, notOffered, offers, retryOp } from './resolutions';
export type { FixPatch, FixedLog, OutboxResolution, Resolutions } from './resolutions';
export { createSyncEngine } from './sync';
export { SYNC_SCHEMA, SYNC_STORE, lastSyncRecord } from './last-sync';
export type { SyncEngine, SyncOptions } from './sync';
export { outboxWords } from './outbox-words';
