/**
 * Crash safety: a child process syncs a pre-filled outbox against an in-process sandbox (every request delayed to
 * widen the window) and is killed with SIGKILL at a random point, 20 times in a row, then allowed to finish.
 * Every entry must end exactly once on the service, or in needs-attention and then at most once.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLedger, type Journal } from '../../src/core/journal';
import { recordAdd, recordDelete, recordEdit } from '../../src/core/outbox';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { sandboxSession, someJob, tempDir } from '../fixtures/logging-harness';
import { runningClock, TEST_TODAY } from '../fixtures/test-clock';

const KILLS = 20;
const ADDS = 10;
const CHILD = 'test/fixtures/outbox-crash-child.ts';
/**
 * 21 child starts through `npx tsx` cost 4-7 s each on a busy machine, far over the test's budget, so the fixture is
 * compiled once with esbuild (the compiler tsx uses) and started with plain node. PUNCH_CRASH_CHILD=tsx runs it
 * through `npx tsx` instead, exactly as a person would.
 */
const VIA_TSX = process.env.PUNCH_CRASH_CHILD === 'tsx';
// in this checkout's out/ (its packages resolve from node_modules above it), one per process: node_modules may be
// shared by several checkouts, whose runs would overwrite one another's child mid-test
const BUNDLE = path.resolve(`out/test-children/outbox-crash-child-${process.pid}.mjs`);
/** The parent's and every child's clock: the real pace from Wednesday 10:00 (the children get its offset). */
const clock = runningClock();
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, today: TEST_TODAY });
  if (!VIA_TSX)
    await build({
      entryPoints: [CHILD],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      outfile: BUNDLE,
      logLevel: 'warning',
    });
});
afterAll(async () => {
  await sandbox?.close();
  fs.rmSync(BUNDLE, { force: true });
});

function runChild(dataDir: string, killAfterMs: number | null): Promise<{ killed: boolean; out: string }> {
  return new Promise((resolve, reject) => {
    // detached: npx starts node as its own child; the whole process group is killed, as a power cut would
    const args = [sandbox.url, sandbox.demoToken, sandbox.demoUser, dataDir, String(clock.offsetMs())];
    const [cmd, argv] = VIA_TSX ? ['npx', ['tsx', CHILD, ...args]] : [process.execPath, [BUNDLE, ...args]];
    const child = spawn(cmd, argv, {
      cwd: process.cwd(),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let killed = false;
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (killAfterMs !== null && out.includes('READY') && !killed) {
        killed = true;
        setTimeout(() => {
          try {
            process.kill(-child.pid!, 'SIGKILL');
          } catch {
            /* already gone */
          }
        }, killAfterMs);
      }
    });
    child.stderr.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.on('error', reject);
    child.on('exit', () => resolve({ killed: killed && !out.includes('DONE'), out }));
  });
}

it('keeps every entry exactly once on the service (or in needs-attention, at most once) across 20 SIGKILLs', async () => {
  const dataDir = tempDir('punch-crash-');
  const { client } = sandboxSession(sandbox.url, sandbox.demoToken, sandbox.demoUser);
  const job = await someJob(client, sandbox.demoUser);
  const today = TEST_TODAY;

  // three logs already on the service (synced earlier): two get edited, one deleted, while offline
  const existing: string[] = [];
  for (const d of ['crash existing 1', 'crash existing 2', 'crash existing 3']) {
    const r = await client.addTimeLog({ user: sandbox.demoUser, workDate: today, hours: '00:05', ...job, description: d });
    existing.push(r.timeLogId);
  }
  const ledger = createLedger(dataDir, clock);
  const now = clock.now();
  const addIds = ledger.change((j: Journal) => {
    const ids: string[] = [];
    for (let i = 0; i < ADDS; i++) {
      ids.push(
        recordAdd(j, { workDate: today, hours: '00:07', ...job, billingStatus: 'Billable', description: `crash add ${i}` }, now).localId,
      );
    }
    const synced = existing.map((timeLogId, i) => {
      const f = { workDate: today, hours: '00:05', ...job, billingStatus: 'Billable' as const, description: `crash existing ${i + 1}` };
      const localId = `L-existing-${i}`;
      j.rows[localId] = { ...f, localId, timeLogId, remote: { ...f }, createdAt: now, updatedAt: now };
      return localId;
    });
    recordEdit(j, synced[0], { hours: '00:20' }, now);
    recordEdit(j, synced[1], { hours: '00:25', description: 'crash existing 2 edited' }, now);
    recordDelete(j, synced[2], now);
    return ids;
  });
  expect(ledger.read().ops).toHaveLength(ADDS + 3);

  // slow enough that most children are killed with work left (the journal made a sync step fast)
  sandbox.fault({ kind: 'delay', ms: 300 });
  let kills = 0;
  for (let i = 0; i < KILLS; i++) {
    const r = await runChild(dataDir, Math.floor(Math.random() * 500));
    if (r.killed) kills++;
  }
  sandbox.fault(null);
  const final = await runChild(dataDir, null);
  expect(final.out).toContain('DONE');
  expect(kills).toBeGreaterThan(KILLS / 2);

  const journal = createLedger(dataDir, clock).read();
  const logs = (
    sandbox.state() as unknown as { timeLogs: Array<{ timeLogId: string; user: string; description: string; minutes: number }> }
  ).timeLogs.filter((l) => l.user === sandbox.demoUser);
  const attention = journal.ops.filter((o) => o.state === 'needs-attention').length;
  console.info(`outbox-crash: ${kills} kills; ${ADDS + 3 - attention} entries synced, ${attention} in needs-attention`);
  const stateOf = (localId: string) => journal.ops.filter((o) => o.localId === localId && o.state !== 'synced').map((o) => o.state);

  for (let i = 0; i < ADDS; i++) {
    const onService = logs.filter((l) => l.description === `crash add ${i}`);
    const pending = stateOf(addIds[i]);
    expect(
      pending.every((s) => s === 'needs-attention'),
      `crash add ${i}: ${pending.join(',')}`,
    ).toBe(true);
    if (pending.length === 0) {
      expect(onService, `crash add ${i} synced`).toHaveLength(1);
      expect(journal.rows[addIds[i]].timeLogId).toBe(onService[0].timeLogId);
    } else {
      expect(onService.length, `crash add ${i} in needs-attention`).toBeLessThanOrEqual(1);
    }
  }
  // edits set values and deletes remove: both end applied (reconciled by reading the log), never doubled
  expect(logs.filter((l) => l.timeLogId === existing[0])).toMatchObject([{ minutes: 20 }]);
  expect(logs.filter((l) => l.timeLogId === existing[1])).toMatchObject([{ minutes: 25, description: 'crash existing 2 edited' }]);
  expect(logs.filter((l) => l.timeLogId === existing[2])).toEqual([]);
  expect(journal.ops.filter((o) => o.state === 'queued' || o.state === 'sending')).toEqual([]);
}, 120_000);
