/**
 * The ledger's indexes (./held.ts says what they hold, ./carry.ts how a change moves them) and the questions asked of
 * them (./row-queries.ts, ./entry-queries.ts): the face the rest of the journal uses.
 */
export { accountOf, countedAs, countKeyOf, holdIndexes, type Counts, type UnfinishedCounts } from './held';
export { count } from './entries';
export { carryIndexes, type IndexedChange } from './carry';
export { minutesOn, rowsBefore, rowsOn, rowsOnDays, rowsWithAnyTimeLogId, rowsWithoutTimeLogId, rowsWithTimeLogId } from './row-queries';
export { opById, opsOf, opsReader, opsReaderFor, rowsMaybeOnService, unfinishedByAccount } from './entry-queries';
