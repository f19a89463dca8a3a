/**
 * The badge beside a log or an outbox entry: its sync state, except for an entry sent whose answer was lost (its last
 * attempt ambiguous, docs/outbox.md "Classifying failures"). Such an entry stays "sending" until the service can say
 * whether it arrived, offline for hours perhaps, so "Syncing" would say something is under way when it waits: its badge
 * says "Checking" (Punchcard checks with the service before it sends again), beside the sentence that says why
 * (the form's line, the outbox row). Every screen and `punch` take the badge from here. Only the words: the entry's
 * `state` stays "sending" in the bridge and in `punch --json` (an interface others read).
 */
import type { OutboxEntry, SyncState } from '../domain';
import { defineMessages } from '../i18n/messages';

/** A sync state as a badge says it: the four states, and `checking` for a sending entry whose answer was lost. */
export type BadgeState = SyncState | 'checking';

export const CHECKING_MESSAGE = defineMessages({
  checking: {
    id: 'sync.state.checking',
    defaultMessage: 'Checking',
    description:
      'Badge of an outbox entry sent whose answer was lost: Punchcard checks with the service whether it arrived before sending it again (beside "Queued", "Syncing", "Synced").',
  },
}).checking;

/** Sent, its answer lost (the last attempt ambiguous), and not settled yet. A first send has no such attempt. */
export function inDoubt(entry: Pick<OutboxEntry, 'state' | 'attempts'>): boolean {
  return entry.state === 'sending' && entry.attempts.at(-1)?.outcome === 'ambiguous';
}

/** The badge of a log in `state` whose outbox entries are `entries` (any of them in doubt while sending: checking). */
export function badgeOf(state: SyncState, entries: ReadonlyArray<Pick<OutboxEntry, 'state' | 'attempts'>>): BadgeState {
  return state === 'sending' && entries.some(inDoubt) ? 'checking' : state;
}
