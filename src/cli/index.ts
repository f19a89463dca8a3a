/**
 * `punch`: the command line over the Punchcard core. `npm run punch -- <command>` or the `punch` bin.
 */
import { format } from 'node:util';
import { redactConsole } from '../shared/redact';
import { runCli } from './run';

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

const code = await runCli({
  argv: process.argv.slice(2),
  env: process.env,
  stdout: (t) => { process.stdout.write(t); },
  stderr: (t) => { process.stderr.write(t); },
  readStdin,
});
// Flush, then exit even if a library left a handle open (a keychain connection, an idle HTTP agent).
await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
await new Promise<void>((resolve) => process.stderr.write('', () => resolve()));
process.exit(code);
