/**
 * One change of the journal, run on a draft (./draft/proxy.ts): `fn`'s result, what it changed as a diff (what the
 * ledger appends to the file as one record: rows and entries by id, ./format.ts) and the new document.
 *
 * Two ways to get the new document. `produceJournal` gives a document of its own and leaves the old one exactly as it
 * was (the tests of the drafts use it to compare). `draftChange` is the journal ledger's: the rows
 * map is not copied (10,000 keys are a millisecond or two on every change); `commit()`, called once the change is on
 * disk, applies what changed to the ledger's own rows map, so a change costs what it touched. The document replaced
 * then shares that rows map (rows themselves are never changed, only replaced): ./ledger.ts says so to its readers.
 */
import { GONE, makeDraft, shallowCopy, type DraftState } from './draft/proxy';
import { finalize, resolve } from './draft/finalize';
import { freezeDeep } from './draft/values';
import { carryIndexes, type IndexedChange } from './indexes';
import type { Journal, JournalDiff, LedgerRow, OutboxOp } from './types';

export function emptyDiff(d: JournalDiff): boolean {
  return (
    Object.keys(d.rows).length === 0 &&
    d.rowsGone.length === 0 &&
    d.ops.length === 0 &&
    d.opsGone.length === 0 &&
    d.order === undefined &&
    d.seq === undefined
  );
}

interface Ran<T> {
  /** The new document; its rows map is still the base's when `overlay` is set (applied by `commit`). */
  next: Journal;
  out: T;
  diff: JournalDiff;
  overlay: Map<PropertyKey, unknown> | undefined;
  /** The base's entries the diff replaced or removed, by id (for the indexes: ./indexes/carry.ts `IndexedChange`). */
  was: Map<string, OutboxOp>;
}

function run<T>(base: Journal, fn: (draft: Journal) => T): Ran<T> {
  const root = makeDraft(base as unknown as Record<PropertyKey, unknown>, undefined);
  const out = fn(root.proxy as Journal);
  const rowsState = root.children?.get('rows');
  const opsState = root.children?.get('ops');
  const next = finalize(root) as Journal;
  const resolved = resolve(out) as T;
  // the rows map's draft holds what fn wrote to it (no walk over 10,000 keys), unless fn replaced the map itself
  const overlay = rowsState?.map?.overlay && next.rows === base.rows ? rowsState.map.overlay : undefined;
  const was = new Map<string, OutboxOp>();
  const diff = diffJournal(base, next, overlay, opsState, was);
  for (const id in diff.rows) freezeDeep(diff.rows[id]);
  return { next, out: resolved, diff, overlay, was };
}

/**
 * Runs `fn` on a draft of `base`. Returns the new document (sharing every unchanged row and entry with `base`;
 * `base` itself is not touched), `fn`'s result (drafts in it resolved) and the diff. When `fn` throws, nothing
 * changed and the draft is discarded.
 */
export function produceJournal<T>(base: Journal, fn: (draft: Journal) => T): { next: Journal; out: T; diff: JournalDiff } {
  const { next, out, diff, overlay } = run(base, fn);
  if (!overlay) return { next, out, diff };
  const rows = shallowCopy(base.rows) as Record<string, LedgerRow>;
  applyRows(rows, diff);
  return { next: { ...next, rows }, out, diff };
}

/**
 * Runs `fn` on a draft of `base` (the ledger's current document). Nothing is changed until `commit()`, which the
 * ledger calls once the diff is durable: it applies the rows that changed to `base.rows` itself, moves the indexes
 * (./indexes/carry.ts) over, and returns the new document. Not calling it (the write failed) leaves `base` as it was.
 */
export function draftChange<T>(base: Journal, fn: (draft: Journal) => T): { out: T; diff: JournalDiff; commit: () => Journal } {
  const { next, out, diff, was } = run(base, fn);
  return {
    out,
    diff,
    commit: () => {
      carryIndexes(base, next, indexedChangeOf(diff, was)); // reads the rows as they were: before they are applied
      if (next.rows === base.rows) applyRows(next.rows, diff);
      return next;
    },
  };
}

