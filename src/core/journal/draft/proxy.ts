/**
 * Copy-on-write drafts for `ledger.change(fn)` (../change.ts): `fn` mutates a draft of the journal as if it
 * were the document itself (`row.hours = ...`, `j.ops.push(...)`, `delete j.rows[id]`), while the current document
 * stays exactly as it is until the change is durable (it is what `read()` returned, and what is on disk). Only what
 * `fn` writes is copied: a change of one row of 10,000 copies that row, not 10,000 rows.
 *
 * The same idea as immer's `produce`, cut to what a JSON document needs: immer, with the journal's 10,000 rows, took
 * 10-40 ms per change here (its finalisation walks every property of every copied container and freezes what it
 * returns), which is the whole budget of an append. Measured again on 2026-11-27 (`bench/journal-drafts.ts`, immer
 * 11): at 10,000 entries a change takes 0.8-0.9 ms of CPU here, 10-13 ms with immer, 6-8 ms with plain copies of the
 * rows map and the entries list; so this layer stays (docs/benchmarks.md). Here a draft is a Proxy made on first access of an object or
 * array, copied (shallowly) on its first write. The rows map is not copied at all: what `fn` writes to it is kept
 * beside it (`overlay`), since a copy of 10,000 keys is itself a millisecond or two on every change; the ledger then
 * applies the overlay to its own rows map once the change is on disk (../change.ts `draftChange`).
 *
 * Rules for `fn` (as with immer): read and write through the draft only, synchronously; do not keep a draft after the
 * change (writing to one after it ended throws). Values put into the draft (new rows, new ops) become part of the
 * document as they are: do not change them afterwards. Rows reached by ITERATING `j.rows` (`Object.values`,
 * `Object.entries`, spread) are the committed rows themselves, frozen, so that reading all of them costs no copy: to
 * change a row, take it by its id (`j.rows[localId]`); a write to an iterated row throws. Committed rows are frozen
 * for everyone (`read()` too); entries are not. For the entries list, `itemsToRead`, `findItem` and
 * `removeItems` (./entries.ts) read and cut it without making a draft of every entry on the way.
 *
 * The draft's rooms: this file makes a draft and keeps what `fn` writes; ./finalize.ts turns it into the new document;
 * ./entries.ts reads and cuts a list without a draft per element; ./values.ts keeps values outside a change (frozen
 * committed rows, plain copies).
 */

const STATE = Symbol('punchcard.draft');
/** In the rows map's overlay: the key was deleted. */
export const GONE = Symbol('punchcard.gone');

