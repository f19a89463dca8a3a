/**
 * `punch undo` over the sandbox (issue 27 part 6): the last change this device made is undone once, a log queued
 * offline and undone never reaches the service, `--json` carries what was undone, and with nothing left it refuses
 * in words (exit 1). After `punch log --days` or `punch copy-week`, the change is the batch: every log it made is
 * undone by one `punch undo` (a day it skipped made nothing), each once, and said so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogResult, UndoResult } from '../../src/shared/contract';
import type { BatchPreview, CopyWeekPreview } from '../../src/shared/domain';
import { freeDay, startCliWorld, type CliWorld } from '../fixtures/cli-harness';

let w: CliWorld;
let jobId: string;
beforeAll(async () => {
  w = await startCliWorld();
  jobId = w.sandbox.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(w.sandbox.demoUser))!.jobId;
});
afterAll(async () => {
  await w?.close();
});

const onService = (description: string) => w.sandbox.state().timeLogs.filter((l) => l.description === description);

describe('punch undo', () => {
  it('deletes the log punch just logged, once, and says so', async () => {
    const day = freeDay(w.sandbox.state(), w.sandbox.demoUser, 90);
    const logged = await w.punchJson<LogResult>(['log', '--job', jobId, '--date', day, '--hours', '01:30', '--description', 'undo me']);
    expect(logged.value.state).toBe('synced');
    expect(logged.value.undoId).toMatch(/^u-/);
    expect(onService('undo me')).toHaveLength(1);

    const undone = await w.punch(['undo']);
    expect(undone.code).toBe(0);
    expect(undone.stdout).toMatch(/^synced\nUndone: the log of 01:30 on .+ for .+ is deleted\.\nThe service has it now\.$/m);
    expect(onService('undo me')).toEqual([]);
    const again = await w.punch(['undo']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/Nothing to undo/);
    expect(w.sandbox.requests().filter((r) => r.path.includes('deletetimelog'))).toHaveLength(1);
  });

  it('--json: a log queued offline and undone is withdrawn and never sent', async () => {
    const day = freeDay(w.sandbox.state(), w.sandbox.demoUser, 60);
    await w.sandbox.setOffline(true);
    const logged = await w.punchJson<LogResult>(['log', '--job', jobId, '--date', day, '--hours', '00:45', '--description', 'never sent']);
    expect(logged.value.state).toBe('queued');
    const undone = await w.punchJson<UndoResult>(['undo', '--id', logged.value.undoId!]);
    expect(undone.value).toMatchObject({ id: logged.value.undoId, kind: 'add', withdrawn: true, log: { hours: '00:45', workDate: day } });
    await w.sandbox.setOffline(false);
    w.sandbox.resetRequests();
    const sync = await w.punch(['sync']);
    expect(sync.code).toBe(0);
    expect(w.sandbox.requests().filter((r) => r.path.includes('addtimelog'))).toEqual([]);
    expect(onService('never sent')).toEqual([]);
  });

  it('--id that this device never made is named as unknown, not as too old, and changes nothing', async () => {
    w.sandbox.resetRequests();
    const r = await w.punch(['undo', '--id', 'u-not-made-here']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/No change with that id is remembered on this device/);
    expect(r.stderr).not.toMatch(/more than \d+ minutes ago/);
    expect(w.sandbox.requests().filter((q) => /timelog/.test(q.path) && !/gettimelogs/.test(q.path))).toEqual([]);
  });
});

const made = (r: BatchPreview) => r.items.filter((i) => i.localId);

describe('punch undo after several logs at once', () => {
  it('punch log --days (a day still to come skipped): one punch undo deletes every log it made, once, and says how many', async () => {
    const r = await w.punchJson<BatchPreview>([
      'log',
      '--job',
      jobId,
      '--hours',
      '00:10',
      '--description',
      'days to undo',
      '--days',
      '2026-11-12..2026-11-19',
    ]);
    // Thursday 19 Nov is still to come: skipped for a rule (exit 4), nothing made there
    expect(r.code).toBe(4);
    expect(r.value.undoId).toMatch(/^u-/);
    expect(r.value.items.find((i) => i.log.workDate === '2026-11-19')).toMatchObject({ verdict: 'refused' });
    const logged = made(r.value).map((i) => i.log.workDate);
    expect(logged.length).toBeGreaterThanOrEqual(2);
    expect(
      onService('days to undo')
        .map((l) => l.workDate)
        .sort(),
    ).toEqual(logged);
    w.sandbox.resetRequests();

    const undone = await w.punch(['undo']);
    expect(undone.code, undone.stderr).toBe(0);
    expect(undone.stdout).toBe(`synced\nUndone: all ${logged.length} logs.\n${logged.length} are deleted on the service.\n`);
    expect(onService('days to undo')).toEqual([]);
    expect(w.sandbox.requests().filter((q) => q.path.includes('deletetimelog'))).toHaveLength(logged.length);
    expect(w.sandbox.requests().filter((q) => q.path.includes('addtimelog'))).toEqual([]);
  });

  it('punch copy-week --json names the batch; punch undo --id --json answers each log, a queued copy withdrawn, nothing sent', async () => {
    // last week into this one: today's logs are copied, the days still to come (and full ones) skipped
    const copied = await w.punchJson<CopyWeekPreview>(['copy-week', '--from', '2026-11-09', '--to', '2026-11-16', '--dry-run']);
    const toCopy = copied.value.items.filter((i) => i.verdict === 'log').length;
    expect(toCopy).toBeGreaterThan(0);
    await w.sandbox.setOffline(true);
    const r = await w.punchJson<CopyWeekPreview>(['copy-week', '--from', '2026-11-09', '--to', '2026-11-16']);
    expect(r.code).toBe(4);
    expect(made(r.value)).toHaveLength(toCopy);
    expect(made(r.value).every((i) => i.state === 'queued')).toBe(true);
    const u = await w.punchJson<UndoResult>(['undo', '--id', r.value.undoId!]);
    expect(u.code, u.stderr).toBe(0);
    expect(u.value).toMatchObject({ id: r.value.undoId, kind: 'add', withdrawn: true });
    expect(u.value.logs!.map((l) => [l.log.workDate, l.withdrawn])).toEqual(made(r.value).map((i) => [i.log.workDate, true]));
    await w.sandbox.setOffline(false);
    w.sandbox.resetRequests();
    expect((await w.punch(['sync'])).code).toBe(0);
    expect(w.sandbox.requests().filter((q) => q.path.includes('addtimelog'))).toEqual([]);
  });
});
