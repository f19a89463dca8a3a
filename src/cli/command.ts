/**
 * What a `punch` command is: its words, its options (for `node:util` parseArgs, strict), its help text and what it
 * does. Commands receive parsed values and a lazily opened core; they return what to print (a JSON value for
 * `--json`, text for people) and, rarely, an exit code other than 0.
 */
import type { OperationName, OpInput, OpOutput } from '../shared/contract';
import { defineMessages, type MessageDescriptor, type Wording } from '../shared/i18n/messages';
import { say, words, type Worded } from './words';

/** Words of help: a catalog message, or one with values (an example: its command line as typed). */
export type HelpWords = MessageDescriptor | Worded;

/** Help words in the user's language. */
export function sayHelp(w: Wording, h: HelpWords): string {
  return 'message' in h ? say(w, h) : w.say(h);
}

const M = defineMessages({
  example: {
    id: 'cli.help.example',
    defaultMessage: 'Example: {command}',
    description: "A line of a command's --help; {command}: a command line as typed.",
  },
});

/** "Example: punch log ...": a line of help whose command is typed as it is in every language. */
export const example = (command: string): Worded => words(M.example, { command });

export type OptionSpec =
  | { type: 'string'; multiple?: boolean; short?: string; value?: string; help: HelpWords }
  | { type: 'boolean'; short?: string; help: HelpWords };

export type OptionValues = Record<string, string | boolean | Array<string | boolean> | undefined>;

/** `--name VALUE`: a string option (`multiple`: may be repeated). */
export function textOption(value: string, help: HelpWords, multiple?: 'multiple'): OptionSpec {
  return { type: 'string', value, help, ...(multiple ? { multiple: true } : {}) };
}

/** `--name`: a flag. */
export function flagOption(help: HelpWords): OptionSpec {
  return { type: 'boolean', help };
}

/** Exit codes (docs/cli.md): the meaning is the contract scripts rely on. */
export const EXIT = {
  done: 0,
  /** Bad input: nothing was sent and nothing changed. */
  badInput: 1,
  /** The service or the network failed. */
  serviceFailed: 2,
  /** `sync` finished with entries still in the outbox. */
  entriesRemain: 3,
  /** `copy-week`, `log --days`: some logs were not logged because they break a company rule (the others were); `undo` of several: some stay, in a locked week. */
  skippedForRule: 4,
  /** `status` / `sync`: a data file could not be read and was kept aside; it stays so until `punch data acknowledge`. */
  damagedData: 5,
  /** The data directory refused a write: the disk is full, read-only, or Punchcard may not write there (StorageError). */
  storageFailed: 6,
  /** Stopped by Ctrl+C while working with the core: the request in flight was cancelled (the shell's usual 128 + SIGINT). */
  interrupted: 130,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export interface GlobalValues {
  baseUrl?: string;
  token?: string;
  user?: string;
  dataDir: string;
  json: boolean;
  /** PUNCH_RATE_LIMIT / PUNCH_RATE_BUDGET as given (account/pacing.ts reads them when the core opens). */
  pacingEnv?: { PUNCH_RATE_LIMIT?: string; PUNCH_RATE_BUDGET?: string };
  /**
   * Tests only (PUNCH_TEST_KILL_AT): the named point of a timer change (src/core/timer/timer.ts `TimerStep`) at which
   * this process kills itself with SIGKILL, right after that point's durable write, as a crash or a power cut would.
   */
  killAt?: string;
}

/** The core as the CLI sees it: every operation through the same dispatcher (validation, error mapping) as the app. */
export interface CoreCalls {
  call<K extends OperationName>(name: K, input: OpInput<K>): Promise<OpOutput<K>>;
}

export interface CommandContext {
  values: OptionValues;
  positionals: string[];
  globals: GlobalValues;
  /** Opens the core on first use (commands like `sandbox` and `--help` never load it). */
  core(opts?: { useEnvAccount?: boolean }): Promise<CoreCalls>;
  /** Progress and hints for people: always stderr, so `--json` stdout stays one document. */
  note(message: string): void;
  /** Standard input, for `login --token -`. */
  readStdin(): Promise<string>;
  /** The user's language and region for what is printed for people (src/cli/language.ts); `--json` has no words. */
  words: Wording;
  /** Where sentences wrap: the terminal's width when stdout is a terminal, else 100 columns (./table.ts DEFAULT_WIDTH). */
  width: number;
}

export interface CommandResult {
  /** Printed with `--json`: an array for lists, an object otherwise. */
  json: unknown;
  /** Printed without `--json`. */
  text: string;
  exitCode?: ExitCode;
  /** Printed on stderr as `punch: ...` (e.g. why `sync` exits 3). */
  problem?: string;
  hint?: string;
  /** Long-running commands (`sandbox`) resolve this when they should end. */
  keepAlive?: Promise<void>;
}

export interface Command {
  /** 'jobs', or 'employee add' for grouped commands. */
  name: string;
  summary: HelpWords;
  /** Usage line after `punch `, e.g. 'timesheet <id>'. */
  usage: string;
  options: Record<string, OptionSpec>;
  /** Names of the positional arguments, in order; the ones ending in '?' are optional, a last one ending in '...' takes any number. */
  positionals?: string[];
  /** Extra lines for `--help` (examples, rules): each a message (a paragraph, its line breaks as the translator sets them). */
  details?: HelpWords[];
  /**
   * Prints a credential on purpose (`sandbox`: the local demo service's own demo token, which is the point of the
   * command): its result is not redacted. Every other output of `punch` is (src/shared/redact.ts).
   */
  printsItsOwnToken?: true;
  run(ctx: CommandContext): Promise<CommandResult>;
}
