/**
 * The outbox's groups as the page shows them (the Outbox screen's headings, and the whole list grouped for tests and
 * tools), and the sentence after "Sync now". What the page holds of the list: ./slices/outbox.ts.
 */
import type { AppStatus, OutboxEntry, SyncReport } from '../../../shared/domain';
import { groupOf, OUTBOX_GROUPS, shownBefore, type OutboxGroupId } from '../../../shared/status/outbox-groups';
import { defineMessages, type MessageDescriptor } from '../../../shared/i18n/messages';
import { words, type Words } from '../i18n/words';

/** The outbox's groups, in the order they are shown: what needs the user first (src/shared/status/outbox-groups.ts). */
export type { OutboxGroupId };
export { groupOf };

export interface OutboxGroup {
  id: OutboxGroupId;
  title: MessageDescriptor;
  entries: OutboxEntry[];
}

const M = defineMessages({
  attention: {
    id: 'outbox.group.attention',
    defaultMessage: 'Needs attention',
    description: 'Heading: entries the service refused, or may not have.',
  },
  waiting: { id: 'outbox.group.waiting', defaultMessage: 'Waiting', description: 'Heading: entries queued or being sent.' },
  otherAccount: {
    id: 'outbox.group.other-account',
    defaultMessage: 'For another account',
    description: 'Heading: entries made under another account, sent when it signs in again.',
  },
  sent: { id: 'outbox.group.sent', defaultMessage: 'Sent recently', description: 'Heading: entries the service has.' },
  held: {
    id: 'outbox.group.held',
    defaultMessage: '({count, plural, one {# waits for your answer} other {# wait for your answer}})',
    description:
      'After the "Waiting" heading and its count: how many of them are not sent until the user answers about a delete that was not saved (the banner\'s Delete it / Keep it).',
  },
  offline: {
    id: 'outbox.sync.offline',
    defaultMessage: 'The service is not reachable. {remaining} waiting; they will sync when it is back.',
    description: 'After Sync now, offline. {remaining}: a number of entries.',
  },
  offlineNone: { id: 'outbox.sync.offline-none', defaultMessage: 'The service is not reachable.', description: 'After Sync now, offline.' },
  withHeld: {
    id: 'outbox.sync.with-held',
    defaultMessage:
      '{report} {held, plural, one {# is not sent until you answer about a delete that was not saved (Delete it or Keep it, above).} other {# are not sent until you answer about a delete that was not saved (Delete it or Keep it, above).}}',
    description:
      "After Sync now: {report} is the sentence of what was sent and waits; then entries held for the user's answer to the banner's offer. 'Delete it' and 'Keep it' are the banner's buttons: translate them as the buttons are.",
  },
  report: {
    id: 'outbox.sync.report',
    defaultMessage:
      'Sent {sent}.{found, plural, =0 {} one { # was already on the service.} other { # were already on the service.}}{remaining, plural, =0 {} other { # waiting.}}{attention, plural, =0 {} one { # needs attention.} other { # need attention.}}{done, select, yes { Everything reached the service.} other {}}',
    description:
      'After Sync now: how many entries were sent, were found on the service already (sent by an earlier sync whose end was lost: not sent twice), still wait, and need attention.',
  },
});

const GROUP_TITLES: Record<OutboxGroupId, MessageDescriptor> = {
  attention: M.attention,
  waiting: M.waiting,
  'other-account': M.otherAccount,
  sent: M.sent,
};

/** The outbox as shown: non-empty groups in OUTBOX_GROUPS order, each newest first (src/shared/status/outbox-groups.ts). */
export function groupOutbox(entries: readonly OutboxEntry[]): OutboxGroup[] {
  return OUTBOX_GROUPS.map((id) => {
    const mine = entries.filter((e) => groupOf(e) === id).sort((a, b) => shownBefore(id, a, b));
    return { id, title: GROUP_TITLES[id], entries: mine };
  }).filter((g) => g.entries.length > 0);
}

/**
 * The sentence after "Sync now". Entries held for the user's answer to a torn delete are not said to be waiting to
 * sync (they are not sent, however often Sync runs): they are said apart, with where to answer.
 */
export function describeSync(r: SyncReport): Words {
  const held = r.heldForAnswer ?? 0;
  const remaining = r.remaining - held;
  const said =
    !r.online && remaining === 0
      ? words(M.offlineNone)
      : !r.online
        ? words(M.offline, { remaining })
        : words(M.report, {
            sent: r.sent,
            found: r.alreadyThere ?? 0,
            remaining,
            attention: r.needsAttention,
            done: !r.remaining && !r.needsAttention ? 'yes' : 'no',
          });
  return held ? words(M.withHeld, { report: { words: said }, held }) : said;
}

/** A group as the screen shows it: its heading, its count and where it starts in the page's order. */
export interface OutboxGroupShown {
  id: OutboxGroupId;
  title: MessageDescriptor;
  count: number;
  start: number;
  /**
   * "Waiting" only: of `count`, the entries held for the user's answer to a torn delete, said beside the count
   * ("Waiting 3 (1 waits for your answer)") so the heading agrees with the header's line, which counts them apart
   * (src/shared/status/sync-words.ts). They stay in "Waiting": the core orders the list by groupOf, one rule.
   */
  held?: Words;
}

/**
 * The non-empty groups in OUTBOX_GROUPS order, each where it starts in the list (src/shared/status/outbox-groups.ts).
 * `heldForAnswer`: AppStatus `outbox.heldForAnswer`.
 */
export function groupsShown(groups: Record<OutboxGroupId, number>, heldForAnswer = 0): OutboxGroupShown[] {
  let start = 0;
  const out: OutboxGroupShown[] = [];
  for (const id of OUTBOX_GROUPS) {
    if (groups[id] > 0) {
      const held = id === 'waiting' ? Math.min(heldForAnswer, groups[id]) : 0;
      out.push({ id, title: GROUP_TITLES[id], count: groups[id], start, ...(held ? { held: words(M.held, { count: held }) } : {}) });
    }
    start += groups[id];
  }
  return out;
}

/**
 * The Outbox's headings as the screen shows them: the groups' counts and, beside Waiting, the entries held for an
 * answer, both from the outbox's last answer or push (store/slices/outbox.ts `held`), never the held count of the
 * status (another push, a moment apart: beside these counts it could say one waits for an answer already given).
 * The status's only from a core whose outbox does not say it.
 */
export function headingsShown(
  outbox: { groups: Record<OutboxGroupId, number>; held?: number },
  status: Pick<AppStatus, 'outbox'> | null | undefined,
): OutboxGroupShown[] {
  return groupsShown(outbox.groups, outbox.held ?? status?.outbox.heldForAnswer ?? 0);
}
