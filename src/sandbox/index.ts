/**
 * The sandbox: a complete local implementation of the service (spec section 4) over real HTTP, with a seeded demo
 * company. The app uses it when no account is set up; every test talks to it instead of mocks.
 * `startSandbox` is the API in the project brief's sandbox API; the admin routes under /__sandbox/ expose the same controls, in the
 * standalone sandbox only (not with `embedded`: the demo company inside Punchcard).
 */
import { handleAdmin, type AdminControls } from './admin/routes';
import { DEMO_USER, TokenBook } from './auth';
import { localToday } from './calendar';
import { isValidDate } from '../shared/time/week';
import type { WireStyle } from './envelope';
import { FaultSwitch } from './admin/faults';
import { RateLimiter } from './rate-limits';
import { decideTimesheet } from './routes/approvals';
import { createElsewhere } from './admin/elsewhere';
import { seedCompany } from './seed/company';
import { seedHistory } from './seed/history';
import { SandboxServer } from './server';
import { IN_PROCESS_URL, inProcessFetch } from './in-process';
import { Store } from './store';
import {
  PAYROLL_EMPLOYEE_FIELDS,
  TIMESHEET_DETAIL_EMPLOYEE,
  TIMESHEET_LIST_EMPLOYEE,
  LOG_STATES_ON_SUBMIT,
  type ConfigurableOption,
  type Sandbox,
  type SandboxOptions,
  type SandboxState,
  type WireVariants,
} from './types';

export type { ElsewhereEdit, ElsewhereLog } from './types';
export type {
  Fault,
  LoggedRequest,
  RateLimitOptions,
  RateRule,
  Sandbox,
  SandboxOptions,
  SandboxState,
  EmployeeRow,
  JobRow,
  TimesheetRow,
  TimeLogRow,
  PayrollEmployeeField,
} from './types';
export { DEMO_USER } from './auth';
export type { StateLock } from './store';
export { MAYA_REJECTION } from './seed/history';

/** The demo company for `today` (deterministic for the same today, seed and bulk sizes). */
export function seedState(opts: { today: string; seed?: number; extraJobs?: number; extraEmployees?: number }): SandboxState {
  const company = seedCompany(opts.today, opts.extraJobs ?? 0, opts.extraEmployees ?? 0);
  seedHistory(company, opts.today, opts.seed ?? 1);
  return company.state;
}

