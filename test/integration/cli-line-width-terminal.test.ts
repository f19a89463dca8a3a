/**
 * In a terminal, `punch` keeps within the terminal's width, not 100 columns: `week` (its sentences and its table) at
 * 60, 100 and 160 columns, in English, German and Arabic, and `copy-week`'s table; every command that prints a table
 * (week, jobs, employees, payroll, timesheets, outbox, data, copy-week) at 60, 70 and 80 columns in the three; `--json` the same at any width. The jobs table with the demo's job names wraps only when it must: whole at 160, and at 100
 * no wrapped name would fit whole in the room the table leaves. Real punch over the built-in demo, run in this process
 * with stdout as a terminal of that width (the `columns` src/cli/index.ts passes when stdout is one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, weekStartOf } from '../../src/shared/time/week';
import { startCliWorld, UNPACED_ENV, type CliWorld } from '../fixtures/cli-harness';
import { tableRows } from '../fixtures/cli-wrapped';
import { TEST_TODAY } from '../fixtures/test-clock';

/** Columns a line takes: code points, leaving out the marks on a letter and the invisible direction marks. */
const columns = (line: string) => [...line.replace(/[\p{M}\p{Cf}]/gu, '')].length;
const widest = (text: string) => Math.max(...text.split('\n').map(columns));

let w: CliWorld;

beforeAll(async () => {
  // unpaced: its ~100 runs within a minute would wait on the real service's 20 a minute (UNPACED_ENV)
  w = await startCliWorld({ env: UNPACED_ENV });
  // a description longer than any terminal's DESCRIPTION column at 100: cut there, whole at 160
  const job = w.sandbox.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(w.sandbox.demoUser))!;
  const r = await w.punch([
    'log',
    '--job',
    job.jobId,
    '--date',
    TEST_TODAY,
    '--hours',
    '0:30',
    '--description',
    'Layout review with the client',
  ]);
  expect(r.code, r.stderr).toBe(0);
}, 60_000);

afterAll(async () => {
  await w?.close();
});

