/**
 * Argument parsing: find the command words, then parse that command's options (plus the global ones) with
 * `node:util` parseArgs in strict mode, turning its errors into messages that name the option and what to do.
 *
 * Options before the command word are global only (`punch --json jobs`); options after it belong to the command
 * first, so `timesheets --user all` is the filter while `PUNCH_USER` / a leading `--user` says who is asking.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Command, GlobalValues, OptionSpec, OptionValues } from './command';
import { UsageError } from './failure';
import { defineMessages } from '../shared/i18n/messages';
import { words } from './words';

const HELP = defineMessages({
  baseUrl: { id: 'cli.option.base-url', defaultMessage: 'service base URL (env PUNCH_BASE_URL); without it: the built-in sandbox' },
  token: { id: 'cli.option.token', defaultMessage: 'access token (env PUNCH_TOKEN); kept in memory only' },
  user: { id: 'cli.option.user', defaultMessage: 'your employee email or employee id (env PUNCH_USER)' },
  dataDir: { id: 'cli.option.data-dir', defaultMessage: 'where Punchcard keeps its data (env PUNCH_DATA_DIR)' },
  lang: {
    id: 'cli.option.lang',
    defaultMessage: 'the language of what punch says: en, de, fr, es or ar (else the setting, then LC_ALL, LC_MESSAGES, LANG)',
    description: 'Keep the language codes and the variable names as they are.',
  },
  json: { id: 'cli.option.json', defaultMessage: 'print exactly one JSON document on stdout' },
  help: { id: 'cli.option.help', defaultMessage: 'show help' },
  version: {
    id: 'cli.option.version',
    defaultMessage: "print punch's version (with --json: {json})",
    description: '{json}: a JSON document, as it is printed.',
  },
});

const M = defineMessages({
  usage: { id: 'cli.help.usage', defaultMessage: 'Usage: {line}', description: '{line}: how the command is typed, as it is.' },
  unknownOption: {
    id: 'cli.args.unknown-option',
    defaultMessage: 'unknown option{option, select, none {} other { {option}}}.',
    description: '{option}: the option as typed ("none" when it cannot be told).',
  },
  noValue: { id: 'cli.args.no-value', defaultMessage: 'option {option} does not take a value.' },
  needsValue: {
    id: 'cli.args.needs-value',
    defaultMessage: 'option {option} needs a value (for example {example}).',
    description: '{example}: the option with a value, as typed ("--date DATE").',
  },
  unexpected: { id: 'cli.args.unexpected', defaultMessage: 'unexpected argument: {value}.' },
  missing: {
    id: 'cli.args.missing',
    defaultMessage: 'missing {name}.',
    description: '{name}: the missing argument as the usage line writes it ("<id>").',
  },
});

/** "Usage: {line}": the usage line of --help, and under a refusal. */
export const USAGE = M.usage;
/** "Usage: punch log --job ID ..." under a refusal: what to type. */
export const usageHint = (line: string) => words(M.usage, { line: `punch ${line}` });

export const GLOBAL_OPTIONS: Record<string, OptionSpec> = {
  'base-url': { type: 'string', value: 'URL', help: HELP.baseUrl },
  token: { type: 'string', value: 'TOKEN', help: HELP.token },
  user: { type: 'string', value: 'USER', help: HELP.user },
  'data-dir': { type: 'string', value: 'DIR', help: HELP.dataDir },
  lang: { type: 'string', value: 'LANG', help: HELP.lang },
  json: { type: 'boolean', help: HELP.json },
  help: { type: 'boolean', short: 'h', help: HELP.help },
};

/** `punch --version`, alone: in the main help only (a command given with it is not run). */
export const VERSION_OPTION: Record<string, OptionSpec> = {
  version: { type: 'boolean', help: words(HELP.version, { json: '{ "version": … }' }) },
};

export interface SplitArgs {
  /** The command words found, e.g. ['employee', 'add'] or ['jobs']; empty when none was given. */
  words: string[];
  /** Arguments before the command word (global options only). */
  before: string[];
  /** Arguments after the command words. */
  after: string[];
  wantsHelp: boolean;
}

/** Splits argv at the command word; `groups` lists commands that take a sub-command word (employee, timer). */
export function splitArgs(argv: string[], groups: ReadonlySet<string>): SplitArgs {
  const wantsHelp = argv.some((a) => a === '--help' || a === '-h');
  let i = 0;
  while (i < argv.length && argv[i].startsWith('-') && argv[i] !== '-') {
    const name = argv[i].replace(/^--?/, '');
    const spec = GLOBAL_OPTIONS[name];
    i += spec?.type === 'string' ? 2 : 1; // `--base-url URL`: skip the value too (`--base-url=URL` is one token)
  }
  const before = argv.slice(0, Math.min(i, argv.length));
  if (i >= argv.length) return { words: [], before, after: [], wantsHelp };
  const words = [argv[i]];
  let rest = argv.slice(i + 1);
  if (groups.has(argv[i])) {
    // the first word that is neither an option nor a global option's value (`punch timer --lang de --help`: not "de")
    const sub = rest.findIndex(
      (a, k) => !a.startsWith('-') && !(k > 0 && GLOBAL_OPTIONS[rest[k - 1].replace(/^--?/, '')]?.type === 'string'),
    );
    if (sub >= 0) {
      words.push(rest[sub]);
      rest = [...rest.slice(0, sub), ...rest.slice(sub + 1)];
    }
  }
  return { words, before, after: rest, wantsHelp };
}

