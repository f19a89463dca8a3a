/**
 * Damaged-file tests for every file in the data directory other than the outbox journal,
 * through the real `punch`: each file truncated, empty, garbage, of another version and of a wrong shape. Each case
 * asserts that the bytes were kept (byte for byte, in damaged/), what was recovered, that the file was not silently
 * replaced (it holds exactly what the report says was recovered), and that `punch status` exits 5 until
 * `punch data acknowledge`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppStatus, DamageReport, TimerView } from '../../src/shared/domain';
import { listDamage } from '../../src/core/store';
import { startCliWorld, type CliWorld } from '../fixtures/cli-harness';

let w: CliWorld;
const dirs: string[] = [];
beforeAll(async () => {
  w = await startCliWorld();
});
afterAll(async () => {
  await w?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const NO_ENV = { PUNCH_BASE_URL: undefined, PUNCH_TOKEN: undefined, PUNCH_USER: undefined };
const newDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'punch-damaged-'));
  dirs.push(d);
  return d;
};
const EXIT_DAMAGED = 5;

/** `startedAt` of the running timer in the timer cases: two hours ago. */
const T = Date.now() - 2 * 3_600_000;
const GARBAGE = Buffer.from([0x00, 0xff, 0xfe, 0x7b, 0x22, 0x0a, 0x13, 0x37, 0x80, 0x81]);

interface Case {
  label: 'truncated' | 'empty' | 'garbage' | 'other version' | 'wrong shape';
  bytes: Buffer;
  reason: RegExp;
  outcome: RegExp;
  /** What the file holds afterwards (without formatVersion): exactly what was recovered. */
  after: (doc: Record<string, unknown>) => void;
  /** A further check through punch (the timer's start, the demo's jobs). */
  check?: (dataDir: string, env: Record<string, string | undefined>) => Promise<void>;
}

const text = (s: string) => Buffer.from(s, 'utf8');
const nothing = (doc: Record<string, unknown>) => expect(Object.keys(doc).filter((k) => k !== 'unreadable')).toEqual([]);
/** Nothing recovered, and the account file's unreadable marker says where the original is kept. */
const nothingButTheMarker = (doc: Record<string, unknown>) => {
  nothing(doc);
  return expect(doc.unreadable).toMatchObject({ keptAs: expect.stringContaining('damaged') });
};
/** The three cases where nothing can be read at all. */
const unreadable = (outcome: RegExp, truncated: string, after = nothing): Case[] => [
  { label: 'truncated', bytes: text(truncated), reason: /ends in the middle/, outcome, after },
  { label: 'empty', bytes: Buffer.alloc(0), reason: /it is empty/, outcome, after },
  { label: 'garbage', bytes: GARBAGE, reason: /not readable/, outcome, after },
];

const VALID_WEEK = {
  account: 'service|http://x|maya@x',
  fetchedAt: 1,
  logs: [{ timeLogId: '1', workDate: '2026-11-16', hours: '01:00', jobName: 'A', billingStatus: 'Billable' }],
};