describe('punch in a terminal of 60, 100 or 160 columns', () => {
  for (const lang of ['en', 'de', 'ar']) {
    it(`week follows the terminal's width in ${lang}`, async () => {
      const at = async (width: number) => (await w.punchHere(['week', '--lang', lang], { columns: width })).stdout;
      const [narrow, hundred, wide] = await Promise.all([at(60), at(100), at(160)]);
      expect(widest(hundred)).toBeLessThanOrEqual(100);
      expect(widest(wide)).toBeLessThanOrEqual(160);
      // the descriptions cut within 100 columns are whole in 160: the table takes the room there
      expect(hundred).toContain('\u2026');
      expect(wide).not.toContain('\u2026');
      expect(widest(wide)).toBeGreaterThan(100);
      expect(wide).toContain('Layout review with the client');
      // in 60 columns the sentences (the heading, the totals) wrap at 60, and so does the table of logs: its eight
      // columns at their longest words are wider than 60, so each log is said as HEADING: value lines
      const [sentences] = narrow.split('\n\n');
      expect(widest(sentences)).toBeLessThanOrEqual(60);
      expect(widest(narrow)).toBeLessThanOrEqual(60);
      expect(sentences).not.toBe(hundred.split('\n\n')[0]);
      const logsAt = (text: string) => widest(text.split('\n\n').at(-1)!);
      expect(logsAt(narrow)).toBeLessThan(logsAt(hundred));
    }, 60_000);
  }

  for (const lang of ['en', 'de', 'ar'])
    it(`every table keeps within 60, 70 and 80 columns in ${lang}, its ids whole`, async () => {
      const commands = [
        ['week'],
        ['jobs'],
        ['employees'],
        ['payroll', '--this-month'],
        ['timesheets'],
        ['outbox'],
        ['data'],
        ['copy-week', '--from', addDays(weekStartOf(TEST_TODAY), -7), '--dry-run'],
      ];
      for (const args of commands) {
        const at = (width: number) => w.punchHere([...args, '--lang', lang], { columns: width });
        const [wide, ...narrow] = await Promise.all([at(160), at(60), at(70), at(80)]);
        // the long ids of the wide table (a log's, a record's: 10 digits and more) are each whole in the narrow ones
        const ids = [...new Set(wide.stdout.match(/\b\d{10,}\b/g) ?? [])];
        for (const [k, r] of narrow.entries()) {
          const width = [60, 70, 80][k];
          expect(r.code, `${args.join(' ')} at ${width}: ${r.stderr}`).toBe(wide.code);
          expect(widest(r.stdout), `${args.join(' ')} at ${width}:\n${r.stdout}`).toBeLessThanOrEqual(width);
          for (const id of ids) expect(r.stdout, `${args.join(' ')} at ${width}`).toContain(id);
        }
      }
    }, 120_000);

  it('week without a terminal (a pipe) is as in 100 columns; --json the same at any width', async () => {
    const [pipe, hundred] = await Promise.all([w.punchHere(['week']), w.punchHere(['week'], { columns: 100 })]);
    expect(pipe.stdout).toBe(hundred.stdout);
    const [json60, json160, json] = await Promise.all([
      w.punchHere(['week', '--json'], { columns: 60 }),
      w.punchHere(['week', '--json'], { columns: 160 }),
      w.punchHere(['week', '--json']),
    ]);
    // the same keys and values, but when the week was read (each run reads it: `readAt`, and `fresh` when a read is paused)
    const read = (r: { stdout: string }) => {
      const { readAt, fresh, ...week } = JSON.parse(r.stdout) as Record<string, unknown>;
      return { week, keys: Object.keys(JSON.parse(r.stdout) as object), read: [typeof readAt, typeof fresh] };
    };
    expect(read(json60)).toEqual(read(json));
    expect(read(json160)).toEqual(read(json));
  }, 60_000);

  it("copy-week's table follows the width too", async () => {
    const from = addDays(weekStartOf(TEST_TODAY), -7);
    const copy = (width?: number) => w.punchHere(['copy-week', '--from', from, '--dry-run'], width ? { columns: width } : {});
    const [copy60, copy160] = await Promise.all([copy(60), copy(160)]);
    expect(widest(copy60.stdout)).toBeLessThanOrEqual(60);
    expect(widest(copy160.stdout)).toBeLessThanOrEqual(160);
    expect(copy60.stdout.split('\n').length).toBeGreaterThan(copy160.stdout.split('\n').length);
  });

  it('the jobs table with the demo names wraps only when it must: whole at 160, and at 100 no name that would fit whole', async () => {
    const [wide, hundred, json] = await Promise.all([
      w.punchHere(['jobs'], { columns: 160 }),
      w.punchHere(['jobs'], { columns: 100 }),
      w.punchHere(['jobs', '--json']),
    ]);
    const jobs = JSON.parse(json.stdout) as Array<{ jobId: string; jobName: string; projectName: string; clientName: string }>;
    const listed = jobs.map((j) => [j.jobId, j.jobName, j.projectName, j.clientName]);
    // 160: one line a job (a heading, its rule, the jobs, the count)
    expect(wide.stdout.trimEnd().split('\n')).toHaveLength(jobs.length + 3);
    expect(widest(wide.stdout)).toBeLessThanOrEqual(160);
    for (const r of [wide, hundred])
      expect(tableRows(r.stdout, 'JOB ID').map((row) => [row['JOB ID'], row.JOB, row.PROJECT, row.CLIENT])).toEqual(listed);
    // 100: the demo's names are wider together than the room (the whole table at one line a row is over 100)
    expect(widest(wide.stdout)).toBeGreaterThan(100);
    const lines = hundred.stdout.split('\n');
    const room = 100 - widest(hundred.stdout);
    expect(room).toBeGreaterThanOrEqual(0);
    // every name that wraps would need more than the room left to be whole in its column
    const rule = lines[1];
    const spans = [...rule.matchAll(/-+/g)].map((m) => ({ at: m.index, width: m[0].length }));
    const headings = lines[0].split(/ {2,}/);
    const rows = tableRows(hundred.stdout, 'JOB ID');
    for (const name of ['JOB', 'PROJECT', 'CLIENT']) {
      const column = spans[headings.indexOf(name)];
      for (const row of rows) {
        const cell = row[name];
        const onOneLine = lines.some((l) => l.slice(column.at, column.at + column.width).trim() === cell);
        if (!onOneLine) expect(columns(cell) - column.width, `${name} "${cell}" wrapped with ${room} columns left`).toBeGreaterThan(room);
      }
    }
  });
});
