/**
 * The service client's employee calls (spec 4.4): the records of a view, one record by id (null when there is none),
 * adding and changing one.
 */
import type { EmployeeRecord } from '../../../shared/domain';
import { saidOf } from '../../../shared/i18n/said';
import { InvalidInputError, ServiceError } from '../errors';
import { narrowCall } from '../http/call-options';
import type { Params } from '../http/request';
import type { EmployeeQuery, ServiceClient } from '../types';
import { employeeInputData } from '../wire/employee-input';
import { checkFields, inputCheckWords } from '../wire/input-checks';
import { toEmployeeRecords, toOptionalEmployee, toRecordAck } from '../wire/normalize-records';
import { collect, pagedRecords } from '../wire/paging';
import { CODE_NO_SUCH_RECORD, type Calls } from './calls';

/** spec 4.4: view and form defaults. */
const DEFAULT_VIEW = 'P_EmployeeView';
const DEFAULT_FORM = 'P_Employee';

export type EmployeeCalls = Pick<ServiceClient, 'employees' | 'allEmployees' | 'employee' | 'insertEmployee' | 'updateEmployee'>;

export function employeeCalls(c: Calls): EmployeeCalls {
  const calls: EmployeeCalls = {
    employees(q: EmployeeQuery = {}, page, given) {
      const call = narrowCall(c.clock, given);
      if ((q.searchColumn === undefined) !== (q.searchValue === undefined)) {
        const w = inputCheckWords.search();
        throw new InvalidInputError(w, [{ field: 'search', rule: 'required', message: w.message, said: saidOf(w) }]);
      }
      const endpoint = `forms/${encodeURIComponent(q.viewName ?? DEFAULT_VIEW)}/records`;
      const base: Params = { searchColumn: q.searchColumn, searchValue: q.searchValue, modifiedtime: q.modifiedtime };
      // spec 4.4: sIndex starts at 1 here, and the page size parameter is rec_limit
      return pagedRecords<EmployeeRecord>(
        (sIndex, limit) => c.read(endpoint, { ...base, sIndex, rec_limit: limit }, toEmployeeRecords, call),
        page?.sIndex ?? 1,
        c.pageLimit(page),
      );
    },
    allEmployees: async (q, call) => collect(calls.employees(q, undefined, call)),

    async employee(recordId, call) {
      checkFields('readEmployee', { recordId });
      try {
        return await c.read(`forms/json/${DEFAULT_FORM}/getDataByID`, { recordId }, toOptionalEmployee, call);
      } catch (err) {
        if (err instanceof ServiceError && err.code === CODE_NO_SUCH_RECORD) return null;
        throw err;
      }
    },

    async insertEmployee(fields, opts = {}, call) {
      const inputType = opts.inputType ?? 'json';
      const endpoint = `forms/${inputType}/${encodeURIComponent(opts.formLinkName ?? DEFAULT_FORM)}/insertRecord`;
      return c.write(endpoint, { inputData: employeeInputData(fields, inputType, 'addEmployee') }, (p) => toRecordAck(p), call);
    },

    async updateEmployee(recordId, fields, opts = {}, call) {
      checkFields('updateEmployee', { recordId });
      const inputType = opts.inputType ?? 'json';
      const endpoint = `forms/${inputType}/${encodeURIComponent(opts.formLinkName ?? DEFAULT_FORM)}/updateRecord`;
      return c.write(
        endpoint,
        { inputData: employeeInputData(fields, inputType, 'updateEmployee'), recordId },
        (p) => toRecordAck(p, recordId),
        call,
      );
    },
  };
  return calls;
}
