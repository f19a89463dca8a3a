/**
 * `punch copy-week` between two past weeks over the sandbox (issue 27): what the dry run previews is exactly what is
 * logged, a full day and a completed job are skipped with their reasons (exit 4), a locked week takes nothing, the
 * dry run writes nothing (the sandbox's request log shows no write), and copying the same week again makes nothing
 * twice: right after, after the copies synced and the journal was compacted, and on a new device whose ledger knows
 * nothing of the first copy. Offline, the copy is queued from the weeks kept here and each log reaches the service
 * once.
 *
 * The demo user's weeks (src/sandbox/seed/history.ts), today being Wednesday 2026-11-18: three weeks ago a draft
 * (the source), two weeks ago pending (locked), last week rejected (the target, emptied here, its Wednesday filled).
 */
import { readFileSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchItem, CopyWeekPreview } from '../../src/shared/domain';
import type { SandboxState } from '../../src/sandbox';
import { createLedger } from '../../src/core/journal';
import { addDays } from '../../src/shared/time/week';
import { startCliWorld, type CliWorld } from '../fixtures/cli-harness';
import { tempDir } from '../fixtures/temp-dirs';
import { runningClock } from '../fixtures/test-clock';
import { testClock } from '../fixtures/test-timers';

const SOURCE = '2026-10-26';
const LOCKED = '2026-11-02';
const TARGET = '2026-11-09';
const FULL_DAY = '2026-11-11';
const WORKSHOP = 'workshop notes';

type CopyJson = CopyWeekPreview & { dryRun: boolean; logged: number; skippedForRule: number; alreadyThere: number };

const inWeek = (monday: string, day: string) => day >= monday && day <= addDays(monday, 6);
const key = (l: { workDate: string; jobName?: string; jobId?: string; hours: string; description?: string }) =>
  `${l.workDate}|${l.jobId}|${l.hours}|${l.description ?? ''}`;
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

let w: CliWorld;
let statePath: string;
let completedJobId: string;

function editState(fn: (s: SandboxState) => void): void {
  const s = JSON.parse(readFileSync(statePath, 'utf8')) as SandboxState;
  fn(s);
  writeFileSync(statePath, JSON.stringify(s));
}

/** The demo user's logs on the service in the week of `monday`, as keys (day, job, hours, description). */
function serviceKeys(monday: string): string[] {
  const s = w.sandbox.state();
  return s.timeLogs
    .filter((l) => l.user === w.sandbox.demoUser && inWeek(monday, l.workDate))
    .map((l) => key({ workDate: l.workDate, jobId: l.jobId, hours: hhmm(l.minutes), description: l.description }))
    .sort();
}

const writes = () => w.sandbox.requests().filter((r) => r.method === 'POST');

