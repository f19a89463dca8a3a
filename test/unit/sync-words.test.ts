/**
 * The one status line for sync (src/shared/status/sync-words.ts): every shape of the status in words, short enough for the
 * pill at the tray's width, and the same words and counts in the pill, the outbox's heading and groups, the tray and
 * `punch status`; the pill's tooltip says its label once.
 * @inner src/core/outbox/operations.ts, src/core/outbox/send-steps.ts
 */
import { describe, expect, it } from 'vitest';
import type { AppStatus, OutboxEntry } from '../../src/shared/domain';
import { SYNC_STATE_MESSAGES, SYNC_STATE_WORDS, syncLine } from '../../src/shared/status/sync-words';
import { clockTime } from '../../src/shared/status/network';
import { describeStatus } from '../../src/renderer/src/store/slices/status';
import { groupOf, groupOutbox } from '../../src/renderer/src/store/outbox-groups';
import { SYNC_LABELS } from '../../src/renderer/src/format';
import { pillTitle } from '../../src/renderer/src/components/StatusPill';
import { trayWords } from '../../src/main/electron/tray-words';
import { statusCommand } from '../../src/cli/commands/account';
import type { CommandContext } from '../../src/cli/command';
import { tempDir } from '../fixtures/temp-dirs';
import { countByState, toOutboxEntry } from '../../src/core/outbox';
import { createLedger, type LogFields } from '../../src/core/journal';
import { recordAdd } from '../../src/core/outbox/operations';
import { markAmbiguous, markApplied, markRefused, markSending } from '../../src/core/outbox/send-steps';
import { TEST_NOW } from '../fixtures/test-clock';
import { wallClock } from '../fixtures/test-timers';
import { englishWording } from '../../src/shared/i18n/english';

const account = {
  kind: 'sandbox',
  baseUrl: 'http://127.0.0.1:1',
  user: 'maya',
  authMethod: 'none',
  authScheme: 'Bearer',
  signedIn: true,
} as const;
const UNTIL = TEST_NOW + 5 * 60_000;
const status = (
  over: Partial<AppStatus> & { queued?: number; sending?: number; attention?: number; others?: number; held?: number } = {},
): AppStatus => {
  const { queued = 0, sending = 0, attention = 0, others, held, ...rest } = over;
  return {
    online: true,
    network: { cause: 'online', at: TEST_NOW },
    outbox: {
      queued,
      sending,
      needsAttention: attention,
      ...(others !== undefined ? { otherAccounts: others } : {}),
      ...(held !== undefined ? { heldForAnswer: held } : {}),
    },
    account,
    ...rest,
  };
};
/** A damaged outbox whose torn end held `n` logs found nowhere else (src/core/journal/salvage.ts), offered to the user. */
const damaged = (n: number, resolved?: { action: 'logged' | 'discarded'; at: number }) => ({
  id: 'outbox-1',
  what: 'the outbox',
  file: 'outbox.jsonl',
  keptAs: 'damaged/outbox-1.jsonl',
  reason: 'it ends in the middle of a record',
  outcome: 'nothing recovered',
  recovered: 0,
  at: TEST_NOW,
  offer: {
    logs: Array.from({ length: n }, (_, i) => ({
      workDate: '2026-11-25',
      hours: '01:00',
      jobName: `Job ${i}`,
      billingStatus: 'Billable' as const,
    })),
    ...(resolved ? { resolved } : {}),
  },
});
/** A torn end that held `deletes` deletes of logs the file still holds (src/core/journal/torn-end.ts), and `logs` logs. */
const tornDeletes = (deletes: number, logs = 0) => {
  const d = damaged(logs);
  const one = (i: number) => ({
    localId: `L-${i}`,
    workDate: '2026-11-25',
    hours: '00:20',
    jobName: 'Job',
    billingStatus: 'Billable' as const,
  });
  return { ...d, offer: { ...d.offer, deletes: Array.from({ length: deletes }, (_, i) => one(i)) } };
};
const offline = (cause: 'offline-no-network' | 'offline-dns' | 'not-the-service' | 'timeout' = 'offline-no-network') => ({
  online: false,
  network: { cause, at: TEST_NOW },
});

