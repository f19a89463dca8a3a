/**
 * What a journal file (./journal-file.ts) is given, and what it tells of itself: its options, the file's names, what
 * it found since this process opened it, and what a change touched.
 */
import type { DamageReport, FileLockOptions } from '../../store';
import type { JournalDiff, JournalTouched } from '../types';

export const JOURNAL_FILE = 'outbox.journal';
/** The document the outbox used to be (conf, key `journal`): imported once, then renamed `.migrated-<time>`. */
export const LEGACY_FILE = 'outbox.json';

export interface JournalFileOptions {
  dataDir: string;
  now: () => number;
  lock?: FileLockOptions;
  /** A damaged file was kept aside and recovered from (called after the fact, with the report). */
  onDamage?: (report: DamageReport) => void;
  /** Default COMPACT_MIN_RECORDS. */
  compactMinRecords?: number;
  /** The current document was replaced (a change here, another process's read, the file read whole): what it touched. */
  onChanged?: (touched: JournalTouched) => void;
}

export const WHOLE: JournalTouched = Object.freeze({ rows: [], ops: [], logs: [], whole: true });

/** The ids a diff touched. */
export function touchedBy(d: JournalDiff): JournalTouched {
  return {
    rows: [...Object.keys(d.rows), ...d.rowsGone],
    ops: [...d.ops.map((o) => o.id), ...d.opsGone],
    logs: d.ops.map((o) => o.localId),
  };
}

/** What the file was found to be, since this process opened it. */
export interface JournalHealth {
  file: string;
  /** Damage reports made by this process (the file kept aside, what was recovered). */
  damage: DamageReport[];
  /** Torn appends dropped (a crash in the middle of a change; nothing acknowledged was lost). */
  tornTails: number;
  /** Where the old `outbox.json` went after it was imported, if this process imported it. */
  migratedTo?: string;
}

export type CatchUp = 'same' | 'changed';
