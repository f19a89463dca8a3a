/**
 * Stops a child process the tests or the benches started (web mode's server: test/e2e/web-app.ts, bench/web-server.ts):
 * SIGTERM first, so it closes its files, sockets and data directory's lock as on a user's Ctrl+C; SIGKILL when it has
 * not exited within the grace period (a server stuck in its shutdown must not hold the run). Resolves when the child
 * has exited (its `exit` event), never after a fixed wait.
 */
import type { ChildProcess } from 'node:child_process';

/** How long a child has to exit after SIGTERM before it is killed. */
export const STOP_GRACE_MS = 5_000;

export async function stopChild(child: ChildProcess, graceMs = STOP_GRACE_MS): Promise<void> {
  // exited already, or never started (a failed spawn has no pid and sends no `exit`)
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const forced = setTimeout(() => child.kill('SIGKILL'), graceMs);
  try {
    await exited;
  } finally {
    clearTimeout(forced);
  }
}