/** Turns parseArgs' errors into "what is wrong and what to do". */
function explainParseError(e: unknown, cmd: Command): UsageError {
  const err = e as { code?: string; message?: string };
  const option = /'(-{1,2}[^' <]+)/.exec(err.message ?? '')?.[1];
  const hint = usageHint(cmd.usage);
  const spec = option ? { ...GLOBAL_OPTIONS, ...cmd.options }[option.replace(/^--?/, '')] : undefined;
  const example = spec?.type === 'string' ? (spec.value ?? 'VALUE') : 'VALUE';
  switch (err.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return new UsageError(words(M.unknownOption, { option: option ?? 'none' }), hint);
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (/does not take an argument/.test(err.message ?? '')) return new UsageError(words(M.noValue, { option: option ?? '' }), hint);
      return new UsageError(words(M.needsValue, { option: option ?? '', example: `${option} ${example}` }), hint);
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return new UsageError(words(M.unexpected, { value: err.message?.match(/'([^']*)'/)?.[1] ?? '' }), hint);
    default:
      return new UsageError(err.message ?? String(e), hint);
  }
}

function toParseArgsOptions(specs: Record<string, OptionSpec>) {
  const out: Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }> = {};
  for (const [name, s] of Object.entries(specs)) {
    out[name] = { type: s.type, ...(s.type === 'string' && s.multiple ? { multiple: true } : {}), ...(s.short ? { short: s.short } : {}) };
  }
  return out;
}

/**
 * `--hours -1`, `--date -1`: parseArgs reads a value that starts with a dash as the next option, and the user was told
 * the option "needs a value" when it had one. A value that looks like a negative number (a dash, then a digit, a
 * point or a colon) is taken as the option's value here (`--hours=-1`), so the option's own reading refuses it with
 * the right words ("-1 is not a duration: hours must be more than 0").
 */
export function joinDashValues(args: string[], specs: Record<string, OptionSpec>): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const name = /^--([^=]+)$/.exec(args[i])?.[1];
    const next = args[i + 1];
    if (name && specs[name]?.type === 'string' && next !== undefined && /^-[\d.,:]/.test(next)) {
      out.push(`--${name}=${next}`);
      i++;
    } else out.push(args[i]);
  }
  return out;
}

export interface ParsedCommandArgs {
  values: OptionValues;
  positionals: string[];
  globals: GlobalValues;
}

/** The default data directory: `$XDG_CONFIG_HOME/Punchcard`, else `~/.config/Punchcard`. */
export function defaultDataDir(env: NodeJS.ProcessEnv): string {
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'Punchcard');
}

/** Parses the arguments of one command. Throws UsageError (exit 1) on anything it cannot accept. */
export function parseCommandArgs(cmd: Command, split: SplitArgs, env: NodeJS.ProcessEnv): ParsedCommandArgs {
  let pre: OptionValues;
  try {
    pre = parseArgs({
      args: joinDashValues(split.before, GLOBAL_OPTIONS),
      options: toParseArgsOptions(GLOBAL_OPTIONS),
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (e) {
    throw explainParseError(e, cmd);
  }
  let parsed: { values: OptionValues; positionals: string[] };
  try {
    parsed = parseArgs({
      args: joinDashValues(split.after, { ...GLOBAL_OPTIONS, ...cmd.options }),
      options: toParseArgsOptions({ ...GLOBAL_OPTIONS, ...cmd.options }),
      strict: true,
      allowPositionals: true,
    });
  } catch (e) {
    throw explainParseError(e, cmd);
  }
  const names = cmd.positionals ?? [];
  const required = names.filter((n) => !n.endsWith('?') && !n.endsWith('...')).length;
  if (parsed.positionals.length < required) {
    const missing = names[parsed.positionals.length].replace(/\?$/, '');
    throw new UsageError(words(M.missing, { name: `<${missing}>` }), usageHint(cmd.usage));
  }
  // a last name ending in '...' takes any number of values (`data acknowledge <id>...`)
  const rest = names.at(-1)?.endsWith('...') ?? false;
  if (!rest && parsed.positionals.length > names.length) {
    throw new UsageError(words(M.unexpected, { value: parsed.positionals[names.length] }), usageHint(cmd.usage));
  }
  // A global option after the command word counts unless the command has its own option of that name.
  const globalAfter = (name: string) => (name in cmd.options ? undefined : parsed.values[name]);
  const str = (name: string, envName?: string) => {
    const v = globalAfter(name) ?? pre[name] ?? (envName ? env[envName] : undefined);
    return typeof v === 'string' && v !== '' ? v : undefined;
  };
  const globals: GlobalValues = {
    baseUrl: str('base-url', 'PUNCH_BASE_URL'),
    token: str('token', 'PUNCH_TOKEN'),
    user: str('user', 'PUNCH_USER'),
    dataDir: str('data-dir', 'PUNCH_DATA_DIR') ?? defaultDataDir(env),
    json: Boolean(parsed.values.json ?? pre.json),
    ...(env.PUNCH_RATE_LIMIT || env.PUNCH_RATE_BUDGET
      ? { pacingEnv: { PUNCH_RATE_LIMIT: env.PUNCH_RATE_LIMIT, PUNCH_RATE_BUDGET: env.PUNCH_RATE_BUDGET } }
      : {}),
    ...(env.PUNCH_TEST_KILL_AT ? { killAt: env.PUNCH_TEST_KILL_AT } : {}),
  };
  const values: OptionValues = {};
  for (const name of Object.keys(cmd.options)) values[name] = parsed.values[name];
  return { values, positionals: parsed.positionals, globals };
}
