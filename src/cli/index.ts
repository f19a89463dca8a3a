/**
 * `punch`: the command line over the Punchcard core. `npm run punch -- <command>` or the `punch` bin.
 */
import { format } from 'node:util';
import { redactConsole } from '../shared/redact';
import type { Wording } from '../shared/i18n/messages';
import { quitWords, runCli } from './run';

// stdout carries punch's results only (with --json: exactly one document), so anything the core happens to
// print goes to stderr.
console.log = console.error;
console.info = console.error;
// log lines too: a library's message may quote a request with its token (src/shared/redact.ts)
redactConsole(console, format);

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Ctrl+C cancels the operation in flight (its requests are aborted, a write stopped in flight is settled like a lost
 * answer) and punch exits 130 once the core has closed. A second Ctrl+C, or work that does not stop within a few
 * seconds (a sign-in waiting for the browser), quits at once: like a crash, which the outbox is built for (an entry is
 * on disk before it is sent, and one marked sending is reconciled on the next run).
 */
const interrupt = new AbortController();
const QUIT_AFTER_MS = 5_000;
/** The user's words, once runCli knows them (English until then). */
let said: Wording | undefined;
process.on('SIGINT', () => {
  if (interrupt.signal.aborted) process.exit(130);
  interrupt.abort();
  setTimeout(() => {
    process.stderr.write(`${quitWords(said)}\n`);
    process.exit(130);
  }, QUIT_AFTER_MS).unref();
});

/**
 * The command, run from a function rather than at the top level: the bundle is CommonJS (compiled through `vm.Script`
 * with a code cache: scripts/build-node.mjs), which has no top-level await.
 */
async function main(): Promise<void> {
  const code = await runCli({
    argv: process.argv.slice(2),
    env: process.env,
    stdout: (t) => {
      process.stdout.write(t);
    },
    stderr: (t) => {
      process.stderr.write(t);
    },
    readStdin,
    // a pipe or a file has no width: the sentences then wrap at 100 columns, as the tables do
    ...(process.stdout.isTTY && process.stdout.columns ? { columns: process.stdout.columns } : {}),
    signal: interrupt.signal,
    wordsKnown: (w) => {
      said = w;
    },
  });
  // Flush, then exit even if a library left a handle open (a keychain connection, an idle HTTP agent).
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  await new Promise<void>((resolve) => process.stderr.write('', () => resolve()));
  process.exit(code);
}

void main();
