/**
 * Wire -> domain for payroll report rows (spec 2.4). The spec names only the hour and amount fields
 * (`regularHour, OtHours, paidLeaveHours, totalAmount; further fields exist`): which field says whose row it is, it
 * does not say. So the client reads what each row holds (docs/wire-format.md "Payroll rows: whose row"), with the
 * same reading as for timesheets (./normalize-person.ts `findEmployee`): a name, an email, an id. The fields used are
 * not repeated in `extra`; every other field is kept there as text (`currency`, `hourlyRate` ...). A row with none of the three keeps
 * them unset: the app says so ("Not named by the service") rather than showing an empty cell.
 */
import type { PayrollRecord } from '../../../shared/domain';
import { z } from 'zod';
import { anyAsText, readWire, renamed, wireHours, wireList, wireObject, wireText } from './fields';
import { findEmployee, type Found } from './normalize-person';
import { once } from '../../../shared/lazy/once';

const HOUR_KEYS = {
  regularHour: ['regularHour', 'regularHours', 'RegularHour', 'regular_hours'],
  OtHours: ['OtHours', 'otHours', 'OTHours', 'overtimeHours', 'ot_hours'],
  paidLeaveHours: ['paidLeaveHours', 'PaidLeaveHours', 'paid_leave_hours'],
  totalAmount: ['totalAmount', 'TotalAmount', 'total_amount'],
};
const HOURS_AND_AMOUNT = new Set(Object.values(HOUR_KEYS).flat());

/** spec 2.4: the hours and the amount by their known spellings; who the row is for (`findEmployee`); `extra` keeps every further field as text. */
export const payrollRecordSchema = once((): z.ZodType<PayrollRecord> =>
  wireObject('payroll record')
    .transform((o) => {
      const who = findEmployee(o);
      const extra: Record<string, string> = {};
      for (const [k, val] of Object.entries(o)) if (!HOURS_AND_AMOUNT.has(k) && !who.used.has(k)) extra[k] = anyAsText(val);
      return { ...renamed(o, HOUR_KEYS), who, extra };
    })
    .pipe(
      z.object({
        regularHour: wireHours(),
        OtHours: wireHours(),
        paidLeaveHours: wireHours(),
        totalAmount: wireText().transform((t) => t.trim() || '0'),
        who: z.custom<Found>(),
        extra: z.custom<Record<string, string>>(),
      }),
    )
    .transform(({ who, ...rec }): PayrollRecord => ({
      ...rec,
      ...(who.name !== undefined ? { employeeName: who.name } : {}),
      ...(who.email !== undefined ? { employeeEmail: who.email } : {}),
      ...(who.id !== undefined ? { employeeId: who.id } : {}),
    })),
);

export const toPayrollRecord = (v: unknown): PayrollRecord => readWire(payrollRecordSchema(), v);
const payrollList = once(() => wireList('payroll report', payrollRecordSchema()));
export const toPayrollRecords = (payload: unknown): PayrollRecord[] => readWire(payrollList(), payload);
