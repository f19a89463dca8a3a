/**
 * What managers and HR do: the team's timesheets (list, read, approve or reject - whole, per time log, or at all
 * levels - and delete), the payroll report, and employee records. Thin over the service client: the service decides
 * who may see and approve what (its answer 9000 becomes an AuthError the user sees).
 */
import { createDays, type Days } from '../../shared/time/zone';
import { teamWords } from './team-words';
import type { Handlers, OperationCall, OpParsed } from '../../shared/contract';
import type { EmployeeRecord, TimeLog } from '../../shared/domain';
import { addDays, daysBetween, weekStartOf } from '../../shared/time/week';
import type { Clock, EventBus, Session } from '../context';
import type { OpenStore } from '../store';
import { InvalidInputError, ServiceError, narrowCall, ACTION_WRITE, type CallOptions } from '../service';
import type { EmployeeQuery } from '../service';
import { createEmployeeDirectory, searchEmployees, type EmployeeDirectory } from './directory';
import { createApprovals, TEAM_WINDOW_DAYS, type Approvals } from './approvals';
import { namedPayroll, payrollOverPeriod } from './payroll';
import type { People } from './people';

export type TeamOps =
  | 'listTeamTimesheets'
  | 'getTimesheet'
  | 'decideTimesheet'
  | 'deleteTimesheet'
  | 'payrollReport'
  | 'listEmployees'
  | 'findEmployees'
  | 'getEmployee'
  | 'addEmployee'
  | 'updateEmployee';

/** A page of the HR screen's list when it does not say: enough to fill the window, drawn at once. */
const EMPLOYEE_PAGE = 50;

function checkRange(from: string, to: string): void {
  if (daysBetween(from, to) < 0) {
    throw new InvalidInputError(teamWords.badRange(from, to));
  }
}

function notFound(recordId: string): ServiceError {
  return new ServiceError(teamWords.noRecord(recordId), 7049, 404, 'forms/json/P_Employee/getDataByID');
}

export interface TeamDeps {
  session: Session;
  clock: Clock;
  /** The user's days (the zone they chose); default: this process's. */
  days?: Days;
  /** For the `ledger` event after the user's own timesheet is deleted (its week changed). */
  bus?: EventBus;
  /** The adoption of service logs into the ledger (week/adopt.ts), wired by ../root/punchcard.ts: the user's own logs must not vanish. */
  adoptServiceLogs?: (logs: TimeLog[]) => void;
  /** The timesheet decisions (./approvals.ts), shared with `decideTimesheets`; default: this module's own. */
  approvals?: Approvals;
  /** Where the employee directory is kept between runs (./directory/directory.ts); default: in memory only. */
  openStore?: OpenStore;
  /** The employee directory, shared with the naming of people (../root/punchcard.ts); default: this module's own. */
  directory?: EmployeeDirectory;
  /** Who people are by name (./people.ts): payroll rows named from it; without it, as the service named them. */
  people?: People;
  /** The company's currency from its settings: payroll rows that carry none are in it. */
  companyCurrency?: () => Promise<string | undefined>;
}

/**
 * A write the user waits for (a decision, a delete, an employee added or changed), with the reads around it: within
 * the action deadline (../service/pacing/policy.ts ACTION_WRITE), whatever the network does, and stopped by the caller's
 * signal (Ctrl+C in punch). `fn` passes `call` to every request it makes.
 */
const boundedOn =
  (clock: Clock) =>
  <I, O>(fn: (input: I, call: CallOptions) => Promise<O>) =>
  (input: I, caller?: OperationCall): Promise<O> =>
    fn(input, narrowCall(clock, ACTION_WRITE, caller));