beforeAll(async () => {
  statePath = join(tempDir('punch-copy-state-'), 'sandbox-state.json');
  w = await startCliWorld({ persistPath: statePath });
  const s = w.sandbox.state();
  const mine = s.jobs.filter((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(w.sandbox.demoUser));
  const sourceJobs = new Set(s.timeLogs.filter((l) => l.user === w.sandbox.demoUser && inWeek(SOURCE, l.workDate)).map((l) => l.jobId));
  completedJobId = mine.find((j) => !sourceJobs.has(j.jobId))!.jobId;
  // the target week emptied (a rejected week: its logs may go), then its Wednesday filled to the company's maximum
  editState((st) => {
    st.timeLogs = st.timeLogs.filter((l) => !(l.user === w.sandbox.demoUser && inWeek(TARGET, l.workDate)));
  });
  w.sandbox.elsewhere.log({ workDate: FULL_DAY, hours: '10:00', jobId: mine[0].jobId, description: 'all day elsewhere' });
  // a source log on a job completed since
  w.sandbox.elsewhere.log({ workDate: addDays(SOURCE, 1), hours: '00:30', jobId: completedJobId, description: WORKSHOP });
  editState((st) => {
    st.jobs.find((j) => j.jobId === completedJobId)!.jobStatus = 'completed';
  });
});
afterAll(async () => {
  await w?.close();
});

describe('punch copy-week between two past weeks', () => {
  let previewed: BatchItem[];

  it('previews every log with its verdict and writes nothing with --dry-run (exit 4: a full day, a completed job)', async () => {
    w.sandbox.resetRequests();
    const r = await w.punchJson<CopyJson>(['copy-week', '--from', SOURCE, '--to', TARGET, '--dry-run']);
    expect(r.code).toBe(4);
    expect(r.value.dryRun).toBe(true);
    expect(r.value.fromWeek).toBe(SOURCE);
    expect(r.value.toWeek).toBe(TARGET);
    previewed = r.value.items;
    const sourceCount = w.sandbox.state().timeLogs.filter((l) => l.user === w.sandbox.demoUser && inWeek(SOURCE, l.workDate)).length;
    expect(previewed).toHaveLength(sourceCount);
    // same weekday, a week at a time
    for (const i of previewed) expect(inWeek(TARGET, i.log.workDate)).toBe(true);
    const full = previewed.filter((i) => i.log.workDate === FULL_DAY);
    expect(full.length).toBeGreaterThan(0);
    for (const i of full) {
      expect(i.verdict).toBe('refused');
      expect(i.violations?.map((v) => v.rule)).toEqual(['max-per-day']);
    }
    const workshop = previewed.find((i) => i.log.description === WORKSHOP)!;
    expect(workshop.verdict).toBe('refused');
    expect(workshop.violations?.map((v) => v.rule)).toEqual(['completed-job']);
    expect(previewed.filter((i) => i.verdict === 'log').length).toBe(sourceCount - full.length - 1);
    // nothing written: no request that changes the service, nothing new in the target week, nothing queued
    expect(writes()).toEqual([]);
    // within the call budget: each week's logs read once (the source and the target), whatever the number of logs
    const reads = w.sandbox.requests().map((q) => q.path.split('/').pop());
    expect(reads.filter((p) => p === 'gettimelogs')).toHaveLength(2);
    expect(serviceKeys(TARGET)).toHaveLength(1);
    const outbox = await w.punchJson<unknown[]>(['outbox']);
    expect(outbox.value).toEqual([]);
  });

  it('says the reasons in words, day by day', async () => {
    const r = await w.punch(['copy-week', '--from', SOURCE, '--to', TARGET, '--dry-run']);
    expect(r.code).toBe(4);
    expect(r.stdout).toMatch(/Dry run: nothing was sent or queued\./);
    // a reason goes on under itself, so the table fits a terminal of 100 columns; read as one text
    for (const line of r.stdout.split('\n').filter((l) => / {2}(skipped|already|logged)|^ {20,}/.test(l)))
      expect([...line].length, line).toBeLessThanOrEqual(100);
    // and so do the sentences around it (the summary was 109 columns): a pipe has no width, so 100
    for (const line of r.stdout.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(100);
    expect(r.stdout).toMatch(/^Dry run: nothing was sent or queued\./m);
    const said = r.stdout.replace(/\s+/g, ' ');
    expect(said).toMatch(/Wed 11 Nov .*skipped: Hours: Wed 11 Nov would have .* over your company's maximum of 10:00 a day/);
    expect(said).toMatch(/skipped: Job: ".*" is completed/);
    expect(r.stderr).toMatch(/punch: \d+ logs were not logged: they break your company's rules/);
  });

  it('keeps its sentences within 100 columns in the longer languages too (French, German)', async () => {
    for (const lang of ['fr', 'de']) {
      const r = await w.punch(['copy-week', '--from', SOURCE, '--to', TARGET, '--dry-run', '--lang', lang]);
      expect(r.code, lang).toBe(4);
      for (const line of r.stdout.split('\n')) expect([...line].length, `${lang}: ${line}`).toBeLessThanOrEqual(100);
    }
  });

  it('logs exactly the logs previewed, and skips the others with their reasons', async () => {
    const r = await w.punchJson<CopyJson>(['copy-week', '--from', SOURCE, '--to', TARGET]);
    expect(r.code).toBe(4);
    expect(r.value.items.map((i) => [key(i.log), i.verdict])).toEqual(previewed.map((i) => [key(i.log), i.verdict]));
    expect(r.value.logged).toBe(previewed.filter((i) => i.verdict === 'log').length);
    const sync = await w.punch(['sync']);
    expect(sync.code).toBe(0);
    const expected = [
      ...previewed.filter((i) => i.verdict === 'log').map((i) => key(i.log)),
      ...serviceKeys(TARGET).filter((k) => k.startsWith(FULL_DAY)),
    ];
    expect(serviceKeys(TARGET)).toEqual(expected.sort());
  });

  it('makes nothing twice when run again: every log already copied', async () => {
    const before = serviceKeys(TARGET);
    w.sandbox.resetRequests();
    const r = await w.punchJson<CopyJson>(['copy-week', '--from', SOURCE, '--to', TARGET]);
    expect(r.code).toBe(4);
    expect(r.value.logged).toBe(0);
    const made = previewed.filter((i) => i.verdict === 'log').map((i) => key(i.log));
    for (const i of r.value.items) if (made.includes(key(i.log))) expect(i.verdict).toBe('already-copied');
    expect(writes().filter((q) => q.path.endsWith('/addtimelog'))).toEqual([]);
    expect(serviceKeys(TARGET)).toEqual(before);
  });

  it('makes nothing twice after the copies synced and the journal was compacted', async () => {
    // the compaction runs on the ledger's clock: moved past its delay, not waited for
    const clock = testClock(runningClock().now());
    const ledger = createLedger(w.dataDir, clock, { compaction: { minRecords: 0, delayMs: 10 } });
    ledger.change(() => undefined);
    await clock.advance(10);
    ledger.close();
    const text = readFileSync(join(w.dataDir, 'outbox.journal'), 'utf8');
    expect(text).toContain('"t":"snapshot"');
    expect(text).toContain('"copiedFrom"');
    const before = serviceKeys(TARGET);
    const r = await w.punchJson<CopyJson>(['copy-week', '--from', SOURCE, '--to', TARGET]);
    expect(r.value.logged).toBe(0);
    expect(r.value.items.filter((i) => i.verdict === 'already-copied').length).toBe(previewed.filter((i) => i.verdict === 'log').length);
    expect(serviceKeys(TARGET)).toEqual(before);
  });

  it('makes nothing twice on a device that never saw the first copy: the same logs are already there', async () => {
    rmSync(join(w.dataDir, 'outbox.journal'));
    const before = serviceKeys(TARGET);
    const r = await w.punchJson<CopyJson>(['copy-week', '--from', SOURCE, '--to', TARGET]);
    expect(r.value.logged).toBe(0);
    expect(r.value.items.filter((i) => i.verdict === 'already-there').length).toBe(previewed.filter((i) => i.verdict === 'log').length);
    expect(serviceKeys(TARGET)).toEqual(before);
  });

  it('copies nothing into a submitted week: every log skipped as locked', async () => {
    const before = serviceKeys(LOCKED);
    const r = await w.punchJson<CopyJson>(['copy-week', '--from', SOURCE, '--to', LOCKED]);
    expect(r.code).toBe(4);
    expect(r.value.items.length).toBeGreaterThan(0);
    for (const i of r.value.items) expect(i.violations?.map((v) => v.rule)).toContain('locked');
    expect(r.value.logged).toBe(0);
    expect(serviceKeys(LOCKED)).toEqual(before);
  });

  it('refuses to copy a week into itself, plainly (exit 1)', async () => {
    const r = await w.punch(['copy-week', '--from', SOURCE, '--to', addDays(SOURCE, 2)]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/cannot be copied into itself/);
  });
});

describe('punch copy-week offline, then sync', () => {
  let o: CliWorld;
  beforeAll(async () => {
    const path = join(tempDir('punch-copy-offline-'), 'sandbox-state.json');
    o = await startCliWorld({ persistPath: path });
    const st = JSON.parse(readFileSync(path, 'utf8')) as SandboxState;
    st.timeLogs = st.timeLogs.filter((l) => !(l.user === o.sandbox.demoUser && inWeek(TARGET, l.workDate)));
    writeFileSync(path, JSON.stringify(st));
  });
  afterAll(async () => {
    await o?.close();
  });

  it('queues the copy from the weeks kept here, says so, and each log reaches the service once', async () => {
    // both weeks seen once online: kept for offline use
    expect((await o.punch(['week', '--date', SOURCE])).code).toBe(0);
    expect((await o.punch(['week', '--date', TARGET])).code).toBe(0);
    const sourceLogs = o.sandbox.state().timeLogs.filter((l) => l.user === o.sandbox.demoUser && inWeek(SOURCE, l.workDate));
    await o.sandbox.setOffline(true);
    const r = await o.punchJson<CopyJson>(['copy-week', '--from', SOURCE, '--to', TARGET]);
    expect(r.code).toBe(0);
    expect(r.value.offline).toBe(true);
    expect(r.value.items).toHaveLength(sourceLogs.length);
    expect(r.value.items.every((i) => i.verdict === 'log' && i.state === 'queued')).toBe(true);
    const again = await o.punchJson<CopyJson>(['copy-week', '--from', SOURCE, '--to', TARGET]);
    expect(again.value.items.every((i) => i.verdict === 'already-copied')).toBe(true);
    await o.sandbox.setOffline(false);
    expect((await o.punch(['sync'])).code).toBe(0);
    const onService = o.sandbox.state().timeLogs.filter((l) => l.user === o.sandbox.demoUser && inWeek(TARGET, l.workDate));
    const copies = onService.map((l) => `${l.workDate}|${l.jobId}|${l.minutes}|${l.description}`).sort();
    const expected = sourceLogs.map((l) => `${addDays(l.workDate, 14)}|${l.jobId}|${l.minutes}|${l.description}`).sort();
    expect(copies).toEqual(expected);
  });

  it('keeps only the rows with --rows-only: the jobs show in punch week, no hours are logged', async () => {
    const LATER = '2026-11-16';
    const before = o.sandbox.state().timeLogs.length;
    const r = await o.punchJson<CopyJson>(['copy-week', '--from', SOURCE, '--to', LATER, '--rows-only']);
    expect(r.code).toBe(0);
    const sourceJobs = new Set(
      o.sandbox
        .state()
        .timeLogs.filter((l) => l.user === o.sandbox.demoUser && inWeek(SOURCE, l.workDate))
        .map((l) => l.jobId),
    );
    const thisWeekJobs = new Set(
      o.sandbox
        .state()
        .timeLogs.filter((l) => l.user === o.sandbox.demoUser && inWeek(LATER, l.workDate))
        .map((l) => l.jobId),
    );
    expect(r.value.rows.map((row) => row.jobId).sort()).toEqual([...sourceJobs].filter((j) => !thisWeekJobs.has(j)).sort());
    expect(o.sandbox.state().timeLogs.length).toBe(before);
    const week = await o.punchJson<{ rows?: { jobId?: string }[] }>(['week', '--date', LATER]);
    expect(week.value.rows?.map((row) => row.jobId).sort()).toEqual(r.value.rows.map((row) => row.jobId).sort());
    const text = await o.punch(['week', '--date', LATER]);
    expect(text.stdout).toContain(`Rows to fill (copied from another week, no hours yet): ${r.value.rows[0].jobName}`);
  });
});
