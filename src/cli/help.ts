/**
 * Help texts, built from the command definitions so they cannot drift from what the parser accepts, in the user's
 * language (src/cli/language.ts). Command names, options, their values and the usage lines are what is typed, so they
 * stay as they are in every language; what they mean is said through the catalog.
 */
import { GLOBAL_OPTIONS, USAGE, VERSION_OPTION } from './args';
import { sayHelp, type Command, type OptionSpec } from './command';
import { COMMAND_SECTIONS, COMMANDS } from './commands/index';
import { defineMessages, type Wording } from '../shared/i18n/messages';
import { DEFAULT_WIDTH, wrapHanging, wrapSentences } from './table';

const M = defineMessages({
  intro: {
    id: 'cli.help.intro',
    defaultMessage:
      '{punch}: log working hours, submit weeks, approve timesheets, from the command line (the same core as the Punchcard app).',
    description: '{punch} is the command name, "punch".',
  },
  usageLine: {
    id: 'cli.help.usage-line',
    defaultMessage: "punch [global options] '<'command'>' [options]",
    description: "The words in brackets may be translated; \"punch\" stays. '<' and '>' are quoted for ICU: keep the quotes.",
  },
  groupUsageLine: {
    id: 'cli.help.group-usage-line',
    defaultMessage: "punch {group} '<'{subs}'>' [options]",
    description:
      "{group} and {subs} are commands as typed; \"options\" may be translated. '<' and '>' are quoted for ICU: keep the quotes.",
  },
  commandHelpLine: {
    id: 'cli.help.command-help-line',
    defaultMessage: "`punch '<'command'>' --help`",
    description: "\"command\" may be translated; the rest is typed. '<' and '>' are quoted for ICU: keep the quotes.",
  },
  subHelpLine: {
    id: 'cli.help.sub-help-line',
    defaultMessage: "`punch {group} '<'sub-command'>' --help`",
    description: "\"sub-command\" may be translated; {group} and the rest are typed. '<' and '>' are quoted for ICU: keep the quotes.",
  },
  globalsMain: { id: 'cli.help.globals-main', defaultMessage: 'Global options (anywhere; environment variables as fallbacks):' },
  globals: { id: 'cli.help.globals', defaultMessage: 'Global options:' },
  options: { id: 'cli.help.options', defaultMessage: 'Options:' },
  repeatable: {
    id: 'cli.help.repeatable',
    defaultMessage: '(repeatable)',
    description: 'After an option that may be given several times.',
  },
  exitCodes: {
    id: 'cli.help.exit-codes',
    defaultMessage:
      'Exit codes: 0 done; 1 bad input (nothing sent, nothing changed); 2 the service or the network failed (or not signed in);\n            3 {sync} finished with entries still in the outbox; 5 {status}/{sync}: a data file could not be read\n            (see {data}, until {acknowledge}); 6 the disk refused a write (full, read-only, denied).',
    description: 'Keep the numbers and the line breaks; {sync}, {status}, {data}, {acknowledge} are commands as typed.',
  },
  sandboxNote: {
    id: 'cli.help.sandbox-note',
    defaultMessage: 'Without a base URL, punch uses the built-in sandbox (a demo company). {more} for details.',
    description: '{more} is "punch <command> --help", as typed.',
  },
  groupMore: { id: 'cli.help.group-more', defaultMessage: '{more} for details.', description: '{more}: a command line, as typed.' },
  sections: {
    id: 'cli.help.sections',
    defaultMessage:
      '{title, select, logging {Logging time} week {The week and the outbox} managers {Managers} hr {HR and payroll} other {Account and service}}:',
  },
});

// Help is read in a terminal: every line within `room` columns (the terminal's, else 100), a description going on
// under its own first word, a usage line under the command it names.