export function teamHandlers(ctx: TeamDeps): Pick<Handlers, TeamOps> {
  const client = () => ctx.session.client();
  const days = ctx.days ?? createDays(ctx.clock);
  const today = () => days.today();
  const directory = ctx.directory ?? createEmployeeDirectory(ctx);

  const approvals = ctx.approvals ?? createApprovals({ session: ctx.session, clock: ctx.clock, days });
  const bounded = boundedOn(ctx.clock);

  /** Every match, by name: from the directory for words, from the service for an exact value or "changed since". */
  async function findEmployees(input: Omit<OpParsed<'findEmployees'>, 'offset' | 'limit'>): Promise<EmployeeRecord[]> {
    if (input.email && input.employeeId) {
      throw new InvalidInputError(teamWords.searchOne());
    }
    // Part of a name, email or employee ID, any letter case: searched in the directory (./directory/directory.ts).
    if (!input.email && !input.employeeId && input.modifiedSince === undefined) return directory.search(input.query);
    const q: EmployeeQuery = {};
    // spec 4.4: searchColumn EMPLOYEEMAILALIAS / EMPLOYEEID with searchValue; modifiedtime in ms for incremental reads.
    // "Changed since" asks the service: it alone knows when each record changed, even one whose time it does not send.
    if (input.email) Object.assign(q, { searchColumn: 'EMPLOYEEMAILALIAS', searchValue: input.email });
    if (input.employeeId) Object.assign(q, { searchColumn: 'EMPLOYEEID', searchValue: input.employeeId });
    if (input.modifiedSince !== undefined) q.modifiedtime = input.modifiedSince;
    const found = await client().allEmployees(q);
    directory.remember(found);
    return searchEmployees(found, input.query);
  }

  return {
    async listTeamTimesheets(input) {
      const to = input.to ?? today();
      const from = input.from ?? addDays(to, -TEAM_WINDOW_DAYS);
      checkRange(from, to);
      const user = input.user ?? 'all';
      // The team's list (user=all) never holds the user's own: nobody approves their own. Asked
      // for one person by name (`punch timesheets --user ...`), the list is what the service holds for them.
      return approvals.list(
        { user, fromDate: from, toDate: to, approvalStatus: input.status ?? 'pending' },
        { team: user.toLowerCase() === 'all' },
      );
    },

    getTimesheet: (input) => approvals.detail(input.id),

    decideTimesheet: bounded((input: Parameters<Handlers['decideTimesheet']>[0], call) => approvals.decide(input, call)),

    deleteTimesheet: bounded(async (input: Parameters<Handlers['deleteTimesheet']>[0], call) => {
      if (!ctx.adoptServiceLogs) {
        await client().deleteTimesheet(input.id, call);
        approvals.forget(input.id);
        return { deleted: true as const };
      }
      // The deleted timesheet's logs stay on the service, in no timesheet, and the week view finds logs made
      // elsewhere only through a timesheet (spec: no "list my time logs"). So the user's own logs are adopted into
      // the ledger first; if that read fails, nothing is deleted.
      const detail = await client().timesheetDetails(input.id, call);
      const own = await approvals.isOwn(detail, call);
      // a log without a readable day cannot be adopted into a week: deleting would leave it where no week shows it
      if (own && detail.undatedLogs?.length) throw new InvalidInputError(teamWords.undatedKept(detail.undatedLogs.length));
      if (own) ctx.adoptServiceLogs(detail.timeLogs);
      await client().deleteTimesheet(input.id, call);
      approvals.forget(input.id);
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
      const rows = await payrollOverPeriod(client(), { user: input.user ?? 'all', from: input.from, to: input.to });
      return namedPayroll(rows, {
        ...(ctx.people ? { people: ctx.people, directory } : {}),
        ...(ctx.companyCurrency ? { companyCurrency: ctx.companyCurrency } : {}),
      });
    },

    listEmployees: findEmployees,

    async findEmployees(input) {
      const all = await findEmployees(input);
      const offset = Math.min(input.offset ?? 0, all.length);
      return { records: all.slice(offset, offset + (input.limit ?? EMPLOYEE_PAGE)), offset, total: all.length };
    },

    async getEmployee(input) {
      const record = await client().employee(input.recordId);
      if (!record) throw notFound(input.recordId);
      return record;
    },

    addEmployee: bounded(async (input: Parameters<Handlers['addEmployee']>[0], call) => {
      const { pkId } = await client().insertEmployee(input.fields, undefined, call);
      // spec 4.4: insertRecord answers only pkId; read the record back so the caller sees what the service stored.
      const stored = await client().employee(pkId, call);
      directory.remember([stored ?? asSent(pkId, input.fields)]);
      return stored ?? asSent(pkId, input.fields);
    }),

    updateEmployee: bounded(async (input: Parameters<Handlers['updateEmployee']>[0], call) => {
      await client().updateEmployee(input.recordId, input.fields, undefined, call);
      const stored = await client().employee(input.recordId, call);
      if (!stored) throw notFound(input.recordId);
      directory.remember([stored]);
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
