/**
 * The rows' index, one row at a time: a row put in or taken out of the parts built (its day with its minutes, its
 * service id, or the rows without one), and a part built by one pass over the rows when first asked (./held.ts says
 * what each part holds).
 */
import { parseHhmm } from '../../../shared/time/hours';
import type { LedgerRow } from '../types';
import { accountOf, rowsRead, rowsWithIdsRead, type RowIndex, type RowPart } from './held';

type Rows = Map<string, LedgerRow>;

function add(map: Map<string, Rows>, key: string, row: LedgerRow): void {
  let rows = map.get(key);
  if (!rows) map.set(key, (rows = new Map()));
  rows.set(row.localId, row);
}

function drop(map: Map<string, Rows>, key: string, localId: string): void {
  const rows = map.get(key);
  if (rows && rows.delete(localId) && rows.size === 0) map.delete(key);
}

/** A row's minutes added to (or, with -1, taken from) its day's sum, when that day's sums are made (`dayMinutes`). */
function sum(idx: RowIndex, row: LedgerRow, sign: 1 | -1): void {
  if (row.pendingDelete) return;
  const day = idx.minutes!.get(row.workDate);
  if (!day) return;
  const account = accountOf(row);
  const now = (day.get(account) ?? 0) + sign * parseHhmm(row.hours);
  if (now === 0 && sign < 0) day.delete(account);
  else day.set(account, now);
}

type Parts = { days: boolean; ids: boolean; unconfirmed: boolean };

export function indexRow(idx: RowIndex, row: LedgerRow, parts: Parts = built(idx)): void {
  if (parts.days) {
    sum(idx, row, 1);
    add(idx.byDay!, row.workDate, row);
  }
  if (row.timeLogId) {
    if (parts.ids) add(idx.byTimeLogId!, row.timeLogId, row);
  } else if (parts.unconfirmed) idx.unconfirmed!.set(row.localId, row);
}

/** `stays`: the row is replaced on the same day, so it keeps its place among the day's rows (as in the rows map). */
export function unindexRow(idx: RowIndex, row: LedgerRow, stays = false): void {
  const parts = built(idx);
  if (parts.days) {
    sum(idx, row, -1);
    if (!stays) drop(idx.byDay!, row.workDate, row.localId);
  }
  if (row.timeLogId) {
    if (parts.ids) drop(idx.byTimeLogId!, row.timeLogId, row.localId);
  } else if (parts.unconfirmed) idx.unconfirmed!.delete(row.localId);
}

const built = (idx: RowIndex): Parts => ({
  days: idx.byDay !== undefined,
  ids: idx.byTimeLogId !== undefined,
  unconfirmed: idx.unconfirmed !== undefined,
});

/** Builds a part of the index of `rows` (the rows map it belongs to) that is not built yet. */
export function buildRowPart(idx: RowIndex, rows: Readonly<Record<string, LedgerRow>>, part: RowPart): void {
  const has = built(idx);
  const only: Parts = {
    days: !has.days && part === 'days',
    ids: !has.ids && part === 'ids',
    unconfirmed: !has.unconfirmed && part === 'unconfirmed',
  };
  if (!only.days && !only.ids && !only.unconfirmed) return;
  if (only.days) {
    idx.byDay = new Map();
    idx.minutes = new Map();
  }
  if (only.ids) idx.byTimeLogId = new Map();
  if (only.unconfirmed) idx.unconfirmed = new Map();
  // only the service ids, on a document as a whole read left it: the rows it found with one, each as it is now
  const withIds = only.ids && !only.days && !only.unconfirmed ? rowsWithIdsRead.get(rows) : undefined;
  if (withIds) {
    for (const id of withIds) {
      const row = rows[id];
      if (row?.timeLogId) indexRow(idx, row, only);
    }
    return;
  }
  const order = rowsRead.get(rows);
  if (order) for (const id of order) indexRow(idx, rows[id], only);
  else for (const id in rows) indexRow(idx, rows[id], only);
}