const FILES: Array<{ file: string; what: string; command: string[]; env?: Record<string, string | undefined>; cases: Case[] }> = [
  {
    file: 'timer.json',
    what: 'the timer',
    command: ['timer', 'status'],
    cases: [
      {
        label: 'truncated',
        bytes: text(`{"timer":{"running":true,"startedAt":${T},"jobName":"Backend API","billable":tr`),
        reason: /ends in the middle/,
        outcome: /^Recovered: the running timer on Backend API started /,
        after: (doc) => expect(doc.timer).toMatchObject({ running: true, startedAt: T, jobName: 'Backend API' }),
        // the start survives: the hours are not lost
        check: async (dataDir, env) => {
          const t = await w.punchJson<TimerView>(['timer', 'status'], { env: { ...env, PUNCH_DATA_DIR: dataDir } });
          expect(t.value).toMatchObject({ running: true, startedAt: T, jobName: 'Backend API' });
        },
      },
      {
        label: 'empty',
        bytes: Buffer.alloc(0),
        reason: /it is empty/,
        outcome: /Nothing could be recovered: no running timer/,
        after: nothing,
      },
      { label: 'garbage', bytes: GARBAGE, reason: /not readable/, outcome: /Nothing could be recovered/, after: nothing },
      {
        label: 'other version',
        bytes: text(JSON.stringify({ formatVersion: 2, timer: { running: true, startedAt: T, jobName: 'Backend API' } })),
        reason: /another file format \(2;/,
        outcome: /^Recovered: the running timer on Backend API/,
        after: (doc) => expect(doc.timer).toMatchObject({ running: true, startedAt: T }),
      },
      {
        label: 'wrong shape',
        bytes: text(JSON.stringify({ timer: { running: true, startedAt: '09:00', jobName: 'Backend API' } })),
        reason: /not what Punchcard writes/,
        outcome: /Nothing could be recovered.*could not be read: the running timer has no readable start time/,
        after: nothing,
      },
    ],
  },
  {
    file: 'preferences.json',
    what: 'your preferences',
    command: ['status'],
    cases: [
      {
        label: 'truncated',
        bytes: text('{"preferences":{"theme":"dark","idleThresholdMinutes":25,"shortcut":"Ctrl+Al'),
        reason: /ends in the middle/,
        outcome: /^Recovered: your preferences theme, idleThresholdMinutes/,
        after: (doc) => expect(doc.preferences).toEqual({ theme: 'dark', idleThresholdMinutes: 25 }),
      },
      { label: 'empty', bytes: Buffer.alloc(0), reason: /it is empty/, outcome: /back to their defaults/, after: nothing },
      { label: 'garbage', bytes: GARBAGE, reason: /not readable/, outcome: /back to their defaults/, after: nothing },
      {
        label: 'other version',
        bytes: text(JSON.stringify({ formatVersion: 9, preferences: { theme: 'light' } })),
        reason: /another file format/,
        outcome: /^Recovered: your preferences theme/,
        after: (doc) => expect(doc.preferences).toEqual({ theme: 'light' }),
      },
      {
        label: 'wrong shape',
        bytes: text(JSON.stringify({ preferences: { theme: 'purple', rounding: { mode: 'nearest', stepMinutes: 15 } } })),
        reason: /not what Punchcard writes/,
        outcome: /^Recovered: your preferences rounding; could not be read: theme is not system, light or dark/,
        after: (doc) => expect(doc.preferences).toEqual({ rounding: { mode: 'nearest', stepMinutes: 15 } }),
      },
    ],
  },
  {
    // with an environment account, so the commands still work; the stored account is what was damaged
    file: 'account.json',
    what: 'the account',
    command: ['status'],
    cases: [
      ...unreadable(
        /Nothing could be recovered: you are not signed in until you sign in again/,
        '{"account":{"kind":"service","baseUrl":"https://people.zoho.eu/people","user":"maya@acme.com","authMe',
        nothingButTheMarker,
      ),
      {
        label: 'other version',
        bytes: text(
          JSON.stringify({
            formatVersion: 2,
            account: { kind: 'sandbox', baseUrl: '', user: '', authMethod: 'none', authScheme: 'Zoho-oauthtoken' },
          }),
        ),
        reason: /another file format/,
        outcome: /^Recovered: the account \(the built-in demo company\)/,
        after: (doc) => expect(doc.account).toMatchObject({ kind: 'sandbox' }),
      },
      {
        label: 'wrong shape',
        bytes: text(JSON.stringify({ account: { kind: 'service', user: 42 } })),
        reason: /not what Punchcard writes/,
        outcome: /Nothing could be recovered.*could not be read: the account record has no service address or user/,
        after: nothingButTheMarker,
      },
    ],
  },
  {
    file: 'catalog.json',
    what: 'the job list and company rules kept for offline use',
    command: ['status'],
    cases: [
      ...unreadable(
        /Nothing could be recovered: the job list and the company rules are read from the service again/,
        '{"cache":{"account":"service|x|y","jobs":{"all":{"value":[{"jobId":"1","jobName":"A"}',
      ),
      {
        label: 'other version',
        bytes: text(
          JSON.stringify({
            formatVersion: 2,
            cache: { account: 'a', jobs: { all: { value: [{ jobId: '1', jobName: 'A' }], fetchedAt: 1 } } },
          }),
        ),
        reason: /another file format/,
        outcome: /^Recovered: 1 job/,
        after: (doc) => expect(doc.cache).toMatchObject({ jobs: { all: { value: [{ jobId: '1' }] } } }),
      },
      {
        label: 'wrong shape',
        bytes: text(
          JSON.stringify({ cache: { account: 'a', jobs: { all: { value: [{ jobId: '1', jobName: 'A' }, { jobId: 2 }], fetchedAt: 1 } } } }),
        ),
        reason: /not what Punchcard writes/,
        outcome: /^Recovered: 1 job; could not be read: 1 of the all jobs/,
        after: (doc) => expect((doc.cache as { jobs: { all: { value: unknown[] } } }).jobs.all.value).toHaveLength(1),
      },
    ],
  },
  {
    file: 'weeks.json',
    what: 'the weeks kept for offline use',
    command: ['status'],
    cases: [
      ...unreadable(
        /Nothing could be recovered: the weeks are read from the service again/,
        `{"week:2026-11-16":{"account":"a","fetchedAt":1,"logs":[{"timeLogId":"1`,
      ),
      {
        label: 'other version',
        bytes: text(JSON.stringify({ formatVersion: 2, 'week:2026-11-16': VALID_WEEK })),
        reason: /another file format/,
        outcome: /^Recovered: 1 week of the service's timesheets \(2026-11-16\)/,
        after: (doc) => expect(doc['week:2026-11-16']).toEqual(VALID_WEEK),
      },
      {
        label: 'wrong shape',
        bytes: text(JSON.stringify({ 'week:2026-11-16': VALID_WEEK, 'week:2026-11-09': { account: 5 } })),
        reason: /not what Punchcard writes/,
        outcome: /^Recovered: 1 week .*could not be read: the week of 2026-11-09/,
        after: (doc) => expect(Object.keys(doc)).toEqual(['week:2026-11-16']),
      },
    ],
  },
];

const LABELS: Case['label'][] = ['truncated', 'empty', 'garbage', 'other version', 'wrong shape'];

describe('a damaged data file is kept, recovered and reported until acknowledged', () => {
  /**
   * One data directory; per kind of damage, every file damaged that way at once and one run of the real
   * `punch status --json` (each run of punch costs seconds): it opens every store, so each damage is found, kept and
   * reported by it, and it must exit 5 naming every report.
   */
  it('timer, preferences, account, catalog and week cache: truncated, empty, garbage, other version, wrong shape', async () => {
    const dataDir = newDir();
    const env = { PUNCH_DATA_DIR: dataDir };
    const seen = new Set<string>();
    /** Each report's copy and the bytes it was made of, to check after the acknowledgement. */
    const kept = new Map<string, Buffer>();
    for (const label of LABELS) {
      const cases = FILES.map((spec) => ({ spec, c: spec.cases.find((x) => x.label === label)! }));
      for (const { spec, c } of cases) writeFileSync(join(dataDir, spec.file), c.bytes);
      const status = await w.punchJson<AppStatus>(['status'], { env });
      expect(status.code, `${label}: punch status exits 5 (${status.stderr})`).toBe(EXIT_DAMAGED);
      const fresh = (status.value.damage ?? []).filter((r) => !seen.has(r.id));
      expect(fresh.map((r) => r.file).sort(), `${label}: one new report per file`).toEqual(FILES.map((f) => join(dataDir, f.file)).sort());
      for (const { spec, c } of cases) {
        const file = join(dataDir, spec.file);
        const r = fresh.find((x) => x.file === file)!;
        seen.add(r.id);
        const where = `${spec.file} ${label}`;
        expect(status.stderr, where).toContain(r.id);
        expect(status.stderr, where).toContain(r.keptAs);
        expect(r.what, where).toBe(spec.what);
        expect(r.reason, where).toMatch(c.reason);
        expect(r.outcome, where).toMatch(c.outcome);
        // kept byte for byte
        expect(readFileSync(r.keptAs).equals(c.bytes), `${where}: the copy holds the original bytes`).toBe(true);
        kept.set(r.keptAs, c.bytes);
        // not silently replaced: the file holds what the report says was recovered, and nothing else
        const doc = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
        expect(doc.formatVersion, where).toBe(1);
        delete doc.formatVersion;
        c.after(doc);
        await c.check?.(dataDir, {});
      }
    }
    // every report until acknowledged, then none: exit 0; the copies stay
    const ack = await w.punchJson<DamageReport[]>(['data', 'acknowledge', '--all'], { env });
    expect(ack.code).toBe(0);
    expect(new Set(ack.value.map((r) => r.id))).toEqual(seen);
    const after = await w.punchJson<AppStatus>(['status'], { env });
    expect(after.code).toBe(0);
    expect(after.value.damage).toEqual([]);
    // acknowledging keeps every copy, byte for byte
    expect(ack.value.map((r) => r.keptAs).sort()).toEqual([...kept.keys()].sort());
    for (const r of ack.value) expect(readFileSync(r.keptAs).equals(kept.get(r.keptAs)!), `${r.keptAs} after acknowledging`).toBe(true);
  }, 300_000);

  it('sandbox-state.json (the built-in demo company): truncated, empty, garbage, other version, wrong shape', async () => {
    const dataDir = newDir();
    const env = { ...NO_ENV, PUNCH_DATA_DIR: dataDir };
    // the demo starts and saves its seeded state
    expect((await w.punch(['jobs'], { env })).code).toBe(0);
    const file = join(dataDir, 'sandbox-state.json');
    const seeded = readFileSync(file, 'utf8');
    const state = JSON.parse(seeded) as Record<string, unknown>;
    const cases: Array<{ label: string; bytes: Buffer; reason: RegExp; outcome: RegExp; kept?: string[] }> = [
      {
        label: 'truncated',
        bytes: text(seeded.slice(0, Math.floor(seeded.length / 2))),
        reason: /ends in the middle/,
        outcome: /Nothing could be recovered: the demo company starts again from its seeded data/,
      },
      { label: 'empty', bytes: Buffer.alloc(0), reason: /it is empty/, outcome: /Nothing could be recovered/ },
      { label: 'garbage', bytes: GARBAGE, reason: /not readable/, outcome: /Nothing could be recovered/ },
      {
        label: 'other version',
        bytes: text(JSON.stringify({ ...state, formatVersion: 2 })),
        reason: /another file format/,
        outcome: /^Recovered: the demo's employees, .*timeLogs/,
      },
      {
        label: 'wrong shape',
        bytes: text(JSON.stringify({ ...state, jobs: 'none' })),
        reason: /not what Punchcard writes/,
        outcome: /^Recovered: .*could not be read: the demo's jobs \(seeded again\)/,
      },
    ];
    const seen = new Set<string>();
    for (const c of cases) {
      writeFileSync(file, c.bytes);
      const jobs = await w.punch(['jobs', '--refresh'], { env });
      expect(jobs.code, `${c.label}: the demo starts again (${jobs.stderr})`).toBe(0);
      // replaced by the recovered state over the seed: a whole demo company again
      const now = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      expect(Array.isArray(now.jobs) && now.jobs.length > 0).toBe(true);
      expect(now.formatVersion).toBeUndefined();
      // the report, read from the data directory (one run of punch per case: each costs seconds)
      const fresh = listDamage(dataDir).filter((r) => !seen.has(r.id));
      expect(fresh).toHaveLength(1);
      seen.add(fresh[0].id);
      expect(fresh[0].what).toBe("the demo company's data");
      expect(fresh[0].reason).toMatch(c.reason);
      expect(fresh[0].outcome).toMatch(c.outcome);
      expect(readFileSync(fresh[0].keptAs).equals(c.bytes)).toBe(true);
    }
    const status = await w.punchJson<AppStatus>(['status'], { env });
    expect(status.code).toBe(EXIT_DAMAGED);
    expect(new Set(status.value.damage?.map((r) => r.id))).toEqual(seen);
    expect((await w.punch(['data', 'acknowledge', ...seen], { env })).code).toBe(0);
    expect((await w.punch(['status'], { env })).code).toBe(0);
  }, 300_000);
});

describe('a damaged account file never falls back to the demo company', () => {
  it('punch log queues nothing, never says synced, and says how to sign in again', async () => {
    const dataDir = newDir();
    const env = { ...NO_ENV, PUNCH_DATA_DIR: dataDir };
    const bytes = text('{"account":{"kind":"service","baseUrl":"https://people.zoho.eu/people","user":"maya@acme.com","authMethod":"tok');
    writeFileSync(join(dataDir, 'account.json'), bytes);

    const log = await w.punch(['log', '--job-name', 'Backend API', '--hours', '01:00', '--description', 'under a damaged account'], {
      env,
    });
    expect(log.code).toBe(2);
    expect(log.stdout).not.toMatch(/synced|queued/);
    expect(log.stderr).toMatch(
      /^punch: Not signed in: the account file could not be read \(kept as .*damaged.*\)\. It was for maya@acme\.com on people\.zoho\.eu\. Sign in again: Settings → Account, or `punch login`/,
    );
    expect(w.sandbox.state().timeLogs.some((l) => l.description === 'under a damaged account')).toBe(false);

    const outbox = await w.punchJson<unknown[]>(['outbox'], { env });
    expect(outbox.value).toEqual([]);
    const status = await w.punchJson<AppStatus>(['status'], { env });
    expect(status.code).toBe(EXIT_DAMAGED);
    expect(status.value.account).toMatchObject({ kind: 'service', signedIn: false });
    expect(status.value.account.kind).not.toBe('sandbox');
    expect(status.value.account.problem).toMatch(/Not signed in: the account file could not be read/);
    const [report] = status.value.damage ?? [];
    expect(readFileSync(report.keptAs).equals(bytes)).toBe(true);

    // acknowledged, it is still not the demo: sync sends nothing and says why (auth, exit 2), never "synced"
    expect((await w.punch(['data', 'acknowledge', report.id], { env })).code).toBe(0);
    const sync = await w.punch(['sync'], { env });
    expect(sync.code).toBe(2);
    expect(sync.stdout).toMatch(/Nothing was sent/);
    expect(sync.stderr).toMatch(/Not signed in: the account file could not be read/);
    const again = await w.punch(['log', '--job-name', 'Backend API', '--hours', '01:00'], { env });
    expect(again.code).toBe(2);
  }, 120_000);
});
