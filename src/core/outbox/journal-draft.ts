/**
 * Copy-on-write drafts for `ledger.change(fn)` (./ledger.ts): `fn` mutates a draft of the journal as if it were the
 * document itself (`row.hours = ...`, `j.ops.push(...)`, `j.ops = j.ops.filter(...)`, `delete j.rows[id]`), while the
 * current document stays exactly as it is (it is what `read()` returned to everyone, and what is on disk until the
 * change is durable). Only what `fn` writes is copied: a change of one row of 10,000 copies that row and the rows
 * map's slots, not 10,000 rows (the journal used to be `structuredClone`d whole on every change).
 *
 * The same idea as immer's `produce`, cut to what a JSON document needs: immer, with the journal's 10,000 rows, took
 * 10-40 ms per change here (its finalisation walks every property of every copied container and freezes what it
 * returns), which is the whole budget of an append. Here a draft is a Proxy made on first access of an object or
 * array, copied (shallowly) on its first write; `finish()` replaces the drafts inside the copies by their final values
 * and tells which rows and operations changed, so the ledger appends only those to the journal file.
 *
 * Rules for `fn` (as with immer): read and write through the draft only, synchronously; do not keep a draft after the
 * change (writing to one after `finish()` throws). Values put into the draft (new rows, new ops) become part of the
 * document as they are: do not change them afterwards. Rows reached by ITERATING `j.rows` (`Object.values`,
 * `Object.entries`, spread) are the committed rows themselves, frozen, so that reading all 10,000 for a day's total
 * costs no copy: to change a row, take it by its id (`j.rows[localId]`); a write to an iterated row throws.
 * Committed rows are frozen for everyone (`read()` too); operations are not.
 */
import type { Journal, JournalDiff, OutboxOp } from './journal-types';

export type { JournalDiff } from './journal-types';

const STATE = Symbol('punchcard.draft');

interface DraftState {
  base: Record<PropertyKey, unknown>;
  copy: Record<PropertyKey, unknown> | undefined;
  parent: DraftState | undefined;
  /** Drafts handed out for the base's object-valued properties, by property. */
  children: Map<PropertyKey, DraftState> | undefined;
  /** Properties written (set or deleted) on this object: their new values may hold drafts to resolve. */
  written: Set<PropertyKey> | undefined;
  proxy: object;
  done: boolean;
  result: unknown;
  /**
   * The rows map only: a row read by iterating the map (`Object.values(j.rows)`: the property's descriptor, then the
   * get of that same key) is handed out as it is, without a draft, when it is frozen (committed rows are). Reading
   * 10,000 rows for the day's total then costs what it costs on a plain object; a write to such a row throws.
   * `last`: the last key the map listed (its get cannot be told from a later direct one, so it gets a draft).
   */
  inPlace?: { last: PropertyKey | undefined; pending: PropertyKey | undefined };
}

type Target = { [STATE]: DraftState };

function isObject(v: unknown): v is Record<PropertyKey, unknown> {
  return typeof v === 'object' && v !== null;
}

function stateOf(v: unknown): DraftState | undefined {
  return isObject(v) ? (v as unknown as Target)[STATE] : undefined;
}

function makeDraft(base: Record<PropertyKey, unknown>, parent: DraftState | undefined): DraftState {
  const state: DraftState = {
    base, copy: undefined, parent, children: undefined, written: undefined, proxy: undefined as unknown as object, done: false, result: undefined,
  };
  // the state rides on the proxy's target (configurable, so the traps may leave it out of the keys they report)
  let target: Target;
  if (Array.isArray(base)) { target = [] as unknown as Target; target[STATE] = state; } else target = { [STATE]: state };
  state.proxy = new Proxy(target, handler);
  return state;
}

function source(s: DraftState): Record<PropertyKey, unknown> {
  return s.copy ?? s.base;
}

function modified(s: DraftState): void {
  if (s.done) throw new Error('A draft of the outbox was written after its change ended; change the ledger only inside ledger.change().');
  if (s.copy) return;
  s.copy = Array.isArray(s.base) ? s.base.slice() as unknown as Record<PropertyKey, unknown> : shallowCopy(s.base);
  if (s.parent) modified(s.parent);
}

