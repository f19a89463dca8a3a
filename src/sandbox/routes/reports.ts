/**
 * spec 4.3: the payroll report, the time tracker settings and the job list.
 */
import type { Call } from '../call';
import { daysBetween, eachDay, isWeekend } from '../calendar';
import { toHhmm } from '../../shared/time/hours';
import { ApiError } from '../envelope';
import { dateFormatOf, day, integer, oneOf, optional, pageSize, required } from '../params';
import type { EmployeeRow, PayrollEmployeeField } from '../types';
import { jobRecord, minutesByJob } from '../wire-records';

const REGULAR_MINUTES_PER_DAY = 8 * 60;

function payrollPeople(call: Call): EmployeeRow[] {
  const { store, caller } = call;
  const ref = required(call.params, 'user');
  if (ref.toLowerCase() === 'all') {
    if (caller.isAdmin) return store.state.employees;
    const team = store.teamOf(caller);
    if (team.length === 0)
      throw new ApiError(9000, 'Permission denied: user=all needs an HR admin or a manager; ask for your own report by email.');
    return team;
  }
  const target = store.employee(ref);
  store.requireActFor(call.caller, target, 'read the payroll report');
  return [target];
}

/**
 * Per employee and day, approved hours up to 8 h are regular and the rest overtime; seeded leave days on working
 * days are 8 h of paid leave. Amount = rate x (regular + 1.5 x overtime + leave), two decimals.
 */
export function getPayrollReport(call: Call) {
  const { store, params: p } = call;
  const people = payrollPeople(call);
  const format = dateFormatOf(p);
  const from = day(p, 'fromDate', format)!;
  const to = day(p, 'toDate', format)!;
  if (to < from) throw new ApiError(9006, 'toDate is before fromDate: give a toDate on or after the fromDate.');
  if (daysBetween(from, to) + 1 > 31)
    throw new ApiError(9007, `Date range too long: ${from} to ${to} is more than 31 days; ask one month at a time.`);
  const processed = store.state.processedPayPeriods.find((pp) => pp.fromDate <= to && pp.toDate >= from);
  if (processed) {
    throw new ApiError(
      9009,
      `Pay period already processed: ${processed.fromDate} to ${processed.toDate} overlaps the range; pick a later range.`,
    );
  }
  const holidays = new Set(store.state.holidays.map((h) => h.date));
  const days = eachDay(from, to);
  const result = people.map((e) => {
    const perDay = new Map<string, number>();
    for (const l of store.state.timeLogs) {
      if (l.user === e.email && l.approvalStatus === 'approved' && l.workDate >= from && l.workDate <= to) {
        perDay.set(l.workDate, (perDay.get(l.workDate) ?? 0) + l.minutes);
      }
    }
    let regular = 0;
    let overtime = 0;
    for (const m of perDay.values()) {
      regular += Math.min(m, REGULAR_MINUTES_PER_DAY);
      overtime += Math.max(0, m - REGULAR_MINUTES_PER_DAY);
    }
    const leave = days.filter((d) => e.leaveDays.includes(d) && !isWeekend(d) && !holidays.has(d)).length * REGULAR_MINUTES_PER_DAY;
    const amount = (e.hourlyRate * (regular + 1.5 * overtime + leave)) / 60;
    const currency = call.variants ? call.variants.payrollCurrency : 'USD';
    return {
      ...whoseRow(e, call.variants?.payrollEmployeeField ?? 'spec'),
      regularHour: toHhmm(regular),
      OtHours: toHhmm(overtime),
      paidLeaveHours: toHhmm(leave),
      totalAmount: amount.toFixed(2),
      ...(currency !== null ? { currency } : {}),
      hourlyRate: e.hourlyRate.toFixed(2),
    };
  });
  return { result };
}

/**
 * The field that says whose row it is (spec 2.4 does not name it): the spec style's three, or only the one a
 * deployment uses (the `payrollEmployeeField` switch), or none.
 */
function whoseRow(e: EmployeeRow, field: PayrollEmployeeField): Record<string, string> {
  const name = `${e.firstName} ${e.lastName}`;
  switch (field) {
    case 'spec':
      return { employeeName: name, employeeEmail: e.email, employeeId: e.employeeId };
    case 'Employee_Name':
    case 'empName':
    case 'name':
    case 'EmployeeName':
      return { [field]: name };
    case 'Email_ID':
      return { Email_ID: e.email };
    case 'erecno':
      return { erecno: e.recordId };
    case 'Employee_ID':
      return { Employee_ID: e.employeeId };
    case 'First_Name+Last_Name':
      return { First_Name: e.firstName, Last_Name: e.lastName };
    case 'none':
      return {};
  }
}

/** The company's settings, with its currency (the `companyCurrency` switch: a code, or none). */
export function getSettings(call: Call) {
  const currency = call.variants ? call.variants.companyCurrency : 'USD';
  return { result: { ...call.store.state.settings, ...(currency !== null ? { currency } : {}) } };
}

export function getJobs(call: Call) {
  const { store, params: p } = call;
  const ref = optional(p, 'assignedTo');
  const assignee = ref ? store.employee(ref, 'assignedTo') : undefined;
  const status = oneOf(p, 'jobStatus', ['in-progress', 'completed', 'all'] as const, 'in-progress');
  const sIndex = integer(p, 'sIndex', 0, 0); // spec 8: jobs page from 0
  const limit = pageSize(p, 'limit');
  const all = store.state.jobs.filter(
    (j) => (status === 'all' || j.jobStatus === status) && (!assignee || j.assignedTo.includes(assignee.email)),
  );
  const page = all.slice(sIndex, sIndex + limit);
  const logged = minutesByJob(store);
  return { result: page.map((j) => jobRecord(store, j, logged)), isNextAvailable: page.length === limit && sIndex + limit < all.length };
}
