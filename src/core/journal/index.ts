/** FACE_JOURNAL: the one file that holds the ledger and the outbox (`outbox.journal`), and its document in memory. */
export { COMPACT_DELAY_MS, createLedger } from './ledger';
export { JOURNAL_FILE } from './file';
export type { Ledger, LedgerHealth, LedgerOptions } from './ledger';
export { emptyJournal, logFieldsSchema } from './types';
export type { EditPatch, Journal, JournalTouched, LedgerRow, LogFields, OutboxOp } from './types';
export {
  minutesOn,
  opById,
  opsOf,
  opsReader,
  opsReaderFor,
  rowsBefore,
  rowsMaybeOnService,
  rowsOn,
  rowsOnDays,
  rowsWithAnyTimeLogId,
  rowsWithoutTimeLogId,
  rowsWithTimeLogId,
  unfinishedByAccount,
  countedAs,
} from './indexes';
export type { UnfinishedCounts } from './indexes';
// the draft's API for the rules that change the document inside `ledger.change` (../outbox/operations.ts, ../sync/claims.ts)
export { findItem, findLastItem, itemsToRead, itemsWhere, removeItems } from './draft/entries';
export { current } from './draft/values';
export { journalDamageWords, journalWords, outboxFileWords } from './words';