/** A plain object's own properties (a for-in copy: about twice as fast as Object.assign for the 10,000-key rows map). */
function shallowCopy(o: Record<PropertyKey, unknown>): Record<PropertyKey, unknown> {
  const out: Record<PropertyKey, unknown> = {};
  for (const k in o) if (Object.prototype.hasOwnProperty.call(o, k)) out[k] = o[k];
  return out;
}

function wrote(s: DraftState, prop: PropertyKey): void {
  (s.written ??= new Set()).add(prop);
}

const handler: ProxyHandler<Target> = {
  get(target, prop) {
    const s = target[STATE];
    if (prop === STATE) return s;
    const src = source(s);
    const v = src[prop];
    let iterating = false;
    if (s.inPlace) {
      iterating = s.inPlace.pending === prop;
      s.inPlace.pending = undefined;
      // the quick way for the 10,000 rows of a day's total: a committed row no draft was handed out for
      if (iterating && isObject(v) && Object.isFrozen(v) && !s.children?.has(prop)) return v;
    }
    if (!isObject(v) || stateOf(v)) return v;
    // an object of the base (or a new value assigned by fn, which is fn's own: handed out as it is)
    if (s.copy && s.written?.has(prop)) return v;
    if (!Object.prototype.hasOwnProperty.call(src, prop)) return v;
    const known = s.children?.get(prop);
    if (known && known.base === v) return known.proxy;
    const child = makeDraft(v, s);
    if (!s.parent && prop === 'rows') child.inPlace = { last: undefined, pending: undefined };
    (s.children ??= new Map()).set(prop, child);
    return child.proxy;
  },
  set(target, prop, value) {
    const s = target[STATE];
    if (s.inPlace) s.inPlace.pending = undefined;
    const src = source(s);
    if (src[prop] === value && Object.prototype.hasOwnProperty.call(src, prop)) {
      if (s.done) throw new Error('A draft of the outbox was written after its change ended; change the ledger only inside ledger.change().');
      return true;
    }
    // assigning back the draft that stands for this very property changes nothing
    const st = stateOf(value);
    if (st && st.parent === s && src[prop] === st.base && !st.copy) return true;
    modified(s);
    s.copy![prop] = value;
    wrote(s, prop);
    return true;
  },
  deleteProperty(target, prop) {
    const s = target[STATE];
    if (s.inPlace) s.inPlace.pending = undefined;
    if (!Object.prototype.hasOwnProperty.call(source(s), prop)) return true;
    modified(s);
    delete s.copy![prop];
    wrote(s, prop);
    return true;
  },
  defineProperty(target, prop, desc) {
    const s = target[STATE];
    if (s.inPlace) s.inPlace.pending = undefined;
    modified(s);
    wrote(s, prop);
    return Reflect.defineProperty(s.copy!, prop, desc);
  },
  has(target, prop) {
    if (prop === STATE) return true;
    const s = target[STATE];
    if (s.inPlace) s.inPlace.pending = undefined;
    return prop in source(s);
  },
  ownKeys(target) {
    const s = target[STATE];
    const keys = Reflect.ownKeys(source(s));
    if (s.inPlace) { s.inPlace.last = keys[keys.length - 1]; s.inPlace.pending = undefined; }
    return keys;
  },
  getOwnPropertyDescriptor(target, prop) {
    const s = target[STATE];
    if (s.inPlace) {
      // the rows map: plain data (every property enumerable and writable); iteration (Object.values / entries,
      // spread) asks this, then gets the same key: the value as it is, and the get that comes next too
      if (!Object.prototype.hasOwnProperty.call(source(s), prop)) { s.inPlace.pending = undefined; return undefined; }
      const place = s.inPlace;
      place.pending = prop;
      const value = handler.get!(target, prop, undefined);
      place.pending = prop !== place.last ? prop : undefined;
      return { value, writable: true, enumerable: true, configurable: true };
    }
    const d = Reflect.getOwnPropertyDescriptor(source(s), prop);
    if (!d) return undefined;
    // an array's length is not configurable on the (array) target either; everything else is reported configurable
    if (prop !== 'length' || !Array.isArray(s.base)) d.configurable = true;
    if ('value' in d) d.value = handler.get!(target, prop, undefined);
    return d;
  },
  getPrototypeOf(target) {
    return Reflect.getPrototypeOf(target[STATE].base);
  },
  setPrototypeOf() {
    return false;
  },
};

