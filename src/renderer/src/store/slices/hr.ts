/** HR: the payroll report for a period, and employee records (search, view, add, edit). */
import type { OpInput } from '../../../../shared/contract';
import type { EmployeeRecord, PayrollRecord } from '../../../../shared/domain';
import { defineMessages } from '../../../../shared/i18n/messages';
import { presetPeriod, type PayrollPreset } from '../../payroll/period';
import { actionRunner } from '../action';
import type { UserError } from '../errors';
import type { StoredWords } from './settings';
import { patchSlice, todayOf, type SliceCreator } from '../types';

export type PayrollQuery = OpInput<'payrollReport'>;

/** What saving a record says (the store keeps the message and its values; EmployeeRecords words them). */
const SAID = defineMessages({
  added: { id: 'hr.saved.added', defaultMessage: 'Added {name}.', description: '{name}: the employee (or their email).' },
  updated: { id: 'hr.saved.updated', defaultMessage: 'Updated {name}.' },
});
export interface PayrollPeriod {
  preset: PayrollPreset;
  from: string;
  to: string;
}
export interface EmployeeSearch {
  /** Part of a name, email or employee ID, any letter case (the core's employee directory). */
  query?: string;
  email?: string;
  employeeId?: string;
  /** Only records changed after this moment, epoch ms (spec 4.4 modifiedtime: an incremental read). */
  modifiedSince?: number;
}

export interface HrSlice {
  hr: {
    payroll: PayrollRecord[] | null;
    /** The query of the report shown (or being run): the period it covers, for its summary and the CSV file name. */
    payrollQuery: PayrollQuery | null;
    /** The period chosen for the next run: a preset (this month by default) or a custom range. */
    period: PayrollPeriod;
    payrollLoading: boolean;
    payrollError: UserError | null;
    /** The matches shown so far: the first page, and each page asked for with "Show more". */
    employees: EmployeeRecord[] | null;
    /** How many match in all (a company of 10,000: only pages of them are drawn). */
    employeesTotal: number;
    employeesLoading: boolean;
    employeesError: UserError | null;
    selected: EmployeeRecord | null;
    saving: boolean;
    saveError: UserError | null;
    saved: StoredWords | null;
    /** A preset sets its dates from today (the store's clock); `custom` keeps the dates and shows them for editing. */
    choosePeriod(preset: PayrollPreset): void;
    setCustomPeriod(from: string, to: string): void;
    /** Runs the report for the chosen period (a preset's dates taken afresh from today), or for `q`'s own dates. */
    runPayroll(q?: Partial<PayrollQuery>): Promise<void>;
    searchEmployees(q: EmployeeSearch): Promise<void>;
    /** The next page of the last search's matches, added below the ones shown. */
    moreEmployees(): Promise<void>;
    viewEmployee(recordId: string): Promise<void>;
    closeEmployee(): void;
    /** `recordId` null adds a new record; otherwise updates that one. Fields keyed by display label (spec 2.7). */
    saveEmployee(recordId: string | null, fields: Record<string, string>): Promise<boolean>;
  };
}

/**
 * Matches drawn at once: a window's worth and then some. A company of 10,000 drawn whole took seconds to show; a
 * page shows at once after the search answers, and "Show more" adds the next.
 */
export const EMPLOYEE_PAGE = 50;

