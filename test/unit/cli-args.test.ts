import { describe, expect, it } from 'vitest';
import { defaultDataDir, parseCommandArgs, splitArgs } from '../../src/cli/args';
import { GROUPS, findCommand } from '../../src/cli/commands/index';
import { UsageError } from '../../src/cli/failure';
import { parseDay, parseFields, parseHours, parseLogDecisions, parseModifiedSince, parsePort } from '../../src/cli/input';
import { runCli } from '../../src/cli/run';

function parse(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const split = splitArgs(argv, GROUPS);
  const cmd = findCommand(split.words);
  if (!cmd) throw new Error(`no command for ${argv.join(' ')}`);
  return parseCommandArgs(cmd, split, env);
}

function message(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof UsageError) return e.message;
    throw e;
  }
  throw new Error('expected a UsageError');
}

async function runInProcess(argv: string[]) {
  let out = '';
  let err = '';
  const code = await runCli({
    argv,
    env: {},
    stdout: (t) => {
      out += t;
    },
    stderr: (t) => {
      err += t;
    },
    readStdin: async () => '',
  });
  return { code, out, err };
}

describe('finding the command', () => {
  it('skips global options and their values before the command word', () => {
    expect(splitArgs(['--base-url', 'http://x', '--json', 'jobs', '--status', 'all'], GROUPS)).toMatchObject({
      words: ['jobs'],
      before: ['--base-url', 'http://x', '--json'],
      after: ['--status', 'all'],
    });
  });

  it('takes the sub-command word of a group even after options', () => {
    expect(splitArgs(['employee', '--json', 'get', '123'], GROUPS).words).toEqual(['employee', 'get']);
    expect(splitArgs(['timer', 'stop', '--yes'], GROUPS)).toMatchObject({ words: ['timer', 'stop'], after: ['--yes'] });
  });

  it("never takes a global option's value for the sub-command word", async () => {
    // `punch timer --lang de --help` is the timer's help in German, not an unknown command "timer de"
    expect(splitArgs(['timer', '--lang', 'de', '--help'], GROUPS)).toMatchObject({ words: ['timer'], after: ['--lang', 'de', '--help'] });
    expect(splitArgs(['employee', '--lang', 'fr', 'get', '123'], GROUPS).words).toEqual(['employee', 'get']);
    const r = await runInProcess(['timer', '--lang', 'de', '--help']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^ {2}timer start +den Timer für einen Auftrag starten/m);
  });
});

describe('parsing a command', () => {
  it('reads global options from the environment when not given', () => {
    const p = parse(['jobs'], { PUNCH_BASE_URL: 'http://h', PUNCH_TOKEN: 't', PUNCH_USER: 'u@x', PUNCH_DATA_DIR: '/d' });
    expect(p.globals).toEqual({ baseUrl: 'http://h', token: 't', user: 'u@x', dataDir: '/d', json: false });
  });

  it('lets a command option win over the global one of the same name', () => {
    const p = parse(['--user', 'me@x', 'timesheets', '--user', 'all'], { PUNCH_USER: 'env@x' });
    expect(p.values.user).toBe('all');
    expect(p.globals.user).toBe('me@x');
  });

  it('accepts global options after the command word', () => {
    const p = parse(['jobs', '--json', '--data-dir', '/tmp/p']);
    expect(p.globals).toMatchObject({ json: true, dataDir: '/tmp/p' });
  });

  it('defaults the data directory under XDG_CONFIG_HOME', () => {
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/cfg' })).toBe('/cfg/Punchcard');
    expect(parse(['jobs'], { XDG_CONFIG_HOME: '/cfg' }).globals.dataDir).toBe('/cfg/Punchcard');
  });

  it('collects repeated options', () => {
    const p = parse(['employee', 'add', '--field', 'First Name=Ada', '--field', 'Email=a@x']);
    expect(p.values.field).toEqual(['First Name=Ada', 'Email=a@x']);
  });

  it('names an unknown option', () => {
    expect(message(() => parse(['jobs', '--colour']))).toBe('unknown option --colour.');
  });

  it('says which option lacks a value and shows its value name', () => {
    expect(message(() => parse(['log', '--hours']))).toBe('option --hours needs a value (for example --hours HH:MM).');
    expect(message(() => parse(['log', '--hours', '--json']))).toMatch(/--hours needs a value/);
  });

  it('refuses a missing or an extra positional argument', () => {
    expect(message(() => parse(['timesheet']))).toBe('missing <id>.');
    expect(message(() => parse(['timesheet', '1', '2']))).toBe('unexpected argument: 2.');
  });
});