function checkPatch(patch: Partial<Pick<SandboxOptions, ConfigurableOption>>): void {
  if (patch.today !== undefined && !isValidDate(patch.today))
    throw new Error(`today must be a real day written YYYY-MM-DD (got "${patch.today}")`);
  if (patch.envelope !== undefined && patch.envelope !== 'spec' && patch.envelope !== 'real') {
    throw new Error(`envelope must be 'spec' or 'real' (got ${JSON.stringify(patch.envelope)})`);
  }
  if (patch.numericIds !== undefined && typeof patch.numericIds !== 'boolean') throw new Error('numericIds must be true or false');
  if (patch.timeLogList !== undefined && typeof patch.timeLogList !== 'boolean') throw new Error('timeLogList must be true or false');
  if (patch.payrollEmployeeField !== undefined && !(PAYROLL_EMPLOYEE_FIELDS as readonly string[]).includes(patch.payrollEmployeeField)) {
    throw new Error(
      `payrollEmployeeField must be one of ${PAYROLL_EMPLOYEE_FIELDS.join(', ')} (got ${JSON.stringify(patch.payrollEmployeeField)})`,
    );
  }
  if (patch.timesheetListEmployee !== undefined && !(TIMESHEET_LIST_EMPLOYEE as readonly string[]).includes(patch.timesheetListEmployee)) {
    throw new Error(
      `timesheetListEmployee must be one of ${TIMESHEET_LIST_EMPLOYEE.join(', ')} (got ${JSON.stringify(patch.timesheetListEmployee)})`,
    );
  }
  if (patch.logStatesOnSubmit !== undefined && !(LOG_STATES_ON_SUBMIT as readonly string[]).includes(patch.logStatesOnSubmit)) {
    throw new Error(`logStatesOnSubmit must be one of ${LOG_STATES_ON_SUBMIT.join(', ')} (got ${JSON.stringify(patch.logStatesOnSubmit)})`);
  }
  if (patch.payrollCurrency !== undefined && patch.payrollCurrency !== null && typeof patch.payrollCurrency !== 'string') {
    throw new Error('payrollCurrency must be a currency code such as "EUR", or null for none');
  }
  if (
    patch.timesheetDetailEmployee !== undefined &&
    !(TIMESHEET_DETAIL_EMPLOYEE as readonly string[]).includes(patch.timesheetDetailEmployee)
  ) {
    throw new Error(
      `timesheetDetailEmployee must be one of ${TIMESHEET_DETAIL_EMPLOYEE.join(', ')} (got ${JSON.stringify(patch.timesheetDetailEmployee)})`,
    );
  }
  if (patch.companyCurrency !== undefined && patch.companyCurrency !== null && typeof patch.companyCurrency !== 'string') {
    throw new Error('companyCurrency must be a currency code such as "EUR", or null for none');
  }
  if (patch.rateLimits !== undefined && patch.rateLimits !== false && (typeof patch.rateLimits !== 'object' || patch.rateLimits === null)) {
    throw new Error(
      'rateLimits must be false or an object of { timetracker?, formsRead?, formsInsert?, formsUpdate?: {limit, windowMs}, lockoutMs? }',
    );
  }
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  if (opts.today !== undefined && !isValidDate(opts.today))
    throw new Error(`today must be a real day written YYYY-MM-DD (got "${opts.today}")`);
  checkPatch(opts);
  if (opts.inProcess && !opts.embedded) throw new Error('inProcess is for the embedded demo only (it has no admin routes)');
  // the sandbox's today: as started, or as `configure` moved it on
  const day = { today: opts.today };
  const today = () => day.today ?? localToday();
  const host = opts.host ?? '127.0.0.1';
  const store = Store.open(
    opts.persistPath,
    () => seedState({ today: today(), seed: opts.seed, extraJobs: opts.extraJobs, extraEmployees: opts.extraEmployees }),
    opts.stateLock,
  );
  const tokens = new TokenBook();
  const limiter = new RateLimiter(opts.rateLimits, opts.now);
  const faults = new FaultSwitch();
  const style: WireStyle = { envelope: opts.envelope ?? 'spec', numericIds: opts.numericIds ?? false };
  const offers = { timeLogList: opts.timeLogList ?? true };
  const variants: WireVariants = {
    payrollEmployeeField: opts.payrollEmployeeField ?? 'spec',
    payrollCurrency: opts.payrollCurrency === undefined ? 'USD' : opts.payrollCurrency,
    timesheetListEmployee: opts.timesheetListEmployee ?? 'spec',
    logStatesOnSubmit: opts.logStatesOnSubmit ?? 'reset',
    timesheetDetailEmployee: opts.timesheetDetailEmployee ?? 'spec',
    companyCurrency: opts.companyCurrency === undefined ? 'USD' : opts.companyCurrency,
  };
  let comeBack: NodeJS.Timeout | undefined;
  /** In process: whether the service is "offline" (its fetch then fails as a refused connection). */
  let offlineInProcess = false;

  const controls: AdminControls = {
    url: '',
    port: 0,
    demoToken: tokens.demoToken,
    demoUser: DEMO_USER,
    configure(patch) {
      checkPatch(patch);
      if (patch.envelope !== undefined) style.envelope = patch.envelope;
      if (patch.numericIds !== undefined) style.numericIds = patch.numericIds;
      if (patch.rateLimits !== undefined) limiter.configure(patch.rateLimits);
      if (patch.timeLogList !== undefined) offers.timeLogList = patch.timeLogList;
      if (patch.payrollEmployeeField !== undefined) variants.payrollEmployeeField = patch.payrollEmployeeField;
      if (patch.payrollCurrency !== undefined) variants.payrollCurrency = patch.payrollCurrency;
      if (patch.timesheetListEmployee !== undefined) variants.timesheetListEmployee = patch.timesheetListEmployee;
      if (patch.logStatesOnSubmit !== undefined) variants.logStatesOnSubmit = patch.logStatesOnSubmit;
      if (patch.timesheetDetailEmployee !== undefined) variants.timesheetDetailEmployee = patch.timesheetDetailEmployee;
      if (patch.companyCurrency !== undefined) variants.companyCurrency = patch.companyCurrency;
      if (patch.today !== undefined) day.today = patch.today;
    },
    fault: (f) => faults.set(f),
    async setOffline(offline) {
      clearTimeout(comeBack);
      if (opts.inProcess) offlineInProcess = offline;
      else if (offline) await server.stop();
      else if (!server.listening) await server.listen(controls.port);
    },
    goOfflineFor(forMs) {
      void controls.setOffline(true).then(() => {
        if (forMs !== undefined && forMs >= 0)
          comeBack = setTimeout(() => {
            void controls.setOffline(false);
          }, forMs);
      });
    },
    issueToken({ user, scopes }) {
      store.refresh();
      const e = store.findEmployee(user);
      if (!e) throw new Error(`issueToken: no seeded employee "${user}"`);
      return tokens.issue(e.email, scopes);
    },
    requests: () => server.requests(),
    resetRequests: () => server.resetRequests(),
    state: () => {
      store.refresh();
      return store.snapshot();
    },
    decide(timesheetId, decision, comments) {
      store.change(() => decideTimesheet(store, store.timesheet(timesheetId), { decision, comments }));
    },
    elsewhere: createElsewhere(store, today, DEMO_USER),
    async close() {
      clearTimeout(comeBack);
      await server.stop();
    },
  };

  const server = new SandboxServer(
    {
      store,
      tokens,
      limiter,
      today,
      faults,
      style: () => style,
      offers: () => offers,
      variants: () => variants,
      // inside Punchcard (the demo company) there are no admin routes: nobody may switch faults, decide or mint tokens
      admin: opts.embedded ? undefined : (r) => handleAdmin(r, controls),
      caps: opts.caps,
    },
    host,
  );
  if (opts.inProcess) {
    // `punch`'s demo: the same handler, called without a socket (./in-process.ts says why)
    controls.url = IN_PROCESS_URL;
    return { ...controls, fetch: inProcessFetch(server, () => offlineInProcess) };
  }
  controls.port = await server.listen(opts.port ?? 0);
  controls.url = `http://${host.includes(':') ? `[${host}]` : host}:${controls.port}`;
  return controls;
}
