/**
 * `punch payroll --csv` (the app's CSV, src/shared/team/payroll.ts) and `punch employees --search` (part of a name, any
 * letter case), as real processes against the sandbox.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmployeeRecord } from '../../src/shared/domain';
import { payrollFileName } from '../../src/shared/team/payroll';
import { daysAgo, startCliWorld, type CliWorld } from '../fixtures/cli-harness';

let w: CliWorld;
beforeAll(async () => {
  w = await startCliWorld({ payrollEmployeeField: 'Employee_Name' });
});
afterAll(async () => {
  await w?.close();
});

describe('punch payroll --csv', () => {
  it('writes the CSV file the app exports, and prints it with --csv -', async () => {
    const from = daysAgo(40);
    const to = daysAgo(10);
    const file = join(w.dataDir, payrollFileName(from, to));
    const [written, printed, both] = await Promise.all([
      w.punch(['payroll', '--from', from, '--to', to, '--csv', file]),
      w.punch(['payroll', '--from', from, '--to', to, '--csv', '-']),
      w.punch(['payroll', '--from', from, '--to', to, '--csv', '-', '--json']),
    ]);
    const people = w.sandbox.state().employees;
    expect(written.code).toBe(0);
    expect(written.stdout.trim()).toBe(`Wrote ${people.length} rows to ${file}.`);
    const bytes = readFileSync(file, 'utf8');
    expect(bytes.startsWith('\uFEFF')).toBe(true);
    const lines = bytes.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Employee,Email,Employee ID,Regular hours,Regular hours (decimal),Overtime hours,Overtime hours (decimal),Paid leave hours,Paid leave hours (decimal),Amount,Currency',
    );
    expect(lines).toHaveLength(people.length + 2);
    // the service named each row only by Employee_Name: every line starts with a name, and the amount is in USD
    const liam = lines.find((l) => l.startsWith('Liam Chen,'))!;
    expect(liam).toMatch(/^Liam Chen,,,\d{2,}:\d\d,\d+\.\d\d,\d{2,}:\d\d,\d+\.\d\d,\d{2,}:\d\d,\d+\.\d\d,\d+\.\d\d,USD$/);

    expect(printed.code).toBe(0);
    expect(printed.stdout).toBe(`${bytes.slice(1).replace(/\r\n$/, '')}\n`);

    expect(both.code).toBe(1);
    expect(both.stderr).toMatch(/--csv or --json, not both/);
  });
});

describe('punch employees --search', () => {
  it('finds by part of a name in any letter case, every word matching', async () => {
    const [one, none] = await Promise.all([
      w.punchJson<EmployeeRecord[]>(['employees', '--search', 'LIAM ch']),
      w.punch(['employees', '--search', 'liam sofia']),
    ]);
    expect(one.value.map((e) => e.email)).toEqual(['liam.chen@demo.punchcard.test']);
    expect(none.stdout.trim()).toBe('No employee records match.');
  });
});