export const createHrSlice: SliceCreator<HrSlice> =
  ({ api, now }) =>
  (set, get) => {
    const patch = (p: Partial<HrSlice['hr']>) => patchSlice(set, 'hr', p);
    const run = actionRunner(patch);
    const today = () => todayOf(get, now);
    /** Only the newest search writes its answer: searching as one types sends several, answered in any order. */
    let searchSeq = 0;
    /** The last search, for its next page. */
    let lastSearch: OpInput<'findEmployees'> = {};
    let payrollSeq = 0;
    return {
      hr: {
        payroll: null,
        payrollQuery: null,
        period: { preset: 'this-month', ...presetPeriod('this-month', today()) },
        payrollLoading: false,
        payrollError: null,
        employees: null,
        employeesTotal: 0,
        employeesLoading: false,
        employeesError: null,
        selected: null,
        saving: false,
        saveError: null,
        saved: null,
        choosePeriod(preset) {
          const { from, to } = get().hr.period;
          patch({ period: preset === 'custom' ? { preset, from, to } : { preset, ...presetPeriod(preset, today()) } });
        },
        setCustomPeriod(from, to) {
          patch({ period: { preset: 'custom', from, to } });
        },
        async runPayroll(q = {}) {
          let { period } = get().hr;
          // "This month" run after midnight on the 1st is the new month: a preset's dates are always today's.
          if (period.preset !== 'custom') {
            period = { preset: period.preset, ...presetPeriod(period.preset, today()) };
            patch({ period });
          }
          const query: PayrollQuery = { from: q.from ?? period.from, to: q.to ?? period.to, ...(q.user ? { user: q.user } : {}) };
          const seq = ++payrollSeq;
          await run(
            {
              busy: 'payrollLoading',
              error: 'payrollError',
              start: { payrollQuery: query, payroll: null },
              wanted: () => seq === payrollSeq,
              done: (payroll) => ({ payroll }),
              failed: () => ({ payroll: null }),
            },
            () => api.payrollReport(query),
          );
        },
        async searchEmployees(q) {
          const input: OpInput<'findEmployees'> = {};
          if (q.query?.trim()) input.query = q.query.trim();
          if (q.email?.trim()) input.email = q.email.trim();
          if (q.employeeId?.trim()) input.employeeId = q.employeeId.trim();
          if (q.modifiedSince !== undefined) input.modifiedSince = q.modifiedSince;
          const seq = ++searchSeq;
          lastSearch = input;
          await run(
            {
              busy: 'employeesLoading',
              error: 'employeesError',
              wanted: () => seq === searchSeq,
              done: (page) => ({ employees: page.records, employeesTotal: page.total }),
            },
            () => api.findEmployees({ ...input, offset: 0, limit: EMPLOYEE_PAGE }),
          );
        },
        async moreEmployees() {
          const shown = get().hr.employees;
          if (!shown || shown.length >= get().hr.employeesTotal) return;
          const seq = searchSeq;
          await run(
            {
              busy: 'employeesLoading',
              error: 'employeesError',
              wanted: () => seq === searchSeq,
              done: (page) => ({ employees: [...(get().hr.employees ?? []), ...page.records], employeesTotal: page.total }),
            },
            () => api.findEmployees({ ...lastSearch, offset: shown.length, limit: EMPLOYEE_PAGE }),
          );
        },
        async viewEmployee(recordId) {
          await run(
            {
              error: 'employeesError',
              start: { saveError: null, saved: null },
              done: (selected) => ({ selected }),
            },
            () => api.getEmployee({ recordId }),
          );
        },
        closeEmployee() {
          patch({ selected: null, saveError: null });
        },
        async saveEmployee(recordId, fields) {
          const answer = await run(
            {
              busy: 'saving',
              error: 'saveError',
              start: { saved: null },
              done: (record) => {
                const name = `${record.firstName} ${record.lastName}`.trim() || record.email;
                const list = get().hr.employees;
                const employees = list
                  ? recordId
                    ? list.map((r) => (r.recordId === recordId ? record : r))
                    : [record, ...list]
                  : [record];
                const employeesTotal = get().hr.employeesTotal + (recordId || !list ? 0 : 1);
                return {
                  selected: record,
                  employees,
                  employeesTotal: Math.max(employeesTotal, employees.length),
                  saved: { message: recordId ? SAID.updated : SAID.added, values: { name } },
                };
              },
            },
            () => (recordId ? api.updateEmployee({ recordId, fields }) : api.addEmployee({ fields })),
          );
          return answer.ok;
        },
      },
    };
  };
