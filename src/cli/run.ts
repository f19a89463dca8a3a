/**
 * Runs one `punch` invocation: find the command, parse its arguments, open the core if needed, print the result
 * (one JSON document with `--json`, text otherwise) and return the exit code. Nothing here touches `process`
 * directly, so tests can run it in-process; `index.ts` wires it to the real process.
 */
import { defaultDataDir, parseCommandArgs, splitArgs } from './args';
import { DEFAULT_WIDTH, wrapSentences } from './table';
import type { CommandContext, CommandResult, CoreCalls } from './command';
import { EXIT } from './command';
import { COMMANDS, GROUPS, findCommand } from './commands/index';
import { openCore, type OpenCore } from './core';
import { UsageError, describeFailure } from './failure';
import { commandHelp, groupHelp, mainHelp } from './help';
import { editDistance } from '../shared/closest';
import { cliLocale, cliWording, optionIn, SPOKEN } from './language';
import { countDaysIn } from './input';
import { defineMessages } from '../shared/i18n/messages';
import { redact } from '../shared/redact';
import { englishWording } from '../shared/i18n/english';
import type { Wording } from '../shared/i18n/messages';
import { sayTimesIn, words } from './words';
// package.json's version, put into the bundle when it is built (esbuild inlines the one field it reads)
import { version as PUNCH_VERSION } from '../../package.json';

const M = defineMessages({
  unknownLang: {
    id: 'cli.lang.unknown',
    defaultMessage: '{option}: punch does not speak "{lang}".',
    description: '{option} is "--lang" as typed; {lang} is what the user gave.',
  },
  langHint: { id: 'cli.lang.hint', defaultMessage: 'Give one of {languages}.', description: '{languages}: the language codes, as typed.' },
  unknownCommand: { id: 'cli.run.unknown-command', defaultMessage: 'unknown command "{typed}".', description: '{typed}: what was typed.' },
  didYouMean: {
    id: 'cli.run.did-you-mean',
    defaultMessage: 'Did you mean: {names}? Run {help} to see the commands.',
    description: '{names}: command names, as typed; {help}: a command as typed.',
  },
  seeCommands: {
    id: 'cli.run.see-commands',
    defaultMessage: 'Run {help} to see the commands.',
    description: '{help}: a command as typed.',
  },
  missingCommand: { id: 'cli.run.missing-command', defaultMessage: 'missing command.' },
  needsSub: {
    id: 'cli.run.needs-sub-command',
    defaultMessage: '"{group}" needs a sub-command.',
    description: '{group}: a command, as typed.',
  },
  openToSignIn: {
    id: 'cli.run.open-to-sign-in',
    defaultMessage: 'Open this address in a browser to sign in:',
    description: 'The sign-in address follows on the next line.',
  },
  stopped: {
    id: 'cli.run.stopped',
    defaultMessage:
      'stopped (Ctrl+C): the request in flight was cancelled. Anything logged stays in the outbox; an entry whose answer did not come back is checked with the service at the next sync ({sync}), never sent twice.',
    description: 'After "punch: ". Ctrl+C is the key (German keyboards: Strg+C); {sync}: a command as typed.',
  },
  quit: {
    id: 'cli.run.quit',
    defaultMessage: 'stopped (Ctrl+C) without waiting any longer. Anything logged stays in the outbox; run {sync} to send it.',
    description: 'After "punch: ", on a second Ctrl+C (German keyboards: Strg+C); {sync}: a command as typed.',
  },
});

export interface CliIo {
  argv: string[];
  env: NodeJS.ProcessEnv;
  stdout(text: string): void;
  stderr(text: string): void;
  readStdin(): Promise<string>;
  /** The terminal's width in columns, when stdout is one (index.ts); else sentences wrap at 100 (./table.ts). */
  columns?: number;
  /** Fires on Ctrl+C (index.ts): the operation in flight is cancelled, and punch says so and exits 130. */
  signal?: AbortSignal;
  /** Told the user's words once they are known (index.ts says a second Ctrl+C in them). */
  wordsKnown?(w: Wording): void;
}

/**
 * What a stopped command says: what happened to the request in flight, and that nothing logged is lost (an entry is
 * in the outbox before it is sent; one whose answer did not come back is checked with the service, never sent twice).
 */
export const stoppedWords = (w: Wording = englishWording()) => `punch: ${w.say(M.stopped, { sync: '`punch sync`' })}`;
/** What a second Ctrl+C says, quitting at once. */
export const quitWords = (w: Wording = englishWording()) => `punch: ${w.say(M.quit, { sync: '`punch sync`' })}`;

const HELP = '`punch --help`';

function unknownCommand(typedWords: string[]): UsageError {
  const typed = typedWords.join(' ');
  const names = [...new Set(COMMANDS.map((c) => (GROUPS.has(typedWords[0]) ? c.name : c.name.split(' ')[0])))];
  const near = names.filter((n) => editDistance(n, GROUPS.has(typedWords[0]) ? typed : typedWords[0]) <= 2);
  return new UsageError(
    words(M.unknownCommand, { typed }),
    near.length ? words(M.didYouMean, { names: near.join(', '), help: HELP }) : words(M.seeCommands, { help: HELP }),
  );
}

/** The token given on the command line (`--token X`, `--token=X`) or in PUNCH_TOKEN: never printed back. */
function tokensGiven(argv: string[], env: NodeJS.ProcessEnv): string[] {
  const out = [env.PUNCH_TOKEN];
  argv.forEach((a, i) => {
    if (a === '--token') out.push(argv[i + 1]);
    else if (a.startsWith('--token=')) out.push(a.slice('--token='.length));
  });
  return out.filter((t): t is string => !!t && t !== '-');
}

