/**
 * The outbox lock under load (src/core/store/file-lock.ts): many processes change one outbox journal at the same
 * moment, as 60 `punch log` started together do (bench/rate-budget.ts). Each child (test/fixtures/
 * outbox-lock-contention-child.ts) opens the journal through the real ledger, waits until every child is ready, then
 * appends its entries one after another, with some CPU work between two (outside the lock), so both cores stay busy
 * and a holder waits for the CPU while it holds the lock, as when 60 `punch log` start together. Every change must be acknowledged (none fails with "the outbox is locked"),
 * and every acknowledged entry must be in the journal exactly once. The lock used to give up after 5 s of 2-25 ms
 * steps: with 60 processes on two cores, a third of `punch log` failed and their hours were not recorded.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { systemClock } from '../../src/core/context';
import { createLedger } from '../../src/core/journal';

const PROCESSES = Number(process.env.LOCK_PROCESSES ?? 30);
const ENTRIES = Number(process.env.LOCK_ENTRIES ?? 20);
/** CPU work between two appends in each child (outside the lock), so that 30 children keep both cores busy. */
const BUSY_MS = Number(process.env.LOCK_BUSY_MS ?? 20);
/**
 * CPU work inside each change (holding the lock): 600 changes then hold it for at least 6 s in all, so a waiter with
 * no luck waits many seconds (the old 5 s limit failed 2 of 600 changes here; the new lock none).
 */
const HOLD_MS = Number(process.env.LOCK_HOLD_MS ?? 10);
const CHILD = 'test/fixtures/outbox-lock-contention-child.ts';

let work: string;
let bundle: string;
beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'punch-lock-contention-'));
  bundle = path.join(work, 'child.mjs');
  // one bundle: each start is plain node (tens of ms), not tsx (seconds on a busy machine)
  await build({ entryPoints: [CHILD], bundle: true, platform: 'node', format: 'esm', outfile: bundle, logLevel: 'warning' });
});
afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

interface Child {
  ready: Promise<void>;
  done: Promise<{ acked: string[]; failed: string[]; code: number | null; out: string }>;
  go(): void;
}

function start(dataDir: string, tag: string): Child {
  const child = spawn(process.execPath, [bundle, dataDir, tag, String(ENTRIES), String(BUSY_MS), String(HOLD_MS)], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let markReady: () => void;
  const ready = new Promise<void>((r) => {
    markReady = r;
  });
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    if (out.includes('READY')) markReady();
  });
  child.stderr.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const done = new Promise<{ acked: string[]; failed: string[]; code: number | null; out: string }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      markReady(); // a child that died before READY must not hold the others
      const lines = out.split('\n');
      resolve({
        acked: lines.filter((l) => l.startsWith('ACK ')).map((l) => l.slice(4)),
        failed: lines.filter((l) => l.startsWith('FAIL ')),
        code,
        out,
      });
    });
  });
  return { ready, done, go: () => child.stdin.end('go\n') };
}

it(`${PROCESSES} processes appending ${ENTRIES} entries each at the same moment (${BUSY_MS} ms of CPU work between two, ${HOLD_MS} ms in each): every change acknowledged, each entry once`, async () => {
  const dataDir = path.join(work, 'data');
  const children = Array.from({ length: PROCESSES }, (_, i) => start(dataDir, `p${i}`));
  await Promise.all(children.map((c) => c.ready));
  const t0 = performance.now();
  for (const c of children) c.go();
  const runs = await Promise.all(children.map((c) => c.done));
  const seconds = (performance.now() - t0) / 1000;
  const acked = runs.flatMap((r) => r.acked);
  const failed = runs.flatMap((r) => r.failed);

  expect(failed.slice(0, 3), `${failed.length} changes failed`).toEqual([]);
  expect(runs.map((r) => r.code)).toEqual(runs.map(() => 0));
  expect(acked).toHaveLength(PROCESSES * ENTRIES);
  const count = new Map<string, number>();
  for (const row of Object.values(createLedger(dataDir, systemClock).read().rows))
    count.set(row.description ?? '', (count.get(row.description ?? '') ?? 0) + 1);
  expect(
    acked.filter((d) => count.get(d) !== 1),
    'acknowledged entries not found exactly once',
  ).toEqual([]);
  expect(count.size).toBe(PROCESSES * ENTRIES);
  expect(fs.existsSync(path.join(dataDir, 'outbox.journal.lock'))).toBe(false);
  console.info(
    `outbox-lock-contention: ${PROCESSES} processes x ${ENTRIES} entries (${BUSY_MS} ms busy between two, ${HOLD_MS} ms holding), ${acked.length} acknowledged, ${count.size} found, ` +
      `${failed.length} failed, ${seconds.toFixed(1)} s`,
  );
}, 240_000);