function optionLines(w: Wording, options: Record<string, OptionSpec>, room: number): string[] {
  const rows = Object.entries(options).map(([name, o]) => {
    const flag = `${o.short ? `-${o.short}, ` : ''}--${name}${o.type === 'string' ? ` ${o.value ?? 'VALUE'}` : ''}`;
    const many = o.type === 'string' && o.multiple ? ` ${w.say(M.repeatable)}` : '';
    return [flag, sayHelp(w, o.help) + many] as const;
  });
  const width = Math.max(0, ...rows.map(([f]) => f.length));
  return rows.map(([f, h]) => wrapHanging(`  ${f.padEnd(width)}  `, h, room));
}

/** "Usage: punch …" with a long line going on under the command's first word. */
function usage(w: Wording, line: string, room: number): string {
  const said = w.say(USAGE, { line });
  const at = said.indexOf(line);
  return at < 0 ? wrapSentences(said, room) : wrapHanging(said.slice(0, at), said.slice(at), room) + said.slice(at + line.length);
}

/** The exit codes as one paragraph within `room`, its further lines at the column the translator's lines start at. */
function exitCodes(text: string, room: number): string {
  const [first, ...rest] = text.split('\n');
  const indent = rest.length ? /^ */.exec(rest[0])![0] : '';
  return wrapHanging(indent, [first, ...rest].map((l) => l.trim()).join(' '), room).slice(indent.length);
}

export function mainHelp(w: Wording, room: number = DEFAULT_WIDTH): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  const sections = COMMAND_SECTIONS.map((s) =>
    [
      w.say(M.sections, { title: s.key }),
      ...s.commands.map((c) => wrapHanging(`  ${c.name.padEnd(width)}  `, sayHelp(w, c.summary), room)),
    ].join('\n'),
  );
  return [
    wrapSentences(w.say(M.intro, { punch: 'punch' }), room),
    '',
    usage(w, w.say(M.usageLine), room),
    '',
    ...sections.flatMap((s) => [s, '']),
    w.say(M.globalsMain),
    ...optionLines(w, { ...GLOBAL_OPTIONS, ...VERSION_OPTION }, room),
    '',
    exitCodes(
      w.say(M.exitCodes, { sync: '`sync`', status: '`status`', data: '`punch data`', acknowledge: '`punch data acknowledge`' }),
      room,
    ),
    wrapSentences(w.say(M.sandboxNote, { more: w.say(M.commandHelpLine) }), room),
  ].join('\n');
}

export function commandHelp(w: Wording, cmd: Command, room: number = DEFAULT_WIDTH): string {
  const own = Object.keys(cmd.options).length ? ['', w.say(M.options), ...optionLines(w, cmd.options, room)] : [];
  const globals = Object.fromEntries(Object.entries(GLOBAL_OPTIONS).filter(([n]) => !(n in cmd.options)));
  const summary = sayHelp(w, cmd.summary);
  return [
    usage(w, `punch ${cmd.usage}`, room),
    '',
    wrapSentences(`${summary[0].toUpperCase()}${summary.slice(1)}.`, room),
    ...own,
    '',
    w.say(M.globals),
    ...optionLines(w, globals, room),
    ...(cmd.details?.length ? ['', ...cmd.details.map((d) => wrapSentences(sayHelp(w, d), room))] : []),
  ].join('\n');
}

/** `punch employee --help`: the sub-commands of a group. */
export function groupHelp(w: Wording, group: string, room: number = DEFAULT_WIDTH): string {
  const subs = COMMANDS.filter((c) => c.name.startsWith(`${group} `));
  const width = Math.max(...subs.map((c) => c.name.length));
  return [
    usage(w, w.say(M.groupUsageLine, { group, subs: subs.map((c) => c.name.split(' ')[1]).join('|') }), room),
    '',
    ...subs.map((c) => wrapHanging(`  ${c.name.padEnd(width)}  `, sayHelp(w, c.summary), room)),
    '',
    wrapSentences(w.say(M.groupMore, { more: w.say(M.subHelpLine, { group }) }), room),
  ].join('\n');
}
