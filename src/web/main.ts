/**
 * `npm run web`: Punchcard without Electron. The same core as the desktop app (built-in sandbox unless
 * PUNCH_BASE_URL is set) and the same built renderer, served on loopback. The first line of stdout is the URL to
 * open (the e2e fixture and scripts/start.mjs read it); the second says how to stop.
 */
import { fileURLToPath } from 'node:url';
import { format } from 'node:util';
import { dirname, resolve } from 'node:path';
import { createPunchcard, pacingFromEnvironment } from '../core';
import { claimWebInstance } from './instance';
import { openInBrowser } from './open-browser';
import { parseWebOptions, UsageError } from './options';
import { startWebServer } from './server';
import { redact, redactConsole } from '../shared/redact';

// log lines and the messages below: a service's message may echo a token (src/shared/redact.ts)
redactConsole(console, format);

const RENDERER_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../out/renderer');

async function main(): Promise<void> {
  const options = parseWebOptions(process.argv.slice(2));
  // one web mode per data directory (./instance.ts): a second one shows the first and ends
  const claim = await claimWebInstance(options.dataDir);
  if (claim.kind === 'running') {
    process.stdout.write(`${claim.url}\n`);
    process.stdout.write(
      `Punchcard is already running for ${options.dataDir} at ${claim.origin} (process ${claim.pid}); ` +
        `${options.open ? 'opening it in your browser.' : 'open the address above.'}\n`,
    );
    if (options.open && !(await openInBrowser(claim.url))) process.stdout.write('No browser could be opened: open the address above.\n');
    process.exit(0);
  }
  let core;
  try {
    core = await createPunchcard({
      dataDir: options.dataDir,
      env: options.env,
      // PUNCH_RATE_LIMIT / PUNCH_RATE_BUDGET, as for `punch` (account/pacing.ts)
      pacing: pacingFromEnvironment(process.env),
      // OAuth sign-in opens the provider's page; without a browser opener, the terminal shows the link.
      openExternal: async (url) => {
        if (!(await openInBrowser(url))) process.stderr.write(`Open this address to sign in: ${url}\n`);
      },
      // the built-in demo company's code, loaded only when the demo is used (the core imports nothing of src/sandbox)
      demoService: () => import('../sandbox'),
    });
  } catch (e) {
    claim.release();
    throw e;
  }
  // a long-running process: a sleep (the browser has no word for it) or a clock jump is noticed here, on the server,
  // by the wall clock against the monotonic one, and the timer asks about the time away (src/core/timer/clock-watch.ts)
  core.watchClock();
  let server;
  try {
    server = await startWebServer({ core, port: options.port, rendererDir: RENDERER_DIR });
  } catch (e) {
    claim.release();
    await core.close();
    throw e;
  }
  claim.publish(server.url, server.origin);

  process.stdout.write(`${server.url}\n`);
  process.stdout.write(`Punchcard is running at ${server.origin} (data in ${options.dataDir}). Press Ctrl+C to stop.\n`);
  if (options.open) await openInBrowser(server.url);

  let stoppingSince = 0;
  const stop = async (signal: NodeJS.Signals) => {
    if (stoppingSince) {
      // Ctrl+C in a terminal reaches both this process and scripts/web.mjs, which forwards it: one press can arrive
      // twice. A second press a moment later means "now".
      if (Date.now() - stoppingSince > 1000) process.exit(130);
      return;
    }
    stoppingSince = Date.now();
    try {
      claim.release();
      await server.close();
      await core.close();
      process.exit(0);
    } catch (e) {
      process.stderr.write(
        redact(`punch web: could not shut down cleanly after ${signal}: ${e instanceof Error ? e.message : String(e)}\n`),
      );
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((e: unknown) => {
  const message = e instanceof Error ? e.message : String(e);
  const hint =
    (e as { code?: string }).code === 'EADDRINUSE' ? '\nThat port is taken: pick another with --port, or leave it out for a free one.' : '';
  process.stderr.write(redact(e instanceof UsageError ? `${message}\n` : `punch web: ${message}${hint}\n`, [process.env.PUNCH_TOKEN]));
  process.exit(e instanceof UsageError ? 1 : 2);
});