/** [what, status, short, tone, sentence]: every shape the status takes. */
const SHAPES: Array<[string, AppStatus | null, string, string, string]> = [
  ['nothing heard yet', null, 'Connecting…', 'busy', 'Punchcard is starting and has not checked the service yet.'],
  ['online, everything sent', status(), 'Online · all synced', 'ok', 'Everything you logged has reached the service.'],
  ['online, two waiting', status({ queued: 2 }), 'Online · 2 waiting', 'busy', '2 entries are waiting to be sent.'],
  // not "Online" before the service answered (a connection accepted and never answered showed "Online" for seconds)
  [
    'not checked yet, everything sent',
    status({ network: { cause: 'unchecked' } }),
    'All synced',
    'ok',
    'Everything you logged has reached the service. The connection to the service has not been checked yet.',
  ],
  [
    'not checked yet, two waiting',
    status({ network: { cause: 'unchecked' }, queued: 2 }),
    '2 waiting',
    'busy',
    '2 entries are waiting to be sent. The connection to the service has not been checked yet.',
  ],
  ['online, one being sent', status({ queued: 1, sending: 1 }), 'Syncing 2', 'busy', '2 entries are waiting to be sent.'],
  [
    'offline, one waiting',
    status({ ...offline(), queued: 1 }),
    'Offline · 1 waiting',
    'off',
    'Offline: no network. 1 entry is waiting to be sent when the service can be reached again.',
  ],
  [
    'offline, nothing waiting',
    status(offline('offline-dns')),
    'Offline',
    'off',
    "Offline: the service's name cannot be found (DNS). Nothing is waiting to be sent.",
  ],
  [
    'a Wi-Fi sign-in page',
    status({ ...offline('not-the-service'), queued: 12 }),
    'Offline · 12 waiting',
    'off',
    'Offline: a login page or proxy answered instead of the service (Wi-Fi sign-in?). 12 entries are waiting to be sent when the service can be reached again.',
  ],
  [
    "a gateway's error page, not a Wi-Fi sign-in",
    status({ online: false, network: { cause: 'not-the-service', at: TEST_NOW, httpStatus: 502 }, queued: 1 }),
    'Offline · 1 waiting',
    'off',
    'Offline: a server in front of the service answered with an error page. 1 entry is waiting to be sent when the service can be reached again.',
  ],
  [
    'a refusal while offline',
    status({ ...offline('timeout'), queued: 4, attention: 1 }),
    '1 needs attention',
    'warn',
    'Offline: the service does not answer. 4 entries are waiting to be sent when the service can be reached again. 1 entry needs your attention in the outbox.',
  ],
  ['two refusals online', status({ attention: 2 }), '2 need attention', 'warn', '2 entries need your attention in the outbox.'],
  [
    'the sign-in rejected',
    status({ network: { cause: 'token-rejected' }, queued: 1 }),
    'Sign in again',
    'warn',
    'The service rejected the sign-in: sign in again. 1 entry is waiting to be sent once you sign in again.',
  ],
  [
    'rate limited',
    status({ network: { cause: 'rate-limited', until: UNTIL }, queued: 3 }),
    `Paused until ${clockTime(UNTIL)}`,
    'busy',
    `The service asked Punchcard to slow down: nothing is sent before ${clockTime(UNTIL)}. 3 entries are waiting to be sent after that.`,
  ],
  [
    'the service failing',
    status({ network: { cause: 'server-error' }, queued: 1 }),
    'Service failing',
    'warn',
    'The service is failing right now; Punchcard tries again by itself. 1 entry is waiting to be sent when it works again.',
  ],
  [
    'another account waiting',
    status({ others: 2 }),
    'Online · all synced',
    'ok',
    'Everything you logged has reached the service. 2 entries wait for another account to sign in.',
  ],
  [
    'logs read back from a damaged file, not yet logged again',
    status({ damage: [damaged(2)] }),
    '2 logs to check',
    'warn',
    '2 logs read back from a damaged file have not reached the service: log them again or discard them.',
  ],
  [
    'a damaged file whose logs were logged again',
    status({ damage: [damaged(1, { action: 'logged', at: TEST_NOW })] }),
    'Online · all synced',
    'ok',
    'Everything you logged has reached the service.',
  ],
  [
    'one log read back while one waits',
    status({ damage: [damaged(1)], queued: 1 }),
    'Online · 1 waiting',
    'busy',
    '1 entry is waiting to be sent. 1 log read back from a damaged file has not reached the service: log it again or discard it.',
  ],
  [
    'a queued log held for the answer to its torn delete, nothing else waiting',
    status({ queued: 1, held: 1, damage: [tornDeletes(1)] }),
    '1 log to check',
    'warn',
    '1 entry waits for your answer before it is sent. You deleted 1 log and the delete was not saved: delete it or keep it.',
  ],
  [
    'a held log beside one that waits to be sent',
    status({ queued: 3, held: 2, damage: [tornDeletes(2)] }),
    'Online · 1 waiting',
    'busy',
    '1 entry is waiting to be sent. 2 entries wait for your answer before they are sent. You deleted 2 logs and the deletes were not saved: delete them or keep them.',
  ],
  [
    'a held log while offline',
    status({ ...offline(), queued: 1, held: 1, offers: [tornDeletes(1)] }),
    'Offline',
    'off',
    'Offline: no network. 1 entry waits for your answer before it is sent. You deleted 1 log and the delete was not saved: delete it or keep it.',
  ],
  [
    'a torn delete of a synced log (nothing held)',
    status({ offers: [tornDeletes(1)] }),
    '1 log to check',
    'warn',
    'You deleted 1 log and the delete was not saved: delete it or keep it.',
  ],
  [
    'a log read back and a delete not saved, in one report',
    status({ offers: [tornDeletes(1, 1)] }),
    '2 logs to check',
    'warn',
    '1 log read back from a damaged file has not reached the service: log it again or discard it. You deleted 1 log and the delete was not saved: delete it or keep it.',
  ],
  [
    'the disk full',
    status({ storage: 'full', queued: 1 }),
    'Disk full',
    'warn',
    'The disk is full: Punchcard cannot save anything new. Free some space; nothing you already logged is lost. 1 entry is waiting to be sent.',
  ],
  [
    'the account unreadable',
    status({
      account: { ...account, signedIn: false, problem: 'Not signed in: the account file could not be read. Sign in again.' },
      queued: 1,
    }),
    'Not signed in',
    'warn',
    'Not signed in: the account file could not be read. Sign in again. 1 entry is waiting to be sent once you sign in.',
  ],
];

