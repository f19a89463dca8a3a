/**
 * Help texts, built from the command definitions so they cannot drift from what the parser accepts.
 */
import { GLOBAL_OPTIONS } from './args';
import type { Command, OptionSpec } from './command';
import { COMMAND_SECTIONS, COMMANDS } from './commands/index';

function optionLines(options: Record<string, OptionSpec>): string[] {
  const rows = Object.entries(options).map(([name, o]) => {
    const flag = `${o.short ? `-${o.short}, ` : ''}--${name}${o.type === 'string' ? ` ${o.value ?? 'VALUE'}` : ''}`;
    const many = o.type === 'string' && o.multiple ? ' (repeatable)' : '';
    return [flag, o.help + many] as const;
  });
  const w = Math.max(0, ...rows.map(([f]) => f.length));
  return rows.map(([f, h]) => `  ${f.padEnd(w)}  ${h}`);
}

export function mainHelp(): string {
  const w = Math.max(...COMMANDS.map((c) => c.name.length));
  const sections = COMMAND_SECTIONS.map((s) => [`${s.title}:`, ...s.commands.map((c) => `  ${c.name.padEnd(w)}  ${c.summary}`)].join('\n'));
  return [
    'punch: log working hours, submit weeks, approve timesheets, from the command line (the same core as the Punchcard app).',
    '',
    'Usage: punch [global options] <command> [options]',
    '',
    ...sections.flatMap((s) => [s, '']),
    'Global options (anywhere; environment variables as fallbacks):',
    ...optionLines(GLOBAL_OPTIONS),
    '',
    'Exit codes: 0 done; 1 bad input (nothing sent, nothing changed); 2 the service or the network failed (or not signed in);',
    '            3 `sync` finished with entries still in the outbox; 5 `status`/`sync`: a data file could not be read',
    '            (see `punch data`, until `punch data acknowledge`); 6 the disk refused a write (full, read-only, denied).',
    'Without a base URL, punch uses the built-in sandbox (a demo company). `punch <command> --help` for details.',
  ].join('\n');
}

export function commandHelp(cmd: Command): string {
  const own = Object.keys(cmd.options).length ? ['', 'Options:', ...optionLines(cmd.options)] : [];
  const globals = Object.fromEntries(Object.entries(GLOBAL_OPTIONS).filter(([n]) => !(n in cmd.options)));
  return [
    `Usage: punch ${cmd.usage}`,
    '',
    `${cmd.summary[0].toUpperCase()}${cmd.summary.slice(1)}.`,
    ...own,
    '',
    'Global options:',
    ...optionLines(globals),
    ...(cmd.details?.length ? ['', ...cmd.details] : []),
  ].join('\n');
}

/** `punch employee --help`: the sub-commands of a group. */
export function groupHelp(group: string): string {
  const subs = COMMANDS.filter((c) => c.name.startsWith(`${group} `));
  const w = Math.max(...subs.map((c) => c.name.length));
  return [
    `Usage: punch ${group} <${subs.map((c) => c.name.split(' ')[1]).join('|')}> [options]`,
    '',
    ...subs.map((c) => `  ${c.name.padEnd(w)}  ${c.summary}`),
    '',
    `\`punch ${group} <sub-command> --help\` for details.`,
  ].join('\n');
}
