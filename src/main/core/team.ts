/**
 * What managers and HR do: the team's timesheets (list, read, approve or reject - whole, per time log, or at all
 * levels - and delete), the payroll report, and employee records. Thin over the service client: the service decides
 * who may see and approve what (its answer 9000 becomes an AuthError the user sees).
 */
import type { Handlers } from '../../shared/contract';
import type { EmployeeRecord } from '../../shared/domain';
import { addDays, daysBetween, localDate } from '../../shared/week';
import type { Clock, Session } from './context';
import { InvalidInputError, ServiceError } from './service/errors';
import type { EmployeeQuery } from './service/types';
import { payrollOverPeriod } from './team-payroll';

export type TeamOps = 'listTeamTimesheets' | 'getTimesheet' | 'decideTimesheet' | 'deleteTimesheet'
  | 'payrollReport' | 'listEmployees' | 'getEmployee' | 'addEmployee' | 'updateEmployee';

/** The default window of the team list: the last 8 weeks, long enough to cover a late submission. */
const TEAM_WINDOW_DAYS = 8 * 7;

function checkRange(from: string, to: string): void {
  if (daysBetween(from, to) < 0) {
    throw new InvalidInputError(`to: ${to} is before from ${from}. Choose an end date on or after the start date.`);
  }
}

function notFound(recordId: string): ServiceError {
  return new ServiceError(`No employee record with record id ${recordId} (the record id, not the employee id). Search the employees to find it.`,
    7049, 404, 'forms/json/P_Employee/getDataByID');
}

export function teamHandlers(ctx: { session: Session; clock: Clock }): Pick<Handlers, TeamOps> {
  const client = () => ctx.session.client();
  const today = () => localDate(ctx.clock.now());

  return {
    async listTeamTimesheets(input) {
      const to = input.to ?? today();
      const from = input.from ?? addDays(to, -TEAM_WINDOW_DAYS);
      checkRange(from, to);
      return client().allTimesheets({
        user: input.user ?? 'all', fromDate: from, toDate: to, approvalStatus: input.status ?? 'pending',
      });
    },

    getTimesheet: (input) => client().timesheetDetails(input.id),

    async decideTimesheet(input) {
      await client().approveTimesheet({
        timesheetId: input.id,
        approvalStatus: input.decision,
        ...(input.allLevels !== undefined ? { isAllLevelApprove: input.allLevels } : {}),
        ...(input.logs && Object.keys(input.logs).length > 0 ? { timeLogs: input.logs } : {}),
        ...(input.comments ? { comments: input.comments } : {}),
      });
      // Re-read: the answer says only "done", and partial or multi-level decisions change more than the one field.
      return client().timesheetDetails(input.id);
    },

    async deleteTimesheet(input) {
      await client().deleteTimesheet(input.id);
      return { deleted: true as const };
    },

    async payrollReport(input) {
      checkRange(input.from, input.to);
      return payrollOverPeriod(client(), { user: input.user ?? 'all', from: input.from, to: input.to });
    },

    async listEmployees(input) {
      if (input.email && input.employeeId) {
        throw new InvalidInputError('email and employeeId: search by one of them, not both (the service searches one column at a time).');
      }
      const q: EmployeeQuery = {};
      // spec 4.4: searchColumn EMPLOYEEMAILALIAS / EMPLOYEEID with searchValue; modifiedtime in ms for incremental reads.
      if (input.email) Object.assign(q, { searchColumn: 'EMPLOYEEMAILALIAS', searchValue: input.email });
      if (input.employeeId) Object.assign(q, { searchColumn: 'EMPLOYEEID', searchValue: input.employeeId });
      if (input.modifiedSince !== undefined) q.modifiedtime = input.modifiedSince;
      return client().allEmployees(q);
    },

    async getEmployee(input) {
      const record = await client().employee(input.recordId);
      if (!record) throw notFound(input.recordId);
      return record;
    },

    async addEmployee(input) {
      const { pkId } = await client().insertEmployee(input.fields);
      // spec 4.4: insertRecord answers only pkId; read the record back so the caller sees what the service stored.
      const stored = await client().employee(pkId);
      return stored ?? asSent(pkId, input.fields);
    },

    async updateEmployee(input) {
      await client().updateEmployee(input.recordId, input.fields);
      const stored = await client().employee(input.recordId);
      if (!stored) throw notFound(input.recordId);
      return stored;
    },
  };
}

/** The record as sent, when the service added it but could not show it yet (labels of spec 2.7). */
function asSent(recordId: string, fields: Record<string, string>): EmployeeRecord {
  return {
    recordId,
    employeeId: fields['Employee ID'] ?? '',
    firstName: fields['First Name'] ?? '',
    lastName: fields['Last Name'] ?? '',
    email: fields.Email ?? '',
    fields: { ...fields },
  };
}