/** The final value of a draft: its base when nothing under it was written, else its copy with drafts resolved. */
function finalize(s: DraftState): unknown {
  if (s.done) return s.result;
  s.done = true;
  if (!s.copy) {
    s.result = s.base;
    // drafts handed out under an unwritten draft were not written either (a write marks every parent)
    if (s.children) for (const c of s.children.values()) c.done = true, c.result = c.base;
    return s.result;
  }
  const copy = s.copy;
  if (s.children) {
    for (const [prop, c] of s.children) {
      if (copy[prop] === c.base) copy[prop] = finalize(c);
      else finalize(c); // replaced or removed: its writes (if any) go nowhere, but it is closed too
    }
  }
  // a draft can only get into a copy by a write (an array's push, splice or sort writes each index it moves)
  if (s.written) for (const prop of s.written) if (Object.prototype.hasOwnProperty.call(copy, prop)) copy[prop] = resolve(copy[prop]);
  s.result = copy;
  return copy;
}

/** Freezes a committed row (and what it holds): read by iteration without a draft, it must refuse writes. */
export function freezeDeep<T>(v: T): T {
  if (!isObject(v) || Object.isFrozen(v)) return v;
  Object.freeze(v);
  for (const k of Object.keys(v)) freezeDeep((v as Record<string, unknown>)[k]);
  return v;
}

/** Freezes every row of a document (a document read or built outside `produceJournal`). */
export function freezeRows(doc: Journal): Journal {
  for (const id in doc.rows) freezeDeep(doc.rows[id]);
  return doc;
}

/** `v` with every draft inside it replaced by its final value. New objects are fixed in place; drafts are replaced. */
export function resolve(v: unknown): unknown {
  if (!isObject(v)) return v;
  const st = stateOf(v);
  if (st) return finalize(st);
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x = v[i];
      if (isObject(x)) { const r = resolve(x); if (r !== x) v[i] = r; }
    }
    return v;
  }
  for (const k of Object.keys(v)) {
    const x = v[k];
    if (isObject(x)) { const r = resolve(x); if (r !== x) v[k] = r; }
  }
  return v;
}

export function emptyDiff(d: JournalDiff): boolean {
  return Object.keys(d.rows).length === 0 && d.rowsGone.length === 0 && d.ops.length === 0 && d.opsGone.length === 0
    && d.order === undefined && d.seq === undefined;
}

/**
 * Runs `fn` on a draft of `base`. Returns the new document (sharing every unchanged row and operation with `base`;
 * `base` itself is not touched), `fn`'s result (drafts in it resolved) and the diff. When `fn` throws, nothing
 * changed and the draft is discarded.
 */
export function produceJournal<T>(base: Journal, fn: (draft: Journal) => T): { next: Journal; out: T; diff: JournalDiff } {
  const root = makeDraft(base as unknown as Record<PropertyKey, unknown>, undefined);
  const out = fn(root.proxy as Journal);
  // the rows map's draft, if fn reached it: it knows which ids were touched (no walk over 10,000 keys)
  const rowsState = root.children?.get('rows');
  const next = finalize(root) as Journal;
  const resolved = resolve(out) as T;
  const diff = diffJournal(base, next, rowsState);
  for (const id in diff.rows) freezeDeep(diff.rows[id]);
  return { next, out: resolved, diff };
}

