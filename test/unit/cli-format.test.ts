import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/command';
import { CoreFailure, UsageError, describeFailure } from '../../src/cli/failure';
import { formatPairs, formatTable, wrapHanging, wrapSentences } from '../../src/cli/table';
import { mondayOf } from '../../src/cli/commands/week';
import { approvalWords, elapsedWords, minutesToHhmm } from '../../src/cli/words';

describe('sentences', () => {
  const summary = 'Dry run: nothing was sent or queued. 7 logs would be logged, 2 skipped for a rule, 1 already there or copied before.';
  it('wrap between words within the width given (100 when none is known), each line on its own', () => {
    expect(summary.length).toBeGreaterThan(100);
    const wrapped = wrapSentences(`Copy the week:\n\n${summary}`);
    expect(wrapped.split('\n')).toEqual([
      'Copy the week:',
      '',
      'Dry run: nothing was sent or queued. 7 logs would be logged, 2 skipped for a rule, 1 already there',
      'or copied before.',
    ]);
    const narrow = wrapSentences(summary, 40).split('\n');
    for (const line of narrow) expect(line.length, line).toBeLessThanOrEqual(40);
    expect(narrow.join(' ')).toBe(summary);
  });
  it('an item of a list goes on two columns further in; an address longer than the line stays whole', () => {
    const item = `  op-000003 (add Wed 18 Nov 01:00 Training): queued: ${summary}`;
    const lines = wrapSentences(item, 60).split('\n');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines[0]).toMatch(/^ {2}op-000003 /);
    for (const line of lines.slice(1)) expect(/^ {4}\S/.test(line) && line.length <= 60, line).toBe(true);
    const url = `https://accounts.example.test/oauth/v2/auth?client_id=${'x'.repeat(60)}`;
    expect(wrapSentences(`Open ${url} to sign in`, 40).split('\n')).toEqual(['Open', url, 'to sign in']);
  });

  it('a description in a list goes on under its own first word', () => {
    const lines = wrapHanging(
      '  sync    ',
      'send the outbox now; exits 3 when entries remain, 5 while a damaged file is not acknowledged',
      60,
    ).split('\n');
    expect(lines[0]).toMatch(/^ {2}sync {4}send /);
    for (const l of lines.slice(1)) expect(l).toMatch(/^ {10}\S/);
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(60);
  });
});

