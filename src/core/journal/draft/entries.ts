/**
 * A list of the document (the outbox's entries) read and cut without a draft of every element: with 10,000 entries,
 * going through the draft (`j.ops.filter(...)`) costs a few milliseconds on every sync step.
 */
import { modified, stateOf, type DraftState } from './proxy';

/**
 * The elements of an array (a draft or a plain one) as they are now, FOR READING ONLY: an element a draft was handed
 * out for is that draft; any other is the committed value itself, which must not be written to (take it with
 * `findItem` to change it). Going through the draft instead (`j.ops.filter(...)`) makes a draft of every element:
 * with 10,000 entries, a few milliseconds on every sync step.
 */
export function itemsToRead<T>(arr: readonly T[]): readonly T[] {
  const s = stateOf(arr);
  if (!s) return arr;
  const src = (s.copy ?? s.base) as unknown as T[];
  if (!s.children) return src;
  const out = src.slice();
  for (const [prop, c] of s.children) {
    const i = typeof prop === 'string' ? Number(prop) : NaN;
    if (Number.isInteger(i) && src[i] === (c.base as unknown)) out[i] = c.proxy as T;
  }
  return out;
}

/** The first element that matches, as a draft (to change it), without a draft of the elements before it. */
export function findItem<T>(arr: T[], test: (item: T) => boolean): T | undefined {
  const s = stateOf(arr);
  const src = s ? ((s.copy ?? s.base) as unknown as T[]) : arr;
  // as `itemsToRead` has it (an element a draft was handed out for is that draft), without a copy of the list: the
  // sync's note at an opening copied 10,000 entries to find the first
  let drafts: Map<number, T> | undefined;
  for (const [prop, c] of s?.children ?? []) {
    const i = typeof prop === 'string' ? Number(prop) : NaN;
    if (Number.isInteger(i) && src[i] === (c.base as unknown)) (drafts ??= new Map()).set(i, c.proxy as T);
  }
  for (let i = 0; i < src.length; i++) if (test(drafts?.get(i) ?? src[i])) return arr[i];
  return undefined;
}

/**
 * The last element that matches, as a draft, looking from the end: an entry just appended (a new log's add) is found
 * at once, where `findItem` passes every entry before it (10,000 with a backlog: half a millisecond on every log).
 */
export function findLastItem<T>(arr: T[], test: (item: T) => boolean): T | undefined {
  const s = stateOf(arr);
  const src = s ? ((s.copy ?? s.base) as unknown as T[]) : arr;
  for (let i = src.length - 1; i >= 0; i--) {
    // as `itemsToRead` has it (an element a draft was handed out for is that draft), without a copy of the list
    const c = s?.children?.get(String(i));
    const item = c && (c.base as unknown) === src[i] ? (c.proxy as T) : src[i];
    if (test(item)) return arr[i];
  }
  return undefined;
}

/** Every element that matches, as drafts (to change them). */
export function itemsWhere<T>(arr: T[], test: (item: T) => boolean): T[] {
  const items = itemsToRead(arr);
  const out: T[] = [];
  for (let i = 0; i < items.length; i++) if (test(items[i])) out.push(arr[i]);
  return out;
}

/**
 * Removes the elements that match from an array in place (a draft or a plain one), keeping the others in order: what
 * `arr = arr.filter((x) => !drop(x))` gives, without a draft of every element kept.
 */
export function removeItems<T>(arr: T[], drop: (item: T) => boolean): void {
  const s = stateOf(arr);
  const items = itemsToRead(arr);
  const keep: number[] = [];
  for (let i = 0; i < items.length; i++) if (!drop(items[i])) keep.push(i);
  if (keep.length === items.length) return;
  if (!s) {
    for (let w = 0; w < keep.length; w++) arr[w] = arr[keep[w]];
    arr.length = keep.length;
    return;
  }
  modified(s);
  const copy = s.copy as unknown as unknown[];
  const moved = new Map<PropertyKey, PropertyKey>();
  keep.forEach((from, to) => moved.set(String(from), String(to)));
  // drafts handed out and values written move with their element; a removed draft is closed at the end (its key
  // no longer names its element), so a write through it afterwards still throws
  const children = new Map<PropertyKey, DraftState>();
  let gone = 0;
  for (const [prop, c] of s.children ?? []) {
    const to = moved.get(prop);
    children.set(to ?? Symbol(`removed ${gone++}`), c);
  }
  const written = new Set<PropertyKey>(['length']);
  for (const prop of s.written ?? []) {
    const to = moved.get(prop);
    if (to !== undefined) written.add(to);
  }
  s.copy = keep.map((i) => copy[i]) as unknown as Record<PropertyKey, unknown>;
  s.children = children;
  s.written = written;
  s.moved = true;
}
