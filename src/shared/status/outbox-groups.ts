/**
 * The outbox's groups and their order, as the page shows them: what needs the user first, then what waits, then what
 * waits for another account, then what was sent recently; in each group the newest first. One rule for the page
 * (src/renderer/src/store/slices/outbox.ts groups the entries it holds) and the core (a window of the list in that
 * order, src/core/change-feed.ts, so that a page need not hold 10,000 entries to show the first twenty).
 */
import type { OutboxEntry, OutboxGroupId } from '../domain';

export type { OutboxGroupId };

/**
 * The most entries one window of the outbox list holds (`getOutboxList`, src/shared/contract/operations.ts): here so that the
 * page reads it without the contract's module (zod and every schema are not the renderer's to load).
 */
export const OUTBOX_WINDOW_MAX = 500;

/**
 * The window of the list a page reads as it opens (src/renderer/src/store/slices/outbox.ts): its version, every
 * group's count and the Outbox's first screen. A shell that answers a page's first calls ahead of time answers
 * `getOutboxList({ window: OUTBOX_FIRST_WINDOW })`, never the whole list (10,000 entries waiting: about 5 MiB).
 */
export const OUTBOX_FIRST_WINDOW: Readonly<{ from: number; count: number }> = Object.freeze({ from: 0, count: 50 });
export const OUTBOX_GROUPS: readonly OutboxGroupId[] = ['attention', 'waiting', 'other-account', 'sent'];

/**
 * Which group an entry belongs to. An entry of another account (`waitsFor`) is in its own group whatever its state: it
 * waits for that account, not for the network or the user (src/shared/status/sync-words.ts counts it apart the same
 * way), so "Waiting" holds exactly what the status line counts as waiting (queued + syncing) and "Needs attention"
 * exactly what it counts as needing attention.
 */
export function groupOf(e: Pick<OutboxEntry, 'waitsFor' | 'state'>): OutboxGroupId {
  if (e.waitsFor) return 'other-account';
  if (e.state === 'needs-attention') return 'attention';
  if (e.state === 'synced') return 'sent';
  return 'waiting';
}

/**
 * The order within a group: newest first. "Newest" is when the entry was made (`createdAt`), except for "Sent
 * recently", which goes by when it reached the service (`updatedAt`); ties keep the later entry first (entry ids grow
 * with the outbox's sequence). Negative: `a` is shown before `b`.
 */
export function shownBefore(group: OutboxGroupId, a: Pick<OutboxEntry, 'id' | 'createdAt' | 'updatedAt'>, b: typeof a): number {
  // no function made per call: the core checks the order of a group of 10,000 with it at every opening
  const sent = group === 'sent';
  return (sent ? b.updatedAt - a.updatedAt : b.createdAt - a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}
