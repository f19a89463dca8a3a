/**
 * The records of a snapshot of format version 4 (./compaction.ts): its rows, then its entries, as tables (./table.ts)
 * of up to SNAPSHOT_BATCH each: `{"t":"rows","n":…,"keys":[…],"cols":[…]}` and `{"t":"ops",…}`. Read back, each row and
 * entry must hold what a change record's must (./types.ts: the quick test, or the schema when it says no), or the
 * record is damage, as a change record with one bad row is.
 */
import { fromTable, toTable, type Table } from './table';
import { isOp, isRow, quickOp, quickRow, type LedgerRow, type OpsRecord, type OutboxOp, type RowsRecord } from './types';

/** A table record as written. */
export type TableRecord = { t: 'rows' | 'ops' } & Table;

export function rowsRecord(rows: readonly LedgerRow[]): TableRecord {
  return { t: 'rows', ...toTable(rows) };
}

export function opsRecord(ops: readonly OutboxOp[]): TableRecord {
  return { t: 'ops', ...toTable(ops) };
}

/** Is `value` (a record as parsed) one of a snapshot's tables? */
export function isTableRecord(value: unknown): value is Record<string, unknown> & { t: 'rows' | 'ops' } {
  const t = (value as { t?: unknown } | null)?.t;
  return typeof value === 'object' && value !== null && (t === 'rows' || t === 'ops');
}

/** The rows or entries of a table record, or undefined when it is not a table or one of them lacks what it must hold. */
export function parseTableRecord(value: Record<string, unknown> & { t: 'rows' | 'ops' }): RowsRecord | OpsRecord | undefined {
  const items = fromTable(value);
  if (!items) return undefined;
  if (value.t === 'rows') {
    for (const row of items) if (!quickRow(row) && !isRow(row)) return undefined;
    return { t: 'rows', rows: items as unknown as LedgerRow[] };
  }
  for (const op of items) if (!quickOp(op) && !isOp(op)) return undefined;
  return { t: 'ops', ops: items as unknown as OutboxOp[] };
}

/**
 * What a table record that cannot be trusted (its checksum failed) seems to hold: its rows and entries that have the
 * shape of one, for the offer to log again (./salvage.ts). Nothing of them is applied.
 */
export function untrustedTable(value: Record<string, unknown> & { t: 'rows' | 'ops' }): { rows: LedgerRow[]; ops: OutboxOp[] } {
  const items = fromTable(value) ?? [];
  return value.t === 'rows' ? { rows: items.filter(isRow), ops: [] } : { rows: [], ops: items.filter(isOp) };
}
