/**
 * What the page holds of the outbox, as pure rules (the slice is store/slices/outbox.ts): the places of the list in the
 * page's order that the Outbox screen shows (windows read from the core with `getOutboxList({ window })`), and each
 * log's entries as the core's pushes said them (Track's list and the week's cells read a log's state there). With
 * 10,000 entries waiting the page holds the rows in view and the logs of the weeks it shows, never the whole list.
 */
import type { OutboxChange, OutboxEntry, OutboxGroupId } from '../../../shared/domain';
import { OUTBOX_FIRST_WINDOW, OUTBOX_GROUPS } from '../../../shared/status/outbox-groups';

/** A part of the list in the page's order: places `from` to `from + count - 1`. */
export interface Span {
  from: number;
  count: number;
}

/** The first part a page reads as it opens: its version, the counts, and the Outbox's first screen. */
export const FIRST_WINDOW: Span = { ...OUTBOX_FIRST_WINDOW };

/** Where each group starts in the page's order (groups in OUTBOX_GROUPS order, each as long as its count). */
export function groupStarts(groups: Record<OutboxGroupId, number>): Record<OutboxGroupId, number> {
  let at = 0;
  const starts = {} as Record<OutboxGroupId, number>;
  for (const g of OUTBOX_GROUPS) {
    starts[g] = at;
    at += groups[g];
  }
  return starts;
}

/**
 * The parts to read so that every wanted place is held: all wanted when what is held is stale (a push moved the
 * list), else only the places missing. Parts closer than `join` places are read as one, none longer than `max`.
 */
export function spansToRead(
  wanted: readonly Span[],
  held: Readonly<Record<number, OutboxEntry>>,
  stale: boolean,
  max: number,
  join = 20,
): Span[] {
  const places: number[] = [];
  for (const w of wanted) for (let i = w.from; i < w.from + w.count; i++) if (stale || !(i in held)) places.push(i);
  places.sort((a, b) => a - b);
  const out: Span[] = [];
  for (const p of places) {
    const last = out.at(-1);
    if (last && p < last.from + last.count) continue;
    if (last && p - (last.from + last.count) <= join && p - last.from < max) last.count = p - last.from + 1;
    else out.push({ from: p, count: 1 });
  }
  return out;
}

/** `held` with a part read at `from` put in its places. */
export function placeAt(
  held: Readonly<Record<number, OutboxEntry>>,
  from: number,
  entries: readonly OutboxEntry[],
): Record<number, OutboxEntry> {
  const out = { ...held };
  entries.forEach((e, k) => (out[from + k] = e));
  return out;
}

/** `held` with the entries a push changed replaced where they are (their places are read again after it). */
export function replaceHeld(held: Readonly<Record<number, OutboxEntry>>, changed: readonly OutboxEntry[]): Record<number, OutboxEntry> {
  if (changed.length === 0) return held as Record<number, OutboxEntry>;
  const byId = new Map(changed.map((e) => [e.id, e]));
  const out: Record<number, OutboxEntry> = {};
  for (const [place, e] of Object.entries(held)) out[Number(place)] = byId.get(e.id) ?? e;
  return out;
}

/**
 * Each log's entries after a push: the core sends every entry of each log a change concerns (src/core/change-feed.ts),
 * so a log named in the push has exactly those now; an entry removed leaves its log's list.
 */
export function logsAfter(
  byLog: Readonly<Record<string, OutboxEntry[]>>,
  change: Pick<OutboxChange, 'entries' | 'removed'>,
): Record<string, OutboxEntry[]> {
  if (change.entries.length === 0 && change.removed.length === 0) return byLog as Record<string, OutboxEntry[]>;
  const out = { ...byLog };
  const gone = new Set(change.removed);
  if (gone.size > 0)
    for (const [localId, list] of Object.entries(out))
      if (list.some((e) => gone.has(e.id))) out[localId] = list.filter((e) => !gone.has(e.id));
  const named = new Map<string, OutboxEntry[]>();
  for (const e of change.entries) named.set(e.localId, [...(named.get(e.localId) ?? []), e]);
  for (const [localId, list] of named) out[localId] = list;
  return out;
}

/** Every group's count from a list of entries (a whole push from a core that sends no counts). */
export function countGroups(entries: readonly OutboxEntry[], groupOf: (e: OutboxEntry) => OutboxGroupId): Record<OutboxGroupId, number> {
  const groups = Object.fromEntries(OUTBOX_GROUPS.map((g) => [g, 0])) as Record<OutboxGroupId, number>;
  for (const e of entries) groups[groupOf(e)]++;
  return groups;
}

/** `entries` with a change applied: entries replaced where they are (by id), new ones added, removed ones left out. */
export function applyChange(entries: readonly OutboxEntry[], change: Pick<OutboxChange, 'entries' | 'removed'>): OutboxEntry[] {
  if (change.entries.length === 0 && change.removed.length === 0) return entries as OutboxEntry[];
  const byId = new Map(change.entries.map((e) => [e.id, e]));
  const gone = new Set(change.removed);
  const out: OutboxEntry[] = [];
  for (const e of entries) {
    if (gone.has(e.id)) continue;
    const now = byId.get(e.id);
    out.push(now ?? e);
    byId.delete(e.id);
  }
  for (const e of byId.values()) out.push(e);
  return out;
}