/** A diff as the indexes follow it (`was`: the entries it replaced or removed, as they were). */
export function indexedChangeOf(diff: JournalDiff, was: ReadonlyMap<string, OutboxOp>): IndexedChange {
  return {
    rowIds: [...Object.keys(diff.rows), ...diff.rowsGone],
    rowNow: (id) => diff.rows[id],
    ops: [...diff.opsGone, ...diff.ops],
    was,
    reordered: diff.order !== undefined,
  };
}

function applyRows(rows: Record<string, LedgerRow>, diff: JournalDiff): void {
  for (const id of diff.rowsGone) delete rows[id];
  for (const id in diff.rows) rows[id] = diff.rows[id];
}

function diffJournal(
  base: Journal,
  next: Journal,
  overlay: Map<PropertyKey, unknown> | undefined,
  opsState?: DraftState,
  was?: Map<string, OutboxOp>,
): JournalDiff {
  const diff: JournalDiff = { rows: {}, rowsGone: [], ops: [], opsGone: [] };
  if (next === base) return diff;
  if (next.seq !== base.seq) diff.seq = next.seq;
  const had = (k: string) => Object.prototype.hasOwnProperty.call(base.rows, k);
  if (overlay) {
    for (const [k, v] of overlay) {
      if (typeof k !== 'string') continue;
      if (v === GONE) {
        if (had(k)) diff.rowsGone.push(k);
      } else if (!had(k) || base.rows[k] !== v) diff.rows[k] = v as LedgerRow;
    }
  } else if (next.rows !== base.rows) {
    // fn put a map of its own in place of the rows: every key is compared
    for (const k of new Set([...Object.keys(base.rows), ...Object.keys(next.rows)])) {
      const has = Object.prototype.hasOwnProperty.call(next.rows, k);
      if (has && (!had(k) || next.rows[k] !== base.rows[k])) diff.rows[k] = next.rows[k];
      else if (had(k) && !has) diff.rowsGone.push(k);
    }
  }
  if (next.ops !== base.ops) Object.assign(diff, diffOpsOfDraft(base.ops, next.ops, opsState, was) ?? diffOps(base.ops, next.ops, was));
  return diff;
}

/**
 * The entries' diff from what the draft of the list saw written (entries replaced where they are, some appended),
 * without a walk over the list: with 10,000 waiting, `diffOps`'s walk side by side was a quarter of a millisecond on
 * every log. The same answer as `diffOps` (test/unit/journal-change-diff.test.ts), or undefined when the list may
 * have moved (an entry removed, the list shortened or replaced, ids not where they were): then `diffOps` decides.
 */
export function diffOpsOfDraft(
  prev: readonly OutboxOp[],
  next: readonly OutboxOp[],
  s: DraftState | undefined,
  was?: Map<string, OutboxOp>,
): Pick<JournalDiff, 'ops' | 'opsGone'> | undefined {
  if (!s || s.base !== (prev as unknown) || s.result !== (next as unknown) || s.moved || next.length < prev.length) return undefined;
  // an element of the copy differs from the base's only where it was written, or a draft of it was handed out
  const places: number[] = [];
  for (const keys of [s.written, s.children?.keys()])
    for (const prop of keys ?? []) {
      if (prop === 'length') continue;
      const i = typeof prop === 'string' ? Number(prop) : NaN;
      if (!Number.isInteger(i) || i < 0) return undefined;
      if (i < prev.length) places.push(i);
    }
  places.sort((a, b) => a - b);
  const ops: OutboxOp[] = [];
  const replaced: OutboxOp[] = [];
  let last = -1;
  for (const i of places) {
    if (i === last) continue;
    last = i;
    const before = prev[i];
    const now = next[i] as OutboxOp | undefined;
    if (!now || now.id !== before.id) return undefined;
    if (now !== before) {
      ops.push(now);
      replaced.push(before);
    }
  }
  const ids = new Set<string>();
  for (let i = prev.length; i < next.length; i++) {
    const o = next[i] as OutboxOp | undefined;
    if (!o || ids.has(o.id)) return undefined;
    ids.add(o.id);
    ops.push(o);
  }
  for (const o of replaced) was?.set(o.id, o);
  return { ops, opsGone: [] };
}

