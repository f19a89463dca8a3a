/**
 * The one way the browser tests and the benches stop the servers they start (test/tools/stop-child.ts): SIGTERM, the
 * exit awaited; SIGKILL only for a child that does not exit within the grace period. Real child processes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { expect, it } from 'vitest';
import { stopChild } from '../tools/stop-child';

/** A node child that says `ready` once its SIGTERM handling is set (`ignoreTerm`: it then ignores SIGTERM). */
async function startChild(ignoreTerm: boolean): Promise<ChildProcess> {
  const code = `${ignoreTerm ? "process.on('SIGTERM', () => {});" : ''} setInterval(() => {}, 1000); console.log('ready');`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await once(child.stdout!, 'data');
  return child;
}

it('stops a child on SIGTERM and resolves once it has exited', async () => {
  const child = await startChild(false);
  await stopChild(child, 60_000);
  expect(child.signalCode).toBe('SIGTERM');
});

it('kills a child that ignores SIGTERM once the grace period is over, not before', async () => {
  const child = await startChild(true);
  const started = performance.now();
  await stopChild(child, 300);
  expect(child.signalCode).toBe('SIGKILL');
  expect(performance.now() - started).toBeGreaterThanOrEqual(290);
});

it('returns at once for a child that has exited already, and for one that never started', async () => {
  const child = await startChild(false);
  child.kill('SIGKILL');
  await once(child, 'exit');
  await stopChild(child);
  expect(child.signalCode).toBe('SIGKILL');
  const never = spawn('/nonexistent/punch-no-such-program');
  const failed = once(never, 'error');
  await stopChild(never);
  const [error] = (await failed) as [NodeJS.ErrnoException];
  expect(error.code).toBe('ENOENT');
});
