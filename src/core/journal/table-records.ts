/**
 * The snapshot's records as tables (./table.ts): a snapshot's rows and entries written as table records, read back
 * with what each row and entry must hold, and what a damaged table record still tells (./salvage.ts).
 */
import { isOp, isRow, quickOp, quickRow } from './stored';
import { fromTable, isCount, toTable, valuesOf, type Table } from './table';
import type { LedgerRow, OpsRecord, OutboxOp, RowsRecord } from './types';

/* ------------------------------------------------------------------ the snapshot's records */

/*
 * A snapshot of format version 4 (./compaction.ts) writes its rows, then its entries, as tables of up to
 * SNAPSHOT_BATCH each: `{"t":"rows","n":…,"keys":[…],"cols":[…]}` and `{"t":"ops",…}`. Read back, each row and entry
 * must hold what a change record's must (./stored.ts: the quick test, or the schema when it says no), or the record
 * is damage, as a change record with one bad row is.
 */

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

/**
 * A table record whose JSON a changed byte broke (./salvage.ts): what its parts that still parse on their own tell.
 * The field names, the count and each column are read apart (each value's end found by its brackets and quotes); a
 * column that does not parse, or does not hold its count of values, is left out, and so are its fields. Only a table
 * whose objects all have every field (no `shapes`: the snapshot's usual) can be read so; otherwise nothing is.
 */
export function brokenTable(text: string): { rows: LedgerRow[]; ops: OutboxOp[] } {
  const none = { rows: [], ops: [] };
  const t = /^\{"t":"(rows|ops)"/.exec(text)?.[1] as 'rows' | 'ops' | undefined;
  const keys = valueAfter(text, '"keys":');
  const n = valueAfter(text, '"n":');
  const at = text.indexOf('"cols":[');
  if (!t || !Array.isArray(keys) || !isCount(n) || at < 0 || text.includes('"shapes":')) return none;
  const columns: Array<unknown[] | undefined> = [];
  for (let i = at + '"cols":['.length; i < text.length && columns.length < keys.length;) {
    const end = endOfValue(text, i);
    columns.push(valuesOf(parsed(text.slice(i, end)), n));
    i = end + 1; // past the comma
  }
  const items: Record<string, unknown>[] = [];
  for (let j = 0; j < n; j++) {
    const o: Record<string, unknown> = {};
    keys.forEach((k, c) => {
      const col = columns[c];
      if (col && typeof k === 'string' && k !== '__proto__') o[k] = col[j];
    });
    items.push(o);
  }
  return t === 'rows' ? { rows: items.filter(isRow), ops: [] } : { rows: [], ops: items.filter(isOp) };
}

function parsed(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}

/** The JSON value after the first `name` in `text`, parsed alone (undefined when it does not parse). */
function valueAfter(text: string, name: string): unknown {
  const at = text.indexOf(name);
  return at < 0 ? undefined : parsed(text.slice(at + name.length, endOfValue(text, at + name.length)));
}

/** Where the JSON value starting at `from` ends: at the comma or closing bracket after it, outside strings. */
function endOfValue(text: string, from: number): number {
  let depth = 0;
  let inString = false;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) depth++;
    else if (c === 0x5d || c === 0x7d) {
      if (depth === 0) return i;
      depth--;
    } else if (c === 0x2c && depth === 0) return i;
  }
  return text.length;
}