function diffJournal(base: Journal, next: Journal, rowsState: DraftState | undefined): JournalDiff {
  const diff: JournalDiff = { rows: {}, rowsGone: [], ops: [], opsGone: [] };
  if (next === base) return diff;
  if (next.seq !== base.seq) diff.seq = next.seq;
  if (next.rows !== base.rows) {
    // the keys fn touched, when the rows map it wrote is the draft of base.rows; otherwise (j.rows = {...}) all keys
    let keys: Iterable<string>;
    if (rowsState && rowsState.base === base.rows && rowsState.result === next.rows) {
      const touched = new Set<string>();
      for (const k of rowsState.children?.keys() ?? []) if (typeof k === 'string') touched.add(k);
      for (const k of rowsState.written ?? []) if (typeof k === 'string') touched.add(k);
      keys = touched;
    } else {
      keys = new Set([...Object.keys(base.rows), ...Object.keys(next.rows)]);
    }
    for (const k of keys) {
      const had = Object.prototype.hasOwnProperty.call(base.rows, k);
      const has = Object.prototype.hasOwnProperty.call(next.rows, k);
      if (has && (!had || next.rows[k] !== base.rows[k])) diff.rows[k] = next.rows[k];
      else if (had && !has) diff.rowsGone.push(k);
    }
  }
  if (next.ops !== base.ops) Object.assign(diff, diffOps(base.ops, next.ops));
  return diff;
}

/**
 * Operations added, changed and removed between two lists, by id; `order` only when the survivors moved. The usual
 * changes (one changed in place, some appended, some filtered out) are found walking both lists side by side; only
 * a list that is not the old one in order (with some left out, some added at the end) costs a map of the old ids.
 */
export function diffOps(prev: readonly OutboxOp[], next: readonly OutboxOp[]): Pick<JournalDiff, 'ops' | 'opsGone' | 'order'> {
  const ops: OutboxOp[] = [];
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
      if (prev[i] !== o) ops.push(o);
      i++; k++;
      continue;
    }
    const at = removedAhead(o.id);
    if (at < 0) break; // a new id (appended from here on) or one out of order
    for (let x = i; x < at; x++) opsGone.push(prev[x].id);
    i = at;
  }
  if (i >= prev.length) {
    // the rest of next is new: appended in its order, unless an id repeats an old one (then the careful way)
    const gone = new Set(opsGone);
    const rest = next.slice(k);
    if (rest.every((o) => !gone.has(o.id)) && new Set(rest.map((o) => o.id)).size === rest.length) return { ops: [...ops, ...rest], opsGone };
  } else if (k >= next.length) {
    for (let x = i; x < prev.length; x++) opsGone.push(prev[x].id);
    return { ops, opsGone };
  }
  return diffOpsByMap(prev, next);
}

function diffOpsByMap(prev: readonly OutboxOp[], next: readonly OutboxOp[]): Pick<JournalDiff, 'ops' | 'opsGone' | 'order'> {
  const at = new Map<string, number>();
  for (let i = 0; i < prev.length; i++) at.set(prev[i].id, i);
  const ops: OutboxOp[] = [];
  let kept = 0;
  let last = -1;
  let appended = false;
  let ordered = true;
  const seen = new Set<string>();
  for (const o of next) {
    if (seen.has(o.id)) { ordered = false; continue; } // a duplicate id: kept once (replay is by id)
    seen.add(o.id);
    const i = at.get(o.id);
    if (i === undefined) { ops.push(o); appended = true; continue; }
    kept++;
    if (i < last || appended) ordered = false; // replay appends new ids at the end and keeps the others in place
    last = i;
    if (prev[i] !== o) ops.push(o);
  }
  const opsGone = kept < prev.length ? prev.filter((o) => !seen.has(o.id)).map((o) => o.id) : [];
  return { ops, opsGone, ...(ordered ? {} : { order: [...seen] }) };
}

/**
 * A plain deep copy of a value that may be (or hold) drafts: what `structuredClone` gives for plain data, which it
 * cannot give for a draft (a Proxy cannot be cloned). For a value to keep after the change (./claims.ts).
 */
export function current<T>(v: T): T {
  if (!isObject(v)) return v;
  if (Array.isArray(v)) return v.map((x) => current(x)) as T;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) out[k] = current((v as Record<string, unknown>)[k]);
  return out as T;
}
