/**
 * What managers and HR do: the team's timesheets (list, read, approve or reject - whole, per time log, or at all
 * levels - and delete), the payroll report, and employee records. Thin over the service client: the service decides
 * who may see and approve what (its answer 9000 becomes an AuthError the user sees).
 */
import type { Handlers } from '../../../shared/contract';
import type { EmployeeRecord, TimeLog, TimesheetDetail } from '../../../shared/domain';
import { addDays, daysBetween, localDate, weekStartOf } from '../../../shared/week';
import type { Clock, EventBus, Session } from '../context';
import { InvalidInputError, ServiceError } from '../service/errors';
import { withCallOptions } from '../service/http';
import { ACTION_WRITE } from '../service/policy';
import type { EmployeeQuery } from '../service/types';
import { payrollOverPeriod } from './payroll';
import { plainDate } from '../../../shared/words';

export type TeamOps = 'listTeamTimesheets' | 'getTimesheet' | 'decideTimesheet' | 'deleteTimesheet'
  | 'payrollReport' | 'listEmployees' | 'getEmployee' | 'addEmployee' | 'updateEmployee';

/** The default window of the team list: the last 8 weeks, long enough to cover a late submission. */
const TEAM_WINDOW_DAYS = 8 * 7;

function checkRange(from: string, to: string): void {
  if (daysBetween(from, to) < 0) {
    throw new InvalidInputError(`To: ${plainDate(to, { year: true })} is before ${plainDate(from, { year: true })}. Choose an end date on or after the start date.`);
  }
}

function notFound(recordId: string): ServiceError {
  return new ServiceError(`There is no employee record ${recordId} (the record's number, not the employee ID). Search the employees to find it.`,
    7049, 404, 'forms/json/P_Employee/getDataByID');
}

export interface TeamDeps {
  session: Session;
  clock: Clock;
  /** For the `ledger` event after the user's own timesheet is deleted (its week changed). */
  bus?: EventBus;
  /** The logging module's adoption of service logs (week/adopt.ts): the user's own logs must not vanish. */
  adoptServiceLogs?: (logs: TimeLog[]) => void;
}

/**
 * A write the user waits for (a decision, a delete, an employee added or changed), with the reads around it: within
 * the action deadline (../service/policy.ts ACTION_WRITE), whatever the network does.
 */
const bounded = <I, O>(fn: (input: I) => Promise<O>) => (input: I): Promise<O> => withCallOptions(ACTION_WRITE, () => fn(input));

export function teamHandlers(ctx: TeamDeps): Pick<Handlers, TeamOps> {
  const client = () => ctx.session.client();
  const today = () => localDate(ctx.clock.now());

  /** Is this the signed-in user's timesheet? By email when both sides have one, else as the service lists it. */
  async function isOwn(detail: TimesheetDetail): Promise<boolean> {
    const me = ctx.session.user().trim().toLowerCase();
    if (detail.employeeEmail && me.includes('@')) return detail.employeeEmail.trim().toLowerCase() === me;
    // the user is an employee id, or the answer names nobody: spec 4.1 gettimesheet with `user` lists one's own
    const mine = await client().allTimesheets({ user: ctx.session.user(), fromDate: detail.fromDate, toDate: detail.toDate, approvalStatus: 'all' });
    return mine.some((s) => s.recordId === detail.recordId);
  }

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

    decideTimesheet: bounded(async (input: Parameters<Handlers['decideTimesheet']>[0]) => {
      await client().approveTimesheet({
        timesheetId: input.id,
        approvalStatus: input.decision,
        ...(input.allLevels !== undefined ? { isAllLevelApprove: input.allLevels } : {}),
        ...(input.logs && Object.keys(input.logs).length > 0 ? { timeLogs: input.logs } : {}),
        ...(input.comments ? { comments: input.comments } : {}),
      });
      // Re-read: the answer says only "done", and partial or multi-level decisions change more than the one field.
      return client().timesheetDetails(input.id);
    }),

    deleteTimesheet: bounded(async (input: Parameters<Handlers['deleteTimesheet']>[0]) => {
      if (!ctx.adoptServiceLogs) {
        await client().deleteTimesheet(input.id);
        return { deleted: true as const };
      }
      // The deleted timesheet's logs stay on the service, in no timesheet, and the week view finds logs made
      // elsewhere only through a timesheet (spec: no "list my time logs"). So the user's own logs are adopted into
      // the ledger first; if that read fails, nothing is deleted.
      const detail = await client().timesheetDetails(input.id);
      const own = await isOwn(detail);
      if (own) ctx.adoptServiceLogs(detail.timeLogs);
      await client().deleteTimesheet(input.id);
      if (own) {
        // every week it covered lost its timesheet (status, comments), not only the weeks with logs
        const weekStarts: string[] = [];
        for (let w = weekStartOf(detail.fromDate); w <= detail.toDate; w = addDays(w, 7)) weekStarts.push(w);
        ctx.bus?.emit('ledger', { weekStarts });
      }
      return { deleted: true as const };
    }),

    async payrollReport(input) {
      checkRange(input.from, input.to);
      return payrollOverPeriod(client(), { user: input.user ?? 'all', from: input.from, to: input.to });
    },

    async listEmployees(input) {
      if (input.email && input.employeeId) {
        throw new InvalidInputError('Search by email or by employee ID, not both (the service searches one at a time).');
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

    addEmployee: bounded(async (input: Parameters<Handlers['addEmployee']>[0]) => {
      const { pkId } = await client().insertEmployee(input.fields);
      // spec 4.4: insertRecord answers only pkId; read the record back so the caller sees what the service stored.
      const stored = await client().employee(pkId);
      return stored ?? asSent(pkId, input.fields);
    }),

    updateEmployee: bounded(async (input: Parameters<Handlers['updateEmployee']>[0]) => {
      await client().updateEmployee(input.recordId, input.fields);
      const stored = await client().employee(input.recordId);
      if (!stored) throw notFound(input.recordId);
      return stored;
    }),
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
