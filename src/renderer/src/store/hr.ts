/** HR: the payroll report for a period, and employee records (search, view, add, edit). */
import type { OpInput } from '../../../shared/contract';
import type { EmployeeRecord, PayrollRecord } from '../../../shared/domain';
import { actionRunner } from './action';
import type { UserError } from './errors';
import { patchSlice, type SliceCreator } from './types';

export type PayrollQuery = OpInput<'payrollReport'>;
export interface EmployeeSearch {
  email?: string;
  employeeId?: string;
  /** Only records changed after this moment, epoch ms (spec 4.4 modifiedtime: an incremental read). */
  modifiedSince?: number;
}

export interface HrSlice {
  hr: {
    payroll: PayrollRecord[] | null;
    payrollQuery: PayrollQuery | null;
    payrollLoading: boolean;
    payrollError: UserError | null;
    employees: EmployeeRecord[] | null;
    employeesLoading: boolean;
    employeesError: UserError | null;
    selected: EmployeeRecord | null;
    saving: boolean;
    saveError: UserError | null;
    saved: string | null;
    runPayroll(q: PayrollQuery): Promise<void>;
    searchEmployees(q: EmployeeSearch): Promise<void>;
    viewEmployee(recordId: string): Promise<void>;
    closeEmployee(): void;
    /** `recordId` null adds a new record; otherwise updates that one. Fields keyed by display label (spec 2.7). */
    saveEmployee(recordId: string | null, fields: Record<string, string>): Promise<boolean>;
  };
}

export const createHrSlice: SliceCreator<HrSlice> = ({ api }) => (set, get) => {
  const patch = (p: Partial<HrSlice['hr']>) => patchSlice(set, 'hr', p);
  const run = actionRunner(patch);
  return {
    hr: {
      payroll: null,
      payrollQuery: null,
      payrollLoading: false,
      payrollError: null,
      employees: null,
      employeesLoading: false,
      employeesError: null,
      selected: null,
      saving: false,
      saveError: null,
      saved: null,
      async runPayroll(q) {
        await run({
          busy: 'payrollLoading', error: 'payrollError', start: { payrollQuery: q },
          done: (payroll) => ({ payroll }), failed: () => ({ payroll: null }),
        }, () => api.payrollReport(q));
      },
      async searchEmployees(q) {
        const input: OpInput<'listEmployees'> = {};
        if (q.email?.trim()) input.email = q.email.trim();
        if (q.employeeId?.trim()) input.employeeId = q.employeeId.trim();
        if (q.modifiedSince !== undefined) input.modifiedSince = q.modifiedSince;
        await run({ busy: 'employeesLoading', error: 'employeesError', done: (employees) => ({ employees }) }, () => api.listEmployees(input));
      },
      async viewEmployee(recordId) {
        await run({
          error: 'employeesError', start: { saveError: null, saved: null }, done: (selected) => ({ selected }),
        }, () => api.getEmployee({ recordId }));
      },
      closeEmployee() {
        patch({ selected: null, saveError: null });
      },
      async saveEmployee(recordId, fields) {
        const answer = await run({
          busy: 'saving', error: 'saveError', start: { saved: null },
          done: (record) => {
            const name = `${record.firstName} ${record.lastName}`.trim() || record.email;
            const list = get().hr.employees;
            const employees = list
              ? (recordId ? list.map((r) => (r.recordId === recordId ? record : r)) : [record, ...list])
              : [record];
            return { selected: record, employees, saved: recordId ? `Updated ${name}.` : `Added ${name}.` };
          },
        }, () => (recordId ? api.updateEmployee({ recordId, fields }) : api.addEmployee({ fields })));
        return answer.ok;
      },
    },
  };
};
