/**
 * Web mode's server as the benches start it (bench/web-mode.ts, bench/first-screen-bytes.ts, bench/built-code.ts): the
 * entry `npm run web` picks (the bundle out/web/web.mjs when current, else src/web/main.ts under tsx), started directly
 * so the process measured is the server itself, with a fresh PUNCH_DATA_DIR each start. Apart from web-mode.ts so the
 * first screen's bytes can start one without importing the bench that reports them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleIsCurrent } from '../bin/bundle-current.mjs';
import { stopChild } from '../test/tools/stop-child';
import { envWithoutPunch, tempDir, within } from './measure';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface WebServer {
  url: string;
  firstLineMs: number;
  /** performance.now() when the first line arrived */ readyAt: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The server's entry as `npm run web` picks it (scripts/web.mjs), as node arguments. */
export const WEB_ENTRIES = {
  bundle: ['out/web/web.mjs'],
  /** What the `tsx` command runs, minus its wrapper process. */
  tsx: ['--import', 'tsx', 'src/web/main.ts'],
} as const;
export const currentWebEntry = (): keyof typeof WEB_ENTRIES =>
  bundleIsCurrent(ROOT, join(ROOT, 'out', 'web', 'web.mjs')) ? 'bundle' : 'tsx';

/**
 * Starts the server directly (not through scripts/web.mjs): the process measured is then the server itself. `env` is
 * added to this process's environment without its PUNCH_*; each start gets a fresh PUNCH_DATA_DIR. `root`: the tree
 * whose build is served (another worktree's, to compare two builds in one run: bench/web-paint.ts).
 */
export async function startWebServer(entry: readonly string[], env: Record<string, string> = {}, root = ROOT): Promise<WebServer> {
  const data = tempDir('punch-bench-web-');
  const t0 = performance.now();
  const child = spawn(process.execPath, [...entry, '--port', '0', '--no-open'], {
    cwd: root,
    env: { ...envWithoutPunch(), ...env, PUNCH_DATA_DIR: data.dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A section abandoned at its time limit ends the runner with process.exit (bench/index.ts), which stops no child:
  // its server would live on, writing into a data directory already removed.
  const killAtExit = () => child.kill('SIGKILL');
  process.once('exit', killAtExit);
  const stop = async () => {
    process.off('exit', killAtExit);
    await stopChild(child);
    data.remove();
  };
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  try {
    const url = await within(
      30_000,
      "the web server's first line",
      new Promise<string>((resolve, reject) => {
        child.stdout!.on('data', (c: Buffer) => {
          stdout += c.toString();
          const newline = stdout.indexOf('\n');
          if (newline >= 0) resolve(stdout.slice(0, newline).trim());
        });
        child.once('exit', (code) =>
          reject(new Error(`${entry.at(-1)} exited (${code}) before printing its URL: ${stderr.trim().split('\n').slice(-2).join(' | ')}`)),
        );
      }),
    );
    const readyAt = performance.now();
    return { url, firstLineMs: readyAt - t0, readyAt, child, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
