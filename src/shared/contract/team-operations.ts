/**
 * The bridge's operations for managers (the team's timesheets and their approval) and HR (payroll, the employee
 * directory): what the Team and HR tabs ask. Part of the one map of operations (./operations.ts).
 */
import { z } from 'zod';
import type {
  DecisionEstimate,
  DecisionOutcome,
  EmployeePage,
  EmployeeRecord,
  PayrollRecord,
  Roles,
  Timesheet,
  TimesheetDetail,
} from '../domain';
import { MAX_BATCH } from '../team/approval';
import { DAY, ID } from '../log';
import { decision, decisions, employeeSearch, fieldMap, MAX_EMPLOYEE_PAGE, op } from './inputs';

export const teamOperations = {
  // managers
  /**
   * What the signed-in user may do (the Team and HR tabs): kept 12 hours per account, checked again after a sign-in
   * and with `refresh`. Never fails for the network: `known: false` until the service has answered once.
   */
  getRoles: op(() => z.object({ refresh: z.boolean().optional() }).strict()).returns<Roles>(),
  listTeamTimesheets: op(() =>
    z
      .object({
        status: z.enum(['all', 'draft', 'pending', 'approved', 'rejected']).optional(),
        user: z.string().min(1).max(200).optional(),
        from: DAY.optional(),
        to: DAY.optional(),
      })
      .strict(),
  ).returns<Timesheet[]>(),
  getTimesheet: op(() => z.object({ id: ID }).strict()).returns<TimesheetDetail>(),
  decideTimesheet: op(decision).returns<TimesheetDetail>(),
  /** One after another (the service paces decisions); one outcome per id, in order: a failure does not stop the rest. */
  decideTimesheets: op(decisions).returns<DecisionOutcome[]>(),
  /** How long `decideTimesheets` of `count` would take now (the service paces decisions), said before it starts. Sends nothing. */
  estimateDecisions: op(() => z.object({ count: z.number().int().min(1).max(MAX_BATCH) }).strict()).returns<DecisionEstimate>(),
  deleteTimesheet: op(() => z.object({ id: ID }).strict()).returns<{ deleted: true }>(),

  // HR
  payrollReport: op(() => z.object({ from: DAY, to: DAY, user: z.string().min(1).max(200).optional() }).strict()).returns<
    PayrollRecord[]
  >(),
  // `query`: words matched in any letter case against part of a name, email or employee ID (team/directory/directory.ts);
  // `email` / `employeeId`: the service's exact search (spec 4.4 searchColumn); `modifiedSince`: changed after, epoch ms.
  listEmployees: op(() => employeeSearch().strict()).returns<EmployeeRecord[]>(),
  /** The same search a page at a time (the HR screen: a company of 10,000 is not drawn at once): `total` matches in all. */
  findEmployees: op(() =>
    employeeSearch()
      .extend({
        offset: z.number().int().nonnegative().max(1_000_000).optional(),
        limit: z.number().int().min(1).max(MAX_EMPLOYEE_PAGE).optional(),
      })
      .strict(),
  ).returns<EmployeePage>(),
  getEmployee: op(() => z.object({ recordId: ID }).strict()).returns<EmployeeRecord>(),
  addEmployee: op(() => z.object({ fields: fieldMap() }).strict()).returns<EmployeeRecord>(),
  updateEmployee: op(() => z.object({ recordId: ID, fields: fieldMap() }).strict()).returns<EmployeeRecord>(),
} as const;
