/**
 * Ctrl+C in `punch` (a real child process, SIGINT): the request in flight is cancelled (its AbortSignal, passed down
 * explicitly from the CLI to the HTTP layer), punch says so plainly and exits 130. A write stopped in flight may have
 * reached the service: it is settled like a lost answer, so the next `punch sync` finds it there and never sends it
 * twice. The service here is the sandbox behind the fault proxy, which commits the add and then holds its answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogResult } from '../../src/shared/contract';
import { FaultProxy } from '../tools/fault-proxy';
import { freeDay, startCliWorld, startPunch, type CliWorld } from '../fixtures/cli-harness';

let w: CliWorld;
let proxy: FaultProxy;
let jobId: string;
let env: Record<string, string>;

beforeAll(async () => {
  w = await startCliWorld();
  proxy = await FaultProxy.start(w.sandbox.url);
  env = { PUNCH_BASE_URL: proxy.url };
  jobId = w.sandbox.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(w.sandbox.demoUser))!.jobId;
});
afterAll(async () => {
  await proxy?.close();
  await w?.close();
});

const onService = (description: string) => w.sandbox.state().timeLogs.filter((l) => l.description === description);
async function until(ok: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  // kept: a poll of a child process's effect on the service, bounded by `end`, naming what it waited for
  while (!ok()) {
    if (Date.now() > end) throw new Error(`waited ${ms} ms in vain for ${ok.toString()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('Ctrl+C in punch', { timeout: 120_000 }, () => {
  it('cancels a send in flight, says so, exits 130; the next sync finds the entry on the service and sends it no second time', async () => {
    // an entry in the outbox, not sent: the service cannot be reached when it is logged
    await proxy.setMode('refuse');
    const day = freeDay(w.sandbox.state(), w.sandbox.demoUser, 25);
    const logged = await w.punchJson<LogResult>(
      ['log', '--job', jobId, '--date', day, '--hours', '00:25', '--description', 'stopped by ctrl-c'],
      { env },
    );
    expect(logged.code, logged.stderr).toBe(0);
    expect(logged.value.state).toBe('queued');

    // the add reaches the service, which records it, and its answer never comes back
    await proxy.setMode('slow', { delayMs: 600_000, match: 'addtimelog' });
    const sync = startPunch(['sync'], { ...w.env, ...env });
    await until(() => onService('stopped by ctrl-c').length === 1, 60_000);
    expect(onService('stopped by ctrl-c')).toHaveLength(1);
    sync.child.kill('SIGINT');
    const r = await sync.done;
    expect(r.code).toBe(130);
    // stopped by the abort, not by the 5 s fallback that quits without waiting: told by what each says (the abort's
    // words below; the fallback's "without waiting any longer" absent), not by a time a loaded machine can overrun
    expect(r.stderr).toMatch(
      /punch: stopped \(Ctrl\+C\): the request in flight was cancelled\. Anything logged stays in the outbox; an entry whose answer did not come back is checked with the service at the next sync/,
    );
    expect(r.stderr).not.toMatch(/without waiting any longer/);

    // maybe sent: the next sync asks the service, finds it, and sends nothing again
    await proxy.setMode('pass');
    proxy.resetCounts();
    const again = await w.punch(['sync'], { env });
    expect(again.code, again.stderr).toBe(0);
    expect(onService('stopped by ctrl-c')).toHaveLength(1);
    expect(proxy.log().filter((q) => q.path.includes('addtimelog'))).toHaveLength(0);
  });
});