describe('tables', () => {
  it('pads columns to the widest cell and aligns numbers right', () => {
    const t = formatTable(
      [{ header: 'JOB' }, { header: 'HOURS', align: 'right' }],
      [
        ['Design', '1:00'],
        ['QA', '12:30'],
      ],
    );
    expect(t.split('\n')).toEqual(['JOB     HOURS', '------  -----', 'Design   1:00', 'QA      12:30']);
  });

  it('counts accented letters as one column and flattens line breaks', () => {
    const t = formatTable(
      [{ header: 'N' }, { header: 'X' }],
      [
        ['Zoë', 'a\nb'],
        ['Bob', 'c'],
      ],
    );
    expect(t.split('\n')[2]).toBe('Zoë  a b');
    expect(t.split('\n')[3]).toBe('Bob  c');
  });

  it('wraps a long reason under itself within the width asked, every word kept', () => {
    const why = "skipped: Hours: Tue 24 Nov would have 17:00, over your company's maximum of 10:00 a day.";
    const t = formatTable(
      [{ header: 'DAY' }, { header: 'RESULT', shrink: true, wrap: true }],
      [
        ['Tue 24 Nov', why],
        ['Wed 25 Nov', 'logged'],
      ],
      [],
      { maxWidth: 40 },
    );
    const lines = t.split('\n');
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(40);
    expect(lines[2]).toMatch(/^Tue 24 Nov {2}skipped: /);
    // the lines under it leave the other columns blank, and read back as the whole reason
    const under = lines.slice(3, -1);
    for (const l of under) expect(l.startsWith(' '.repeat(12))).toBe(true);
    expect([lines[2].slice(12), ...under.map((l) => l.trim())].join(' ')).toBe(why);
    expect(lines.at(-1)).toBe('Wed 25 Nov  logged');
  });

  it('shares the room among several wrapping columns, each at least its longest word, never breaking a word', () => {
    const job = 'Frontend Development for the Acme Corporation website relaunch';
    const why = "Waiting for the service's day to begin: it is still Tue 17 Nov there (another time zone).";
    // an id as long as a column may take: whole on its own line under WHY (one longer than any column: see below)
    const id = `L-${'0123456789'.repeat(2)}`;
    const t = formatTable(
      [{ header: 'ENTRY' }, { header: 'JOB', shrink: true, wrap: true }, { header: 'WHY', shrink: true, wrap: true }],
      [
        ['op-1', job, why],
        ['op-2', 'QA', id],
      ],
      [],
      { maxWidth: 50 },
    );
    const lines = t.split('\n');
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(50);
    const jobAt = lines[0].indexOf('JOB');
    const whyAt = lines[0].indexOf('WHY');
    const op2 = lines.findIndex((l) => l.startsWith('op-2'));
    const down = (from: number, to: number | undefined, rows: string[]) =>
      rows
        .map((l) => l.slice(from, to).trim())
        .filter(Boolean)
        .join(' ');
    expect(down(jobAt, whyAt, lines.slice(2, op2))).toBe(job);
    expect(down(whyAt, undefined, lines.slice(2, op2))).toBe(why);
    // an id longer than its column is never broken (an address to copy, a secret to clean out whole): its own line
    expect(lines.slice(op2).map((l) => l.slice(whyAt).trim())).toContain(id);
  });

  it('wraps every column, never inside a word, when the columns that do not shrink alone are wider than the terminal', () => {
    const cols = [
      { header: 'EMPLOYEE' },
      { header: 'REGULAR', align: 'right' as const },
      { header: 'PAID LEAVE', align: 'right' as const },
      { header: 'AMOUNT', align: 'right' as const },
    ];
    const rows = [
      ['Chloe Martin', '78:30 (78.50)', '00:00 (0.00)', 'US$3,290.00'],
      ['Liam Chen', '71:30 (71.50)', '08:00 (8.00)', 'US$4,872.00'],
    ];
    const wide = formatTable(cols, rows, [['Total', '150:00', '08:00', 'US$8,162.00']]).split('\n');
    expect(Math.max(...wide.map((l) => l.length))).toBeGreaterThan(40);
    const t = formatTable(cols, rows, [['Total', '150:00', '08:00', 'US$8,162.00']], { maxWidth: 40 }).split('\n');
    for (const l of t) expect(l.length, l).toBeLessThanOrEqual(40);
    // a heading wraps like a cell; every word is whole somewhere on its row's lines
    expect(t[0]).toMatch(/^EMPLOYEE\s+REGULAR\s+PAID\s+AMOUNT$/);
    expect(t[1].trim()).toBe('LEAVE');
    for (const word of ['Chloe', 'Martin', '78:30', '(78.50)', 'US$3,290.00', 'US$8,162.00'])
      expect(t.join(' ').split(/\s+/)).toContain(word);
    expect(t.at(-2)).toMatch(/^-+(\s+-+){3}$/);
    expect(t.at(-1)).toMatch(/^Total\s+150:00\s+08:00\s+US\$8,162.00$/);
  });

  it('says each row as HEADING: value lines when even the longest words side by side are wider than the terminal', () => {
    const id = `L-${'0123456789'.repeat(5)}`;
    const cols = [{ header: 'ENTRY' }, { header: 'JOB', shrink: true, wrap: true }, { header: 'WHY', shrink: true, wrap: true }];
    const why = "Waiting for the service's day to begin: it is still Tue 17 Nov there (another time zone).";
    const t = formatTable(
      cols,
      [
        ['op-1', 'Frontend Development', why],
        ['op-2', 'QA', id],
      ],
      [],
      { maxWidth: 50 },
    ).split('\n');
    // only the id, longer than the terminal, runs over: never broken (an address to copy, a secret cleaned out whole)
    for (const l of t.filter((x) => !x.includes(id))) expect(l.length, l).toBeLessThanOrEqual(50);
    expect(t.slice(0, 2)).toEqual(['ENTRY: op-1', 'JOB:   Frontend Development']);
    expect(t[2].startsWith('WHY:   Waiting')).toBe(true);
    expect(
      t
        .slice(2, t.indexOf(''))
        .map((l) => l.trim().replace(/^WHY:\s+/, ''))
        .join(' '),
    ).toBe(why);
    expect(t.slice(t.indexOf(''))).toEqual(['', 'ENTRY: op-2', 'JOB:   QA', `WHY:   ${id}`]);
  });

  it('keeps a few words whole (`keep`) while a long name wraps, and wraps them too when the name is at its narrowest', () => {
    const cols = [
      { header: 'JOB', shrink: true, wrap: true },
      { header: 'STATE', shrink: true, wrap: true, keep: true },
    ];
    const row = [['Frontend Development for the Acme Corporation website relaunch', 'synced, rejected, fixed']];
    const roomy = formatTable(cols, row, [], { maxWidth: 40 }).split('\n');
    expect(roomy[2]).toMatch(/ {2}synced, rejected, fixed$/);
    for (const l of roomy) expect(l.length, l).toBeLessThanOrEqual(40);
    // without `keep`, the two share the room and the state wraps though the name could
    expect(formatTable([cols[0], { ...cols[1], keep: false }], row, [], { maxWidth: 40 })).not.toContain('synced, rejected, fixed');
    const narrow = formatTable(cols, row, [], { maxWidth: 30 }).split('\n');
    for (const l of narrow) expect(l.length, l).toBeLessThanOrEqual(30);
    expect(narrow.join('\n')).not.toContain('synced, rejected, fixed');
  });

  it('gives the room its wrapped columns leave to a cell that then fits whole, and to a cut column after', () => {
    // the demo's jobs in 100 columns: shared out, JOB gets 17, PROJECT 17 and CLIENT 15, but wrapped PROJECT's lines
    // take 15 and CLIENT's 14: the 3 columns left put "Frontend Development" (20) on one line
    const wraps = { shrink: true, wrap: true };
    const cols = [{ header: 'JOB ID' }, { header: 'JOB', ...wraps }, { header: 'PROJECT', ...wraps }, { header: 'CLIENT', ...wraps }];
    const rows = [
      ['412345678901234588', 'Frontend Development', 'Acme Website Redesign', 'Acme Corp'],
      ['412345678901234589', 'Backend API', 'Acme Mobile App', 'Acme Corp'],
      ['412345678901234591', 'Data Migration Scripts', 'Globex Data Migration', 'Globex'],
      ['412345678901234595', 'Internal Meetings', 'Internal Operations', 'Punchcard Demo Inc.'],
    ].map((r) => [...r, 'in progress', 'non-billable']);
    const all = [...cols, { header: 'STATUS' }, { header: 'BILLING' }];
    const lines = formatTable(all, rows, [], { maxWidth: 100 }).split('\n');
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(100);
    expect(lines[2]).toMatch(/^412345678901234588 {2}Frontend Development {2}Acme Website /);
    // a cut column takes what is left after: never a line over the width (a cut cell may end narrower than its room)
    const cut = formatTable(
      [
        { header: 'JOB', ...wraps },
        { header: 'PROJECT', ...wraps },
        { header: 'DESCRIPTION', shrink: true },
      ],
      [['Frontend Development', 'Acme Website Redesign', 'Layout review with the client, then the fixes']],
      [],
      { maxWidth: 60 },
    ).split('\n');
    for (const l of cut) expect(l.length, l).toBeLessThanOrEqual(60);
    expect(cut[2]).toMatch(/^Frontend Development {2}Acme Website Redesign {2}Layout review( w)?\u2026$/);
  });

  it('puts a long value of a pair on under its first word within the width asked', () => {
    const sync = "1 log waits for the service's day to begin: the service is in another time zone. Punchcard sends it then.";
    const lines = formatPairs(
      [
        ['Connection', 'online'],
        ['Sync', sync],
      ],
      { maxWidth: 60 },
    ).split('\n');
    expect(lines[0]).toBe('Connection: online');
    expect(lines[1]).toMatch(/^Sync: {7}1 log /);
    for (const l of lines.slice(2)) expect(l).toMatch(/^ {12}\S/);
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(60);
    expect(
      lines
        .slice(1)
        .map((l) => l.slice(12))
        .join(' '),
    ).toBe(sync);
  });

  it('aligns label-value pairs and leaves out empty values', () => {
    expect(
      formatPairs([
        ['Status', 'approved'],
        ['Comments', undefined],
        ['Total hours', '40:00'],
      ]),
    ).toBe('Status:      approved\nTotal hours: 40:00');
  });
});

