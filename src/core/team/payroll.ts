/**
 * The payroll report over any period. The service refuses a range longer than a month (real-service-notes: 9007), so a
 * longer period is asked for one calendar month at a time and the answers are added up per employee.
 */
import type { PayrollRecord } from '../../shared/domain';
import { parseHhmm, toHhmm } from '../../shared/time/hours';
import { addDays, daysBetween } from '../../shared/time/week';
import { currencyText } from '../../shared/team/payroll';
import type { ServiceClient } from '../service';
import type { EmployeeDirectory } from './directory';
import type { People, PersonRef } from './people';

/** real-service-notes 9007: "range longer than a month"; the sandbox refuses more than 31 days. */
const MAX_DAYS_PER_CALL = 31;

/** Whole calendar months (the first and last may be partial); a range of at most 31 days stays one call. */
export function payrollPeriods(from: string, to: string): Array<{ from: string; to: string }> {
  if (daysBetween(from, to) + 1 <= MAX_DAYS_PER_CALL) return [{ from, to }];
  const periods: Array<{ from: string; to: string }> = [];
  let start = from;
  while (daysBetween(start, to) >= 0) {
    const [y, m] = start.split('-').map(Number);
    // Day 0 of the next month is the last day of this one.
    const monthEnd = `${start.slice(0, 8)}${String(new Date(y, m, 0).getDate()).padStart(2, '0')}`;
    const end = daysBetween(monthEnd, to) >= 0 ? monthEnd : to;
    periods.push({ from: start, to: end });
    start = addDays(end, 1);
  }
  return periods;
}

/** Amounts are decimal strings; add them in cents so 0.1 + 0.2 stays 0.30. */
function centsOf(amount: string): number {
  const n = Number(amount.replace(/,/g, ''));
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
}

/**
 * One employee across months: by id, else email, else name. A row that names no employee (the service's rows may not:
 * service/wire/normalize-payroll.ts) cannot be matched with another month's, so it stays a row of its own: adding up two
 * unnamed rows could add two people's pay together.
 */
const keyOf = (r: PayrollRecord, part: number, index: number) =>
  r.employeeId
    ? `id:${r.employeeId}`
    : r.employeeEmail
      ? `email:${r.employeeEmail.toLowerCase()}`
      : r.employeeName
        ? `name:${r.employeeName}`
        : `unnamed:${part}:${index}`;

export function mergePayroll(parts: PayrollRecord[][]): PayrollRecord[] {
  const sums = new Map<string, { first: PayrollRecord; regular: number; ot: number; leave: number; cents: number }>();
  for (const [key, record] of parts.flatMap((rows, p) => rows.map((r, i) => [keyOf(r, p, i), r] as const))) {
    const s = sums.get(key) ?? { first: record, regular: 0, ot: 0, leave: 0, cents: 0 };
    // The client already read the service's hours tolerantly (decimal too) into HH:MM (service/wire/fields.ts wireHours).
    s.regular += parseHhmm(record.regularHour);
    s.ot += parseHhmm(record.OtHours);
    s.leave += parseHhmm(record.paidLeaveHours);
    s.cents += centsOf(record.totalAmount);
    sums.set(key, s);
  }
  return [...sums.values()].map(({ first, regular, ot, leave, cents }) => ({
    ...first,
    regularHour: toHhmm(regular),
    OtHours: toHhmm(ot),
    paidLeaveHours: toHhmm(leave),
    totalAmount: (cents / 100).toFixed(2),
    extra: { ...first.extra },
  }));
}

export async function payrollOverPeriod(client: ServiceClient, q: { user: string; from: string; to: string }): Promise<PayrollRecord[]> {
  const periods = payrollPeriods(q.from, q.to);
  // One month after another, not in parallel: the service paces each endpoint (about 20 calls a minute).
  const parts: PayrollRecord[][] = [];
  for (const p of periods) parts.push(await client.payrollReport({ user: q.user, fromDate: p.from, toDate: p.to }));
  return periods.length === 1 ? parts[0] : mergePayroll(parts);
}

/** What names payroll rows and says their currency (wired by ../root/punchcard.ts; each may be absent in a test). */
export interface PayrollNaming {
  people?: People;
  directory?: Pick<EmployeeDirectory, 'records'>;
  /** The company's currency from its settings (spec 2.6), when the service says one. */
  companyCurrency?: () => Promise<string | undefined>;
}

/** From this many rows unnamed on, the directory is read (a few pages at most) rather than each person one by one. */
const DIRECTORY_FROM = 2;

/**
 * Payroll rows as HR reads them: by name where the service gave only an email or an id (the directory on
 * disk, else one read of the directory or of each person: ./people.ts), the Employee ID and email where the directory
 * knows them, and the company's currency on rows that carry none. A row nothing names stays unnamed ("Not named by
 * the service"); a currency is never guessed, only taken from the company's own settings.
 */
export async function namedPayroll(rows: PayrollRecord[], naming: PayrollNaming): Promise<PayrollRecord[]> {
  const { people } = naming;
  const refOf = (r: PayrollRecord): PersonRef => ({
    ...(r.employeeName ? { name: r.employeeName } : {}),
    ...(r.employeeEmail ? { email: r.employeeEmail } : {}),
    ...(r.employeeId ? { employeeId: r.employeeId } : {}),
  });
  const unnamed = () => (people ? rows.map(refOf).filter((p) => !people.known(p).name && Object.keys(p).length > 0) : []);
  if (people && unnamed().length >= DIRECTORY_FROM && naming.directory) {
    // HR reads employee records anyway: one read of the directory (kept on disk) names every row at once
    await naming.directory.records().catch(() => undefined);
  }
  if (people) await people.complete(unnamed());
  let currency: string | undefined;
  if (rows.some((r) => !currencyText(r))) currency = await naming.companyCurrency?.().catch(() => undefined);
  return rows.map((r) => {
    const p = people ? people.known(refOf(r)) : refOf(r);
    return {
      ...r,
      ...(p.name ? { employeeName: r.employeeName ?? p.name } : {}),
      ...(p.email ? { employeeEmail: r.employeeEmail ?? p.email } : {}),
      ...(p.employeeId ? { employeeId: p.employeeId } : {}),
      extra: { ...r.extra, ...(!currencyText(r) && currency ? { currency } : {}) },
    };
  });
}
