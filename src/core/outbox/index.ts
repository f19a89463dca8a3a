/**
 * FACE_OUTBOX: the changes waiting to reach the service and their states, as the rest of the core records and asks
 * about them. The transitions a send makes (markSending, markApplied, markRefused ...) are sync's alone: it imports
 * ./operations.ts by path (eslint.config.js), no other folder does.
 */
export { clean, markFound, newLocalId, recordAdd, recordDelete, recordEdit, withdrawDelete } from './operations';
export {
  countByState,
  loggedBy,
  ofAccount,
  groupCounts,
  outboxWindow,
  sameEdit,
  sameLog,
  syncStateOf,
  toLocalTimeLog,
  toOutboxEntry,
} from './ledger-queries';
export { createResolutions } from './resolutions';
export type { FixPatch, OutboxResolution, Resolutions, RuleFacts } from './resolutions';
export { outboxWords } from './outbox-words';
