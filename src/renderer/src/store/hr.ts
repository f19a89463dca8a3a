/** HR: the payroll report for a period, and employee records (search, view, add, edit). */
import type { OpInput } from '../../../shared/contract';
import type { EmployeeRecord, PayrollRecord } from '../../../shared/domain';
import { toUserError, type UserError } from './errors';
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
        patch({ payrollLoading: true, payrollError: null, payrollQuery: q });
        try {
          patch({ payroll: await api.payrollReport(q), payrollLoading: false });
        } catch (e) {
          patch({ payroll: null, payrollLoading: false, payrollError: toUserError(e) });
        }
      },
      async searchEmployees(q) {
        patch({ employeesLoading: true, employeesError: null });
        const input: OpInput<'listEmployees'> = {};
        if (q.email?.trim()) input.email = q.email.trim();
        if (q.employeeId?.trim()) input.employeeId = q.employeeId.trim();
        if (q.modifiedSince !== undefined) input.modifiedSince = q.modifiedSince;
        try {
          patch({ employees: await api.listEmployees(input), employeesLoading: false });
        } catch (e) {
          patch({ employeesLoading: false, employeesError: toUserError(e) });
        }
      },
      async viewEmployee(recordId) {
        patch({ employeesError: null, saveError: null, saved: null });
        try {
          patch({ selected: await api.getEmployee({ recordId }) });
        } catch (e) {
          patch({ employeesError: toUserError(e) });
        }
      },
      closeEmployee() {
        patch({ selected: null, saveError: null });
      },
      async saveEmployee(recordId, fields) {
        patch({ saving: true, saveError: null, saved: null });
        try {
          const record = recordId
            ? await api.updateEmployee({ recordId, fields })
            : await api.addEmployee({ fields });
          const name = `${record.firstName} ${record.lastName}`.trim() || record.email;
          const list = get().hr.employees;
          const employees = list
            ? (recordId ? list.map((r) => (r.recordId === recordId ? record : r)) : [record, ...list])
            : [record];
          patch({ saving: false, selected: record, employees, saved: recordId ? `Updated ${name}.` : `Added ${name}.` });
          return true;
        } catch (e) {
          patch({ saving: false, saveError: toUserError(e) });
          return false;
        }
      },
    },
  };
};