describe('words', () => {
  it('shows hours over 24 without wrapping', () => {
    expect(minutesToHhmm(7010 * 60)).toBe('7010:00');
    expect(minutesToHhmm(5)).toBe('00:05');
  });

  it('shows elapsed time and states in words', () => {
    expect(elapsedWords(3_723_000)).toBe('1:02:03');
    expect(approvalWords('pending')).toBe('pending approval');
  });

  it('finds the Monday of a week from any day', () => {
    expect(mondayOf('2026-11-22')).toBe('2026-11-16');
    expect(mondayOf('2026-11-16')).toBe('2026-11-16');
  });
});

describe('exit codes', () => {
  it('maps refused input to 1 and service failures to 2', () => {
    expect(describeFailure(new UsageError('x')).exitCode).toBe(EXIT.badInput);
    expect(describeFailure(new CoreFailure({ name: 'InvalidInputError', message: 'bad' })).exitCode).toBe(EXIT.badInput);
    for (const name of ['NetworkError', 'AuthError', 'ServiceError', 'RateLimitedError', 'ServerError', 'InvalidResponseError']) {
      expect(describeFailure(new CoreFailure({ name, message: 'm' })).exitCode).toBe(EXIT.serviceFailed);
    }
  });

  it('adds the rule violations to the message once', () => {
    const f = describeFailure(
      new CoreFailure({
        name: 'InvalidInputError',
        message: 'Entry refused.',
        violations: [{ field: 'hours', rule: 'max-per-day', message: '2026-11-19 would have 11:30, over 10:00.' }],
      }),
    );
    expect(f.message).toBe('Entry refused.\n  2026-11-19 would have 11:30, over 10:00.');
    expect(f.json.error.violations).toHaveLength(1);
  });
});