export interface DraftState {
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
   * The rows map only. `overlay`: what was written, by key (GONE: deleted), in place of a copy. A row read by
   * iterating the map (`Object.values(j.rows)`: the property's descriptor, then the get of that same key) is handed
   * out as it is, without a draft, when it is frozen (committed rows are); a write to such a row throws. `last`: the
   * last key the map listed (its get cannot be told from a later direct one, so it gets a draft).
   */
  map?: { overlay: Map<PropertyKey, unknown> | undefined; last: PropertyKey | undefined; pending: PropertyKey | undefined };
  /** An array whose elements `removeItems` moved: its written places no longer say where it differs (../change.ts). */
  moved?: true;
}

type Target = { [STATE]: DraftState };

export function isObject(v: unknown): v is Record<PropertyKey, unknown> {
  return typeof v === 'object' && v !== null;
}

export const hasOwn = (o: object, k: PropertyKey) => Object.prototype.hasOwnProperty.call(o, k);

export function stateOf(v: unknown): DraftState | undefined {
  return isObject(v) ? (v as unknown as Target)[STATE] : undefined;
}

export function makeDraft(base: Record<PropertyKey, unknown>, parent: DraftState | undefined): DraftState {
  const state: DraftState = {
    base,
    copy: undefined,
    parent,
    children: undefined,
    written: undefined,
    proxy: undefined as unknown as object,
    done: false,
    result: undefined,
  };
  // the state rides on the proxy's target (configurable, so the traps may leave it out of the keys they report)
  let target: Target;
  if (Array.isArray(base)) {
    target = [] as unknown as Target;
    target[STATE] = state;
  } else target = { [STATE]: state };
  state.proxy = new Proxy(target, handler);
  return state;
}

/** The state of the rows map's draft, if `rows` is one (for ../change.ts and ../indexes/row-queries.ts). */
export function draftStateOf(v: unknown): DraftState | undefined {
  return stateOf(v);
}

export function isModified(s: DraftState): boolean {
  return s.copy !== undefined || s.map?.overlay !== undefined;
}

/** Has the draft now an own property `prop`? */
function has(s: DraftState, prop: PropertyKey): boolean {
  const o = s.map?.overlay;
  if (o && o.has(prop)) return o.get(prop) !== GONE;
  return hasOwn(s.copy ?? s.base, prop);
}

/** The draft's value of `prop` now (a draft handed out for it is not looked at: its base is the value). */
function value(s: DraftState, prop: PropertyKey): unknown {
  const o = s.map?.overlay;
  if (o && o.has(prop)) {
    const v = o.get(prop);
    return v === GONE ? undefined : v;
  }
  return (s.copy ?? s.base)[prop];
}

const ENDED = 'A draft of the outbox was written after its change ended; change the ledger only inside ledger.change().';

export function modified(s: DraftState): void {
  if (s.done) throw new Error(ENDED);
  if (isModified(s)) return;
  if (s.map) s.map.overlay = new Map();
  else s.copy = Array.isArray(s.base) ? (s.base.slice() as unknown as Record<PropertyKey, unknown>) : shallowCopy(s.base);
  if (s.parent) modified(s.parent);
}

/** A plain object's own properties (a for-in copy: about twice as fast as Object.assign for big maps). */
export function shallowCopy(o: Record<PropertyKey, unknown>): Record<PropertyKey, unknown> {
  const out: Record<PropertyKey, unknown> = {};
  for (const k in o) if (hasOwn(o, k)) out[k] = o[k];
  return out;
}

function store(s: DraftState, prop: PropertyKey, v: unknown): void {
  if (s.map) s.map.overlay!.set(prop, v);
  else if (v === GONE) delete s.copy![prop];
  else s.copy![prop] = v;
  (s.written ??= new Set()).add(prop);
}

const handler: ProxyHandler<Target> = {
  get(target, prop) {
    const s = target[STATE];
    if (prop === STATE) return s;
    const v = value(s, prop);
    if (s.map) {
      const iterating = s.map.pending === prop;
      s.map.pending = undefined;
      // the quick way for reading every row: a committed row no draft was handed out for
      if (iterating && isObject(v) && Object.isFrozen(v) && !s.children?.has(prop)) return v;
    }
    if (!isObject(v) || stateOf(v)) return v;
    // an object of the base (or a new value assigned by fn, which is fn's own: handed out as it is)
    if (s.written?.has(prop)) return v;
    if (!has(s, prop)) return v;
    const known = s.children?.get(prop);
    if (known && known.base === v) return known.proxy;
    const child = makeDraft(v, s);
    if (!s.parent && prop === 'rows') child.map = { overlay: undefined, last: undefined, pending: undefined };
    (s.children ??= new Map()).set(prop, child);
    return child.proxy;
  },
  set(target, prop, v) {
    const s = target[STATE];
    if (s.map) s.map.pending = undefined;
    const now = value(s, prop);
    if (now === v && has(s, prop)) {
      if (s.done) throw new Error(ENDED);
      return true;
    }
    // assigning back the draft that stands for this very property changes nothing
    const st = stateOf(v);
    if (st && st.parent === s && now === st.base && !isModified(st)) return true;
    modified(s);
    store(s, prop, v);
    return true;
  },
  deleteProperty(target, prop) {
    const s = target[STATE];
    if (s.map) s.map.pending = undefined;
    if (!has(s, prop)) return true;
    modified(s);
    store(s, prop, GONE);
    return true;
  },
  defineProperty(target, prop, desc) {
    const s = target[STATE];
    if (s.map) {
      s.map.pending = undefined;
      modified(s);
      store(s, prop, desc.value); // the rows map is plain data: a defined property is its value
      return true;
    }
    modified(s);
    (s.written ??= new Set()).add(prop);
    return Reflect.defineProperty(s.copy!, prop, desc);
  },
  has(target, prop) {
    if (prop === STATE) return true;
    const s = target[STATE];
    if (s.map) {
      s.map.pending = undefined;
      if (s.map.overlay?.has(prop)) return s.map.overlay.get(prop) !== GONE;
    }
    return prop in (s.copy ?? s.base);
  },
  ownKeys(target) {
    const s = target[STATE];
    if (!s.map) return Reflect.ownKeys(s.copy ?? s.base);
    let keys = Reflect.ownKeys(s.base);
    const o = s.map.overlay;
    if (o && o.size) {
      keys = keys.filter((k) => o.get(k) !== GONE);
      for (const [k, v] of o) if (v !== GONE && !hasOwn(s.base, k)) keys.push(k as string | symbol);
    }
    s.map.last = keys[keys.length - 1];
    s.map.pending = undefined;
    return keys;
  },
  getOwnPropertyDescriptor(target, prop) {
    const s = target[STATE];
    if (s.map) {
      // the rows map: plain data (every property enumerable and writable); iteration (Object.values / entries,
      // spread) asks this, then gets the same key: the value as it is, and the get that comes next too
      if (!has(s, prop)) {
        s.map.pending = undefined;
        return undefined;
      }
      const place = s.map;
      place.pending = prop;
      const v = handler.get!(target, prop, undefined);
      place.pending = prop !== place.last ? prop : undefined;
      return { value: v, writable: true, enumerable: true, configurable: true };
    }
    const d = Reflect.getOwnPropertyDescriptor(s.copy ?? s.base, prop);
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