export async function runCli(cliIo: CliIo): Promise<number> {
  // Every line punch prints, results and errors alike, goes through `redact`: a service that echoes the request's
  // token in a refusal must not get it onto the terminal. The session's own secrets are added by
  // the core while it is open (registerSecrets); the token given to this command is known from the start.
  const given = tokensGiven(cliIo.argv, cliIo.env);
  let raw = false;
  const io: CliIo = {
    ...cliIo,
    stdout: (t) => cliIo.stdout(raw ? t : redact(t, given)),
    stderr: (t) => cliIo.stderr(redact(t, given)),
  };
  const split = splitArgs(io.argv, GROUPS);
  const wantsJson = io.argv.includes('--json');
  // punch's language, before anything is said (help and usage errors too): src/cli/language.ts
  const locale = cliLocale(io.argv, io.env, optionIn(io.argv, 'data-dir') || io.env.PUNCH_DATA_DIR || defaultDataDir(io.env));
  const w = await cliWording(locale);
  countDaysIn(locale.timeZone);
  sayTimesIn(locale.timeZone);
  cliIo.wordsKnown?.(w);
  const width = io.columns && io.columns > 0 ? io.columns : DEFAULT_WIDTH;
  let core: OpenCore | undefined;
  /** Ctrl+C during work with the core ends with exit 130 and says what it means (a `sandbox` ends as it always did). */
  const stopped = (code: number): number => {
    if (!io.signal?.aborted || !core) return code;
    io.stderr(`${stoppedWords(w)}\n`);
    return EXIT.interrupted;
  };
  const fail = (e: unknown): number => {
    const f = describeFailure(e, w);
    if (wantsJson) io.stdout(`${JSON.stringify(f.json, null, 2)}\n`);
    io.stderr(`punch: ${f.message}\n${f.hint ? `${f.hint}\n` : ''}`);
    return f.exitCode;
  };
  try {
    if (locale.unknownLang !== undefined)
      throw new UsageError(
        words(M.unknownLang, { option: '--lang', lang: locale.unknownLang }),
        words(M.langHint, { languages: SPOKEN.join(', ') }),
      );
    const [first, second] = split.words;
    if (!first) {
      if (io.argv.includes('--version') && !split.wantsHelp) {
        io.stdout(wantsJson ? `${JSON.stringify({ version: PUNCH_VERSION }, null, 2)}\n` : `punch ${PUNCH_VERSION}\n`);
        return EXIT.done;
      }
      if (io.argv.length === 0 || split.wantsHelp) {
        io.stdout(`${mainHelp(w, width)}\n`);
        return EXIT.done;
      }
      throw new UsageError(words(M.missingCommand), words(M.seeCommands, { help: HELP }));
    }
    if (first === 'help') {
      const topic = io.argv.slice(io.argv.indexOf('help') + 1).filter((a) => !a.startsWith('-'));
      const cmd = topic.length ? findCommand(topic) : undefined;
      if (topic.length && !cmd && !GROUPS.has(topic[0])) throw unknownCommand(topic);
      io.stdout(`${cmd ? commandHelp(w, cmd, width) : topic.length ? groupHelp(w, topic[0], width) : mainHelp(w, width)}\n`);
      return EXIT.done;
    }
    const cmd = findCommand(split.words);
    if (!cmd) {
      if (GROUPS.has(first)) {
        if (!second && split.wantsHelp) {
          io.stdout(`${groupHelp(w, first, width)}\n`);
          return EXIT.done;
        }
        if (!second) throw new UsageError(words(M.needsSub, { group: first }), groupHelp(w, first).split('\n')[0]);
      }
      throw unknownCommand(split.words);
    }
    if (split.wantsHelp) {
      io.stdout(`${commandHelp(w, cmd, width)}\n`);
      return EXIT.done;
    }

    const parsed = parseCommandArgs(cmd, split, io.env);
    const ctx: CommandContext = {
      ...parsed,
      async core(opts): Promise<CoreCalls> {
        core ??= await openCore(parsed.globals, {
          useEnvAccount: opts?.useEnvAccount ?? true,
          printUrl: (url) => io.stderr(`${w.say(M.openToSignIn)}\n  ${url}\n`),
          ...(io.signal ? { signal: io.signal } : {}),
        });
        return core;
      },
      note: (message) => io.stderr(`${message}\n`),
      readStdin: io.readStdin,
      words: w,
      width,
    };
    const result: CommandResult = await cmd.run(ctx);
    raw = cmd.printsItsOwnToken === true;
    if (parsed.globals.json) io.stdout(`${JSON.stringify(result.json, null, 2)}\n`);
    else if (result.text) io.stdout(`${result.text}\n`);
    // in a terminal, within its width as the output is (a line a command already wrapped stays as it is); to a pipe
    // or a file, as the command said it, a line a problem to search for whole
    const fitted = (t: string) => (io.columns && io.columns > 0 ? wrapSentences(t, width) : t);
    if (result.problem) io.stderr(`${fitted(`punch: ${result.problem}`)}\n${result.hint ? `${fitted(result.hint)}\n` : ''}`);
    if (result.keepAlive) await result.keepAlive;
    return stopped(result.exitCode ?? EXIT.done);
  } catch (e) {
    return stopped(fail(e));
  } finally {
    if (core)
      await core.close().catch(() => {
        /* closing must not hide the command's own outcome */
      });
  }
}
