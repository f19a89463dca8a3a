/**
 * `punch undo` over the sandbox (issue 27 part 6): the last change this device made is undone once, a log queued
 * offline and undone never reaches the service, `--json` carries what was undone, and with nothing left it refuses
 * in words (exit 1).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogResult, UndoResult } from '../../src/shared/contract';
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