/**
 * Entries added, changed and removed between two lists, by id; `order` only when the survivors moved. The usual
 * changes (one changed in place, some appended, some filtered out) are found walking both lists side by side; only
 * a list that is not the old one in order (with some left out, some added at the end) costs a map of the old ids.
 */
export function diffOps(
  prev: readonly OutboxOp[],
  next: readonly OutboxOp[],
  was?: Map<string, OutboxOp>,
): Pick<JournalDiff, 'ops' | 'opsGone' | 'order'> {
  const ops: OutboxOp[] = [];
  // what the walk found replaced or removed, handed to `was` only when the walk's answer is the one given
  const before: OutboxOp[] = [];
  const opsGone: string[] = [];
  let i = 0;
  let k = 0;
  // side by side while next is prev in order minus some: an id missing from next at i is one that was removed
  // (`j.ops.filter(...)`); nothing is ever put back in front, so the two walks meet again
  const removedAhead = (id: string): number => {
    // prev[i..] up to `id`: all gone, when `id` is found further on in prev and the ones skipped are not in next later
    for (let x = i; x < prev.length; x++) if (prev[x].id === id) return x;
    return -1;
  };
  while (k < next.length && i < prev.length) {
    const o = next[k];
    if (prev[i].id === o.id) {
      if (prev[i] !== o) {
        ops.push(o);
        before.push(prev[i]);
      }
      i++;
      k++;
      continue;
    }
    const at = removedAhead(o.id);
    if (at < 0) break; // a new id (appended from here on) or one out of order
    for (let x = i; x < at; x++) {
      opsGone.push(prev[x].id);
      before.push(prev[x]);
    }
    i = at;
  }
  const found = () => {
    for (const o of before) was?.set(o.id, o);
  };
  if (i >= prev.length) {
    // the rest of next is new: appended in its order, unless an id repeats an old one (then the careful way)
    const gone = new Set(opsGone);
    const rest = next.slice(k);
    if (rest.every((o) => !gone.has(o.id)) && new Set(rest.map((o) => o.id)).size === rest.length) {
      found();
      return { ops: [...ops, ...rest], opsGone };
    }
  } else if (k >= next.length) {
    for (let x = i; x < prev.length; x++) {
      opsGone.push(prev[x].id);
      before.push(prev[x]);
    }
    found();
    return { ops, opsGone };
  }
  return diffOpsByMap(prev, next, was);
}
function diffOpsByMap(
  prev: readonly OutboxOp[],
  next: readonly OutboxOp[],
  was?: Map<string, OutboxOp>,
): Pick<JournalDiff, 'ops' | 'opsGone' | 'order'> {
  const at = new Map<string, number>();
  for (let i = 0; i < prev.length; i++) at.set(prev[i].id, i);
  const ops: OutboxOp[] = [];
  let kept = 0;
  let last = -1;
  let appended = false;
  let ordered = true;
  const seen = new Set<string>();
  for (const o of next) {
    if (seen.has(o.id)) {
      ordered = false;
      continue;
    } // a duplicate id: kept once (replay is by id)
    seen.add(o.id);
    const i = at.get(o.id);
    if (i === undefined) {
      ops.push(o);
      appended = true;
      continue;
    }
    kept++;
    if (i < last || appended) ordered = false; // replay appends new ids at the end and keeps the others in place
    last = i;
    if (prev[i] !== o) {
      ops.push(o);
      was?.set(o.id, prev[i]);
    }
  }
  const gone = kept < prev.length ? prev.filter((o) => !seen.has(o.id)) : [];
  for (const o of gone) was?.set(o.id, o);
  const opsGone = gone.map((o) => o.id);
  return { ops, opsGone, ...(ordered ? {} : { order: [...seen] }) };
}