describe('reading values', () => {
  const noon = new Date(2026, 10, 20, 12, 0).getTime();

  it('accepts dates as YYYY-MM-DD, today and yesterday in local time', () => {
    expect(parseDay('date', '2026-02-28', noon)).toBe('2026-02-28');
    expect(parseDay('date', 'today', noon)).toBe('2026-11-20');
    expect(parseDay('date', 'Yesterday', noon)).toBe('2026-11-19');
    expect(parseDay('date', 'yesterday', new Date(2026, 2, 1, 0, 30).getTime())).toBe('2026-02-28');
  });

  it('refuses a date in another form naming the option', () => {
    expect(message(() => parseDay('date', '20-11-2026'))).toMatch(/^--date must be a date as YYYY-MM-DD.*got "20-11-2026"/);
  });

  it.each([
    ['2026-02-31', '2026-02-31 is not a date: February 2026 has 28 days.'],
    ['2028-02-30', '2028-02-30 is not a date: February 2028 has 29 days.'],
    ['2026-04-31', '2026-04-31 is not a date: April 2026 has 30 days.'],
    ['2026-13-01', '2026-13-01 is not a date: a year has 12 months (the month comes after the year, YYYY-MM-DD).'],
    ['2026-11-00', '2026-11-00 is not a date: days of a month start at 01.'],
  ])('says why %s is no day of the calendar, not that its form is wrong', (value, words) => {
    expect(message(() => parseDay('date', value))).toBe(words);
  });

  it.each([
    [['log', '--hours', '-1'], '-1 is not a duration: hours must be more than 0, for example --hours 01:30.'],
    [['log', '--hours', '-0:30'], '-0:30 is not a duration: hours must be more than 0, for example --hours 01:30.'],
    [['log', '--date', '-1'], '--date must be a date as YYYY-MM-DD, "today" or "yesterday" (got "-1"), for example --date 2026-11-20.'],
  ])('takes a negative-looking value as the value of %j and refuses it in words', (argv, words) => {
    const p = parse(argv);
    const option = argv[1].slice(2);
    const value = p.values[option] as string;
    expect(value).toBe(argv[2]);
    expect(message(() => (option === 'hours' ? parseHours(value) : parseDay(option, value)))).toBe(words);
  });

  it('still reads an option after a value-less one as an option, not as its value', () => {
    expect(message(() => parse(['log', '--hours', '--json']))).toMatch(/--hours needs a value/);
    expect(parse(['log', '--description', '-', '--hours', '1']).values).toMatchObject({ description: '-', hours: '1' });
  });

  it('reads hours as people type them, sends HH:MM, and refuses bad ones', () => {
    expect(parseHours('1:30')).toBe('01:30');
    expect(parseHours('125:05')).toBe('125:05');
    expect(parseHours('1.5')).toBe('01:30');
    expect(parseHours('1h30')).toBe('01:30');
    expect(parseHours('90m')).toBe('01:30');
    expect(message(() => parseHours('1:60'))).toMatch(/^--hours must be a duration such as 01:30/);
    expect(message(() => parseHours('soon'))).toMatch(/^--hours must be a duration such as 01:30/);
    expect(message(() => parseHours('00:00'))).toMatch(/more than 00:00/);
  });

  it('splits fields at the first equals sign', () => {
    expect(parseFields(['First Name=Ada', 'Note=a=b'])).toEqual({ 'First Name': 'Ada', Note: 'a=b' });
    expect(message(() => parseFields(['=x']))).toMatch(/Label=Value/);
    expect(message(() => parseFields(['A=1', 'A=2']))).toMatch(/given twice/);
    expect(message(() => parseFields([]))).toMatch(/at least one --field/);
  });

  it('reads per-log decisions', () => {
    expect(parseLogDecisions(['11=approved', '12=Rejected'])).toEqual({ 11: 'approved', 12: 'rejected' });
    expect(parseLogDecisions(undefined)).toBeUndefined();
    expect(message(() => parseLogDecisions(['11=maybe']))).toMatch(/TIMELOG_ID=approved/);
  });

  it('reads modified-since as milliseconds or a date', () => {
    expect(parseModifiedSince('1700000000000')).toBe(1700000000000);
    expect(parseModifiedSince('2026-11-20')).toBe(new Date(2026, 10, 20).getTime());
    expect(message(() => parseModifiedSince('last week'))).toMatch(/milliseconds/);
  });

  it('checks the port range', () => {
    expect(parsePort('8787')).toBe(8787);
    expect(message(() => parsePort('70000'))).toMatch(/0 to 65535/);
  });
});

describe('running without the core', () => {
  it('prints the command list for --help and exits 0', async () => {
    const r = await runInProcess(['--help']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/employee add/);
    expect(r.err).toBe('');
  });

  it("prints a command's options for `help <command>` and `<command> --help`", async () => {
    const a = await runInProcess(['help', 'approve']);
    const b = await runInProcess(['approve', '--help']);
    expect(a.out).toBe(b.out);
    expect(a.out).toMatch(/--all-levels/);
  });

  it("lists a group's sub-commands", async () => {
    const r = await runInProcess(['timer', '--help']);
    expect(r.out).toMatch(/timer start/);
    expect(r.out).toMatch(/timer stop/);
  });

  it('exits 1 on an unknown command with a suggestion', async () => {
    const r = await runInProcess(['jbos']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^punch: unknown command "jbos"\./);
  });

  it('prints a JSON error document on stdout with --json', async () => {
    const r = await runInProcess(['log', '--json', '--hours', 'soon', '--job', '1']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toEqual({ error: { name: 'UsageError', message: expect.stringMatching(/--hours must be a duration/) } });
  });
});