describe('the status line', () => {
  it.each(SHAPES)('says %s', (_what, s, short, tone, sentence) => {
    expect(syncLine(s, englishWording())).toMatchObject({ short, tone, sentence });
  });

  it("the pill's tooltip (StatusPill `pillTitle`) says the label once, not again when the sentence begins with it", () => {
    const titleOf = (st: AppStatus) => {
      const line = syncLine(st, englishWording());
      return pillTitle(line.short, line.sentence, '', 'Open the outbox.');
    };
    // offline it read "Offline. Offline: no network. …", the pill's name for a screen reader too
    expect(titleOf(status(offline()))).toBe('Offline: no network. Nothing is waiting to be sent. Open the outbox.');
    expect(titleOf(status())).toBe('Online · all synced. Everything you logged has reached the service. Open the outbox.');
    expect(titleOf(status({ ...offline('offline-dns'), queued: 2 }))).toBe(
      "Offline · 2 waiting. Offline: the service's name cannot be found (DNS). 2 entries are waiting to be sent when the service can be reached again. Open the outbox.",
    );
  });

  it('keeps the short form short enough for the pill at 420 px, and the cause out of it', () => {
    for (const [what, s] of SHAPES) {
      const { short } = syncLine(s, englishWording());
      expect(short.length, what).toBeLessThanOrEqual(20);
      expect(short, what).not.toMatch(/network|DNS|login|proxy/);
    }
  });

  it('counts waiting as queued + syncing, with attention and other accounts apart', () => {
    expect(syncLine(status({ queued: 2, sending: 1, attention: 4, others: 5 }), englishWording()).counts).toEqual({
      waiting: 3,
      heldForAnswer: 0,
      needsAttention: 4,
      otherAccounts: 5,
    });
  });

  it('counts an entry held for the answer to a torn delete apart from what waits to be sent (queued still counts it)', () => {
    expect(syncLine(status({ queued: 3, sending: 1, held: 2 }), englishWording()).counts).toEqual({
      waiting: 2,
      heldForAnswer: 2,
      needsAttention: 0,
      otherAccounts: 0,
    });
  });

  it("writes a long count with the region's thousands separator in the pill, as the outbox heading does", () => {
    expect(syncLine(status({ queued: 10_000 }), englishWording()).short).toBe('Online · 10,000 waiting');
    expect(syncLine(status({ online: false, queued: 12_345 }), englishWording()).short).toBe('Offline · 12,345 waiting');
    expect(syncLine(status({ sending: 1_500 }), englishWording()).short).toMatch(/1,500/);
  });

  it('says each state of an entry with one word, the same in the outbox, the week and punch', () => {
    expect(SYNC_STATE_WORDS).toEqual({ queued: 'Queued', sending: 'Syncing', synced: 'Synced', 'needs-attention': 'Needs attention' });
    for (const state of ['queued', 'sending', 'synced', 'needs-attention'] as const)
      expect(SYNC_LABELS[state].message).toBe(SYNC_STATE_MESSAGES[state]);
  });
});

