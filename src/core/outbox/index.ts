/**
 * FACE_OUTBOX: the changes waiting to reach the service and their states, as the rest of the core records and asks
 * about them: recording a user's change, settling an add found on the service, the queries, the resolutions. The
 * steps of a send (which entry goes next, and what each attempt did to it: `markSending`, `markApplied`,
 * `markRefused` ...) are the sync engine's alone: exported here for it, refused to every other importer by
 * eslint.config.js ("the send's steps").
 */
export { clean, newLocalId, recordAdd, recordDelete, recordEdit, withdrawDelete } from './operations';
export { settleFoundInTimesheet } from './send-steps';
export {
  ENDPOINT,
  markAbsent,
  markAmbiguous,
  markApplied,
  markRefused,
  markRetry,
  markSending,
  markWaitingForServiceDay,
  nextOperation,
  noteAttempt,
} from './send-steps';
export { dayOf, serviceDayBehind, serviceDayRetryAt, serviceDayWait } from './service-day';
export {
  countByState,
  loggedBy,
  ofAccount,
  heldForAnswer,
  sameEdit,
  sameLog,
  syncStateOf,
  toLocalTimeLog,
  waitingForServiceDay,
} from './ledger-queries';
export { groupCounts, outboxWindow, toOutboxEntry } from './outbox-list';
export { createResolutions } from './resolutions';
export type { FixPatch, OutboxResolution, Resolutions, RuleFacts } from './resolutions';
export { outboxWords } from './outbox-words';
