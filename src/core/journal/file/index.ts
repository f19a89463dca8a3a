/** The journal file (./journal-file.ts), its options and what it tells of itself (./options.ts): the face the ledger uses. */
export { JournalFile } from './journal-file';
export { JOURNAL_FILE, LEGACY_FILE, touchedBy, type CatchUp, type JournalFileOptions, type JournalHealth } from './options';
