/**
 * `npm run web`: Punchcard without Electron. The same core as the desktop app (built-in sandbox unless
 * PUNCH_BASE_URL is set) and the same built renderer, served on loopback. The first line of stdout is the URL to
 * open (the e2e fixture and scripts/start.mjs read it); the second says how to stop.
 */
import { fileURLToPath } from 'node:url';
import { format } from 'node:util';
import { dirname, resolve } from 'node:path';
import { createPunchcard, pacingFromEnvironment } from '../core';
import { loadMessages } from '../shared/i18n/catalogs';
import { pickLanguage, regionTag } from '../shared/i18n/locales';
import { defineMessages, type Wording } from '../shared/i18n/messages';
import { createWording } from '../shared/i18n/wording';
import { claimWebInstance } from './instance';
import { openInBrowser } from './open-browser';
import { parseWebOptions, UsageError } from './options';
import { startWebServer } from './server';
import { redact, redactConsole } from '../shared/redact';

/** What `npm run web` says in its terminal (the first line, the address, is for scripts and has no words). */
const M = defineMessages({
  alreadyRunning: {
    id: 'web.cli.already-running',
    defaultMessage:
      'Punchcard is already running for {dir} at {origin} (process {pid}); {open, select, yes {opening it in your browser.} other {open the address above.}}',
    description: "A second start on the same data folder: {dir} the folder, {origin} the first one's address, {pid} its process id.",
  },
  noBrowser: { id: 'web.cli.no-browser', defaultMessage: 'No browser could be opened: open the address above.' },
  signIn: { id: 'web.cli.sign-in', defaultMessage: 'Open this address to sign in: {url}' },
  running: {
    id: 'web.cli.running',
    defaultMessage: 'Punchcard is running at {origin} (data in {dir}). Press {keys} to stop.',
    description: '{keys}: the keys that stop it (Ctrl+C).',
  },
  shutdownFailed: { id: 'web.cli.shutdown-failed', defaultMessage: 'could not shut down cleanly after {signal}: {error}' },
  portTaken: {
    id: 'web.cli.port-taken',
    defaultMessage: 'That port is taken: pick another with {option}, or leave it out for a free one.',
  },
});

/**
 * The terminal's words, in the environment's language as POSIX orders it (LC_ALL, then LC_MESSAGES, then LANG; the
 * first one set decides) and its region (LC_ALL, LC_TIME, LC_NUMERIC, LANG): the rule `punch` follows
 * (src/cli/language.ts), which web mode may not import. The app in the browser follows the preference instead.
 */
async function terminalWording(env: NodeJS.ProcessEnv = process.env): Promise<Wording> {
  const first = (names: string[]) => names.map((n) => env[n]).find((v) => v);
  const language = pickLanguage([first(['LC_ALL', 'LC_MESSAGES', 'LANG'])]);
  const region = regionTag(first(['LC_ALL', 'LC_TIME', 'LC_NUMERIC', 'LANG'])) ?? 'en-GB';
  return createWording(language, region, await loadMessages(language));
}

// log lines and the messages below: a service's message may echo a token (src/shared/redact.ts)
redactConsole(console, format);

const RENDERER_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../out/renderer');

async function main(): Promise<void> {
  const options = parseWebOptions(process.argv.slice(2));
  // one web mode per data directory (./instance.ts): a second one shows the first and ends
  const w = await terminalWording();
  const claim = await claimWebInstance(options.dataDir);
  if (claim.kind === 'running') {
    process.stdout.write(`${claim.url}\n`);
    process.stdout.write(
      `${w.say(M.alreadyRunning, { dir: options.dataDir, origin: claim.origin, pid: String(claim.pid), open: options.open ? 'yes' : 'no' })}\n`,
    );
    if (options.open && !(await openInBrowser(claim.url))) process.stdout.write(`${w.say(M.noBrowser)}\n`);
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
        if (!(await openInBrowser(url))) process.stderr.write(`${w.say(M.signIn, { url })}\n`);
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
  core.watchClock({ everyMs: options.watchEveryMs });
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
  process.stdout.write(`${w.say(M.running, { origin: server.origin, dir: options.dataDir, keys: 'Ctrl+C' })}\n`);
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
        redact(`punch web: ${w.say(M.shutdownFailed, { signal, error: e instanceof Error ? e.message : String(e) })}\n`),
      );
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch(async (e: unknown) => {
  const w = await terminalWording().catch(() => null);
  const say: Wording['say'] = (m, v) => (w ? w.say(m, v) : m.defaultMessage);
  let text: string;
  if (e instanceof UsageError) text = [e.before, ...e.words.map((x) => say(x.message, x.values))].filter(Boolean).join('\n');
  else {
    const hint = (e as { code?: string }).code === 'EADDRINUSE' ? `\n${say(M.portTaken, { option: '--port' })}` : '';
    text = `punch web: ${e instanceof Error ? e.message : String(e)}${hint}`;
  }
  process.stderr.write(redact(`${text}\n`, [process.env.PUNCH_TOKEN]));
  process.exit(e instanceof UsageError ? 1 : 2);
});