describe('the pill, the outbox, the tray and punch status agree', () => {
  const punchStatus = async (s: AppStatus) => {
    const ctx = {
      values: {},
      positionals: [],
      globals: { dataDir: '/data/Punchcard' },
      core: async () => ({ call: async () => s }),
      note: () => undefined,
      readStdin: async () => '',
      words: englishWording(),
    } as unknown as CommandContext;
    return (await statusCommand.run(ctx)).text;
  };

  it.each(SHAPES.filter(([, s]) => s !== null))('on %s', async (_what, s) => {
    const line = syncLine(s, englishWording());
    // the pill: the short form, with the sentence in its tooltip and accessible name
    expect(describeStatus(s, englishWording())).toEqual({ label: line.short, tone: line.tone, detail: line.sentence });
    // the tray: the same words in its tooltip, the same waiting count on "Sync now"
    const tray = trayWords(s!, 'Not tracking', englishWording());
    // (a damaged file unacknowledged adds the tray's own call to open the window: src/main/electron/tray-words.ts)
    const damagedNote = s!.damage?.length ? ' A data file was damaged: open Punchcard.' : '';
    expect(tray.tooltip).toBe(`Punchcard: Not tracking. ${line.sentence}${damagedNote}`);
    expect(tray.waiting).toBe(line.counts.waiting);
    expect(tray.headline).toBe(line.tone === 'ok' ? undefined : line.short);
    // punch status: the same line, and the same counts
    const text = await punchStatus(s!);
    expect(text).toMatch(new RegExp(`^Sync:\\s+${line.sentence.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
    expect(text).toMatch(
      new RegExp(`^Outbox:\\s+${line.counts.waiting} waiting \\(.*, ${line.counts.needsAttention} needs? attention`, 'm'),
    );
  });

  it('the outbox groups count exactly what the status counts (one journal, one account)', () => {
    const ledger = createLedger(
      tempDir('punch-sync-words-'),
      wallClock(() => 1_000),
    );
    const log = (over: Partial<LogFields>, who = 'sandbox|x|maya'): string =>
      ledger.change((j) =>
        recordAdd(
          j,
          {
            workDate: '2026-11-16',
            hours: '01:00',
            jobName: 'Design',
            billingStatus: 'Billable',
            ...over,
          },
          10,
          who,
        ),
      ).localId;
    for (const hours of ['01:00', '02:00', '03:00']) log({ hours });
    log({ hours: '04:00' }, 'sandbox|x|liam');
    log({ hours: '05:00' }, 'sandbox|x|liam');
    const opOf = (hours: string) => ledger.read().ops.find((o) => o.add?.hours === hours)!.id;
    ledger.change((j) => {
      markSending(j, opOf('01:00'), 20);
      markApplied(j, opOf('01:00'), 21, { timeLogId: 'T1' });
    });
    ledger.change((j) => {
      markSending(j, opOf('02:00'), 20);
      markRefused(j, opOf('02:00'), 22, 'The service refused this.', 'hours');
    });
    ledger.change((j) => {
      markSending(j, opOf('05:00'), 20);
      markAmbiguous(j, opOf('05:00'), 23);
    });
    const j = ledger.read();
    const entries = j.ops.map((o) => toOutboxEntry(j, o, 'sandbox|x|maya'));
    const counts = countByState(j, 'sandbox|x|maya');
    const line = syncLine(
      status({ queued: counts.queued, sending: counts.sending, attention: counts.needsAttention, others: counts.otherAccounts }),
      englishWording(),
    );
    const sizes = Object.fromEntries(groupOutbox(entries).map((g) => [g.id, g.entries.length]));
    expect(sizes).toEqual({ attention: 1, waiting: 1, 'other-account': 2, sent: 1 });
    expect(line.counts).toEqual({
      waiting: sizes.waiting,
      heldForAnswer: 0,
      needsAttention: sizes.attention,
      otherAccounts: sizes['other-account'],
    });
    expect(line.short).toBe('1 needs attention');
  });
});

describe('the outbox screen', () => {
  const entry = (id: string, state: OutboxEntry['state'], createdAt: number, updatedAt = createdAt, waitsFor?: string): OutboxEntry => ({
    id,
    kind: 'add',
    localId: `l-${id}`,
    workDate: '2026-11-18',
    hours: '01:00',
    jobName: 'Website',
    state,
    resolutions: [],
    attempts: [],
    createdAt,
    updatedAt,
    ...(waitsFor ? { waitsFor } : {}),
  });

  it('groups by state in the order needs attention, waiting, another account, sent recently, each newest first', () => {
    const entries = [
      entry('op-000001', 'synced', 1, 50),
      entry('op-000002', 'queued', 2),
      entry('op-000003', 'needs-attention', 3),
      entry('op-000004', 'sending', 4),
      entry('op-000005', 'synced', 5, 40),
      entry('op-000006', 'needs-attention', 6),
      entry('op-000007', 'queued', 7, 7, 'waits for liam@acme.com on people.zoho.eu: sign in to that account to send it'),
      entry('op-000008', 'queued', 8),
      entry('op-000009', 'queued', 8),
    ];
    const groups = groupOutbox(entries);
    expect(groups.map((g) => [englishWording().say(g.title), g.entries.map((e) => e.id)])).toEqual([
      ['Needs attention', ['op-000006', 'op-000003']],
      ['Waiting', ['op-000009', 'op-000008', 'op-000004', 'op-000002']],
      ['For another account', ['op-000007']],
      // sent recently: by when it reached the service
      ['Sent recently', ['op-000001', 'op-000005']],
    ]);
  });

  it('shows no empty group, and an entry of another account in its own group whatever its state', () => {
    expect(groupOutbox([entry('op-000001', 'queued', 1)]).map((g) => g.id)).toEqual(['waiting']);
    expect(groupOutbox([])).toEqual([]);
    expect(groupOf(entry('op-000002', 'needs-attention', 1, 1, 'waits for someone'))).toBe('other-account');
  });
});
