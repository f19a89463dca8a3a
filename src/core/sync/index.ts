/** FACE_SYNC: the engine that sends the outbox, and the record of when it last reached the service. */
export { createSyncEngine } from './engine';
export type { SyncEngine, SyncOptions } from './engine';
export type { SyncEvents } from './records';
export type { QueuedRules } from './queued-rules';
export { SYNC_SCHEMA, SYNC_STORE, lastSyncRecord } from './last-sync';
