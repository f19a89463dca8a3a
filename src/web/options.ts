/**
 * `npm run web -- [--port N] [--data-dir D] [--no-open]` and its environment fallbacks, as plain data.
 * Flags win over the environment; the environment wins over defaults (same rules as the `punch` CLI).
 */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { defineMessages, type MessageDescriptor, type MessageValues } from '../shared/i18n/messages';

/** The usage line and the refusal of a bad port, said in the terminal's language by main.ts. */
export const OPTION_WORDS = defineMessages({
  usage: {
    id: 'web.cli.usage',
    defaultMessage: 'Usage: {command}',
    description: '{command}: the command with its options (npm run web -- [--port N] ...), as it is typed.',
  },
  badPort: {
    id: 'web.cli.bad-port',
    defaultMessage: '{option} must be a whole number from 0 to 65535 (0 picks a free port); got “{got}”.',
  },
});

export interface WebOptions {
  port: number;
  dataDir: string;
  open: boolean;
  /** Passed to the core; without a base URL it runs on the built-in sandbox. */
  env: { baseUrl?: string; token?: string; user?: string };
  /**
   * How often the server looks at the clock for a sleep (the core's watch: 15 s when not given). Tests only, from
   * PUNCH_TEST_CLOCK_WATCH_MS: a browser test of a sleep the server notices by itself waits for that look in real
   * time (up to 15 s each), so it asks for a look every second (test/e2e/fixtures.ts `WATCH_CLOCK_EVERY_SECOND`).
   */
  watchEveryMs?: number;
}

/** What was wrong with the command line: its words as messages (main.ts says them), the English in `message`. */
export class UsageError extends Error {
  override readonly name = 'UsageError' as const;
  constructor(
    /** Said before the words (Node's own refusal of an unknown option, in its words). */
    readonly before: string | undefined,
    readonly words: Array<{ message: MessageDescriptor; values?: MessageValues }>,
  ) {
    super([before, ...words.map((w) => english(w.message, w.values))].filter(Boolean).join('\n'));
  }
}

const english = (m: MessageDescriptor, values: MessageValues = {}) =>
  m.defaultMessage.replace(/\{(\w+)\}/g, (all, k: string) => String(values[k] ?? all));

export const USAGE_COMMAND = 'npm run web -- [--port N] [--data-dir DIR] [--no-open]';
const usage = { message: OPTION_WORDS.usage, values: { command: USAGE_COMMAND } };

/** Where the desktop app keeps its data on Linux too (Electron's userData for an app named "Punchcard"). */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'Punchcard');
}

export function parseWebOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): WebOptions {
  let values: { port?: string; 'data-dir'?: string; 'no-open'?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        'no-open': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e), [usage]);
  }
  if (values.help) throw new UsageError(undefined, [usage]);

  let port = 0;
  if (values.port !== undefined) {
    port = Number(values.port);
    if (!/^\d+$/.test(values.port) || port > 65535) {
      throw new UsageError(undefined, [{ message: OPTION_WORDS.badPort, values: { option: '--port', got: values.port } }]);
    }
  }
  const dataDir = resolve(values['data-dir'] || env.PUNCH_DATA_DIR || defaultDataDir(env));
  const coreEnv: WebOptions['env'] = {};
  if (env.PUNCH_BASE_URL) coreEnv.baseUrl = env.PUNCH_BASE_URL;
  if (env.PUNCH_TOKEN) coreEnv.token = env.PUNCH_TOKEN;
  if (env.PUNCH_USER) coreEnv.user = env.PUNCH_USER;
  const watchEveryMs = Number(env.PUNCH_TEST_CLOCK_WATCH_MS);
  return { port, dataDir, open: !values['no-open'], env: coreEnv, ...(watchEveryMs > 0 ? { watchEveryMs } : {}) };
}
