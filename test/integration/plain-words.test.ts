/**
 * Plain words: every message the core can give a user, driven for real and checked against one list
 * of what users must never read (test/fixtures/forbidden-words.ts): operation, endpoint and field names, service error
 * codes, HTTP statuses, raw ISO dates. Driven here:
 * - every operation of the contract with invalid input, through the dispatcher (the bridge's door);
 * - every way the network fails that the client classifies, through the fault proxy in front of the sandbox (and the
 *   test DNS), plus every failure code and answer shape the classification knows (network-failure.ts, envelope.ts);
 * - every refusal the sandbox makes of a time log, a timesheet, a report or an employee record, through the client;
 * - every company rule (rules/check.ts);
 * - the outbox: refused, unchecked, ambiguous entries through the logging core over the sandbox, with their attempts
 *   and the notices they raise, and the words of every choice an entry does not offer;
 * - what `punch` prints for those failures (its failure report and its log result).
 * The bridge carries each error through `toBridgeError`, so what is checked is what a screen or a terminal shows.
 * @inner src/core/dispatch.ts, src/core/outbox/send-steps.ts, src/core/outbox/resolutions.ts, src/core/service/http/network-failure.ts, src/core/service/wire/envelope.ts
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDispatcher, toBridgeError } from '../../src/core/dispatch';
import { OPERATION_NAMES, operations, type Handlers, type LogResult } from '../../src/shared/contract';
import { createServiceClient, SANDBOX_POLICY } from '../../src/core/service';
import { readAnswer } from '../../src/core/service/wire/envelope';
import { networkErrorFrom } from '../../src/core/service/http/network-failure';
import type { ClientPolicy, ServiceClient } from '../../src/core/service';
import { checkLog, type RuleContext } from '../../src/core/rules';
import { AMBIGUOUS_ADD_MESSAGE, AMBIGUOUS_CHANGE_MESSAGE } from '../../src/core/outbox/send-steps';
import { ADD_DISCARDED_BEFORE_DELETE, notOffered } from '../../src/core/outbox/resolutions';
import type { OutboxOp } from '../../src/core/journal';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { addDays } from '../../src/shared/time/week';
import { CoreFailure, describeFailure } from '../../src/cli/failure';
import { logResultOutput } from '../../src/cli/commands/log-words';
import { FaultProxy, FAULT_MODES } from '../tools/fault-proxy';
import { testHostUrl, useTestDns } from '../tools/test-dns-switch';
import { forbiddenIn } from '../fixtures/forbidden-words';
import { freshWeekDay } from '../fixtures/fault-matrix';
import { someJob, startHarness } from '../fixtures/logging-harness';
import { TEST_TODAY } from '../fixtures/test-clock';

/**
 * The messages one test collected, with where each came from (so a failure says which path spoke in code words).
 * Each test starts with none and checks its own (`expectPlainWords`): no test reads what another collected.
 */
const said: Array<{ from: string; text: string }> = [];
beforeEach(() => {
  said.length = 0;
});
/**
 * At least `atLeast` messages were heard (the test drove what it says it drives), and none holds an operation,
 * endpoint or field name, a service error code, an HTTP status or an ISO date (test/fixtures/forbidden-words.ts).
 */
function expectPlainWords(atLeast: number): void {
  expect(said.length).toBeGreaterThanOrEqual(atLeast);
  const bad = said.flatMap((s) => forbiddenIn(s.text).map((problem) => `${s.from}: ${problem}`));
  expect([...new Set(bad)]).toEqual([]);
}
function heard(from: string, e: unknown): void {
  const b = toBridgeError(e);
  said.push({ from, text: b.message });
  for (const v of b.violations ?? []) said.push({ from: `${from} (at a field)`, text: v.message });
  const f = describeFailure(new CoreFailure(b));
  said.push({ from: `${from} (punch)`, text: [f.message, f.hint].filter(Boolean).join('\n') });
}
const fails = async (p: Promise<unknown> | (() => Promise<unknown>)): Promise<unknown> => {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (e) {
    return e;
  }
  throw new Error('expected a failure');
};

let sb: Sandbox;
let proxy: FaultProxy;
let job: { jobId: string; jobName: string };
const POLICY: Partial<ClientPolicy> = { ...SANDBOX_POLICY, timeoutMs: 400, readRetries: 0, backoffBaseMs: 10, backoffMaxMs: 50 };
const clientAt = (baseUrl: string, policy = POLICY): ServiceClient =>
  createServiceClient({ baseUrl, getToken: async () => sb.demoToken, policy });

beforeAll(async () => {
  sb = await startSandbox({ today: TEST_TODAY, seed: 1 });
  proxy = await FaultProxy.start(sb.url);
  // the setup read on the usual policy: the 400 ms timeout is for the faults below, not for a loaded machine's first request
  job = await someJob(clientAt(sb.url, SANDBOX_POLICY), sb.demoUser);
});
afterAll(async () => {
  await proxy.close();
  await sb.close();
});

describe('every message a user can read is in plain words', () => {
  it('says what is wrong with an invalid input of every operation, at its field', async () => {
    // an input the contract takes reaches its handler: that is not a refusal, and says nothing here
    const handlers = Object.fromEntries(
      OPERATION_NAMES.map((n) => [
        n,
        async () => {
          throw Object.assign(new Error('ran'), { name: 'Ran' });
        },
      ]),
    ) as unknown as Handlers;
    const dispatch = createDispatcher(handlers);
    const keysOf = (name: string): string[] => {
      const shape = (operations as Record<string, { input: { _zod: { def: { shape?: Record<string, unknown> } } } }>)[name].input._zod.def
        .shape;
      return Object.keys(shape ?? {});
    };
    let refused = 0;
    for (const name of OPERATION_NAMES) {
      const inputs: unknown[] = [{}, null, 'not an object'];
      for (const key of keysOf(name)) {
        for (const bad of [true, '', 'x'.repeat(5_000), 42.5, -1, ['x'], { x: 1 }, '2026-02-30', '25h', 'not a url'])
          inputs.push({ [key]: bad });
      }
      for (const input of inputs) {
        const r = await dispatch(name, input);
        if (r.ok || r.error.name === 'Ran') continue;
        refused++;
        said.push({ from: `${name}(${JSON.stringify(input).slice(0, 60)})`, text: r.error.message });
        for (const v of r.error.violations ?? []) said.push({ from: `${name} at ${v.field}`, text: v.message });
      }
    }
    expect(refused).toBeGreaterThan(500);
    const unknown = await dispatch('dropDatabase', {});
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) said.push({ from: 'an unknown operation', text: unknown.error.message });
    expectPlainWords(500);
  });

  it('says every network failure the client classifies, on a read and on a write', async () => {
    const client = clientAt(proxy.url);
    const write = (description: string) =>
      client.addTimeLog({ user: sb.demoUser, ...job, workDate: TEST_TODAY, hours: '00:10', description });
    for (const mode of FAULT_MODES.filter((m) => m !== 'pass')) {
      await proxy.setMode(mode, mode === 'slow' ? { delayMs: 1_000 } : {});
      heard(`a read through ${mode}`, await fails(client.settings()));
      heard(`a write through ${mode}`, await fails(write(`plain words through ${mode}`)));
      await proxy.setMode('pass');
    }
    const dns = useTestDns();
    try {
      const named = clientAt(testHostUrl(proxy.port));
      dns.setDown(true);
      heard('a read while DNS is down', await fails(named.settings()));
      heard(
        'a write while DNS is down',
        await fails(named.addTimeLog({ user: sb.demoUser, ...job, workDate: TEST_TODAY, hours: '00:10' })),
      );
    } finally {
      dns.uninstall();
    }
    // given up before sending: cancelled, or no time left
    const cancelled = new AbortController();
    cancelled.abort();
    heard('a cancelled read', await fails(client.settings({ signal: cancelled.signal })));
    heard(
      'a cancelled write',
      await fails(client.addTimeLog({ user: sb.demoUser, ...job, workDate: TEST_TODAY, hours: '00:10' }, { signal: cancelled.signal })),
    );
    heard('a read out of time', await fails(client.settings({ withinMs: 0 })));
    // the service's own failures: 5xx, rate limit, and the pause it leaves behind
    sb.fault({ kind: 'http-5xx', status: 503, match: 'gettimetrackersettings', times: 1 });
    heard('a 503', await fails(client.settings()));
    sb.fault({ kind: 'http-429', retryAfterSec: 600, match: 'getjobs', times: 1 });
    heard('a 429', await fails(client.allJobs({})));
    heard('a paused endpoint', await fails(client.allJobs({})));
    sb.fault(null);
    expect(said.filter((s) => s.from.startsWith('a ')).length).toBeGreaterThan(20);
    expectPlainWords(40);
  });

  it('says every failure code and answer shape the classification knows', async () => {
    const fetchFailed = (code: string, extra: Record<string, unknown> = {}) =>
      Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(code), { code, ...extra }) });
    const codes = [
      'ENOTFOUND',
      'EAI_AGAIN',
      'EAI_FAIL',
      'EAI_NONAME',
      'EAI_NODATA',
      'ECONNREFUSED',
      'EHOSTUNREACH',
      'ENETUNREACH',
      'EADDRNOTAVAIL',
      'ENETDOWN',
      'EHOSTDOWN',
      'UND_ERR_CONNECT_TIMEOUT',
      'CERT_HAS_EXPIRED',
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      'ERR_TLS_CERT_ALTNAME_INVALID',
      'UND_ERR_HEADERS_TIMEOUT',
      'UND_ERR_BODY_TIMEOUT',
      'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
      'ECONNRESET',
      'UND_ERR_SOCKET',
    ];
    for (const endpoint of [
      'timetracker/addtimelog',
      'timetracker/getjobs',
      'forms/P_EmployeeView/records',
      'forms/json/P_Employee/insertRecord',
    ]) {
      for (const code of codes) {
        for (const write of [true, false])
          heard(`${code} on ${endpoint}`, networkErrorFrom(fetchFailed(code), endpoint, 30_000, { write }));
      }
      heard(`ETIMEDOUT on connect, ${endpoint}`, networkErrorFrom(fetchFailed('ETIMEDOUT', { syscall: 'connect' }), endpoint, 30_000));
      heard(`a timeout on ${endpoint}`, networkErrorFrom(Object.assign(new Error('aborted'), { name: 'TimeoutError' }), endpoint, 30_000));
      heard(`a body cut on ${endpoint}`, networkErrorFrom(new Error('terminated'), endpoint, 30_000, { phase: 'body' }));
    }
    const answer = (status: number, body: unknown, contentType: string | null = 'application/json', retryAfter: string | null = null) => ({
      status,
      retryAfter,
      contentType,
      text: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const refusal = (code: number, message: unknown) =>
      answer(200, { response: { status: 1, message: 'Error occurred', errors: { code, message } } });
    const shapes = [
      answer(200, '<html>Sign in to Wi-Fi</html>', 'text/html'),
      answer(502, '<html>502 Bad Gateway</html>', 'text/html'),
      answer(302, '', 'text/plain'),
      answer(200, 'a,b', 'text/csv'),
      answer(200, ''),
      answer(200, 'not json', 'text/plain'),
      answer(200, { hello: 'world' }),
      answer(500, { error: 'boom' }),
      answer(503, ''),
      answer(401, { error: 'unauthorized' }),
      answer(403, { code: 9000, message: 'Permission denied for timetracker/getpayrollreport' }),
      answer(429, {}, 'application/json', '120'),
      refusal(7202, 'Invalid OAuth token'),
      refusal(7209, 'Access blocked for addtimelog'),
      refusal(9000, 'No permission'),
      answer(404, 'Not Found', 'text/plain'),
      // the service's own words for codes that have no words of ours: days, endpoints, fields and codes made plain
      refusal(9999, 'Cannot log time on 2026-11-21 via addtimelog: workDate 2026-11-21 is locked (code 8099)'),
      refusal(7052, { 'First Name': 'is mandatory', Email: 'is mandatory' }),
      ...[7024, 7049, 8000, 8001, 8002, 8003, 8004, 8005, 8008, 9002, 9003, 9004, 9005, 9006, 9007, 9008, 9009].map((code) =>
        refusal(code, `Refused for 2026-11-20 by gettimesheet: timesheetId and jobId (${code})`),
      ),
    ];
    for (const endpoint of [
      'timetracker/addtimelog',
      'timetracker/edittimelog',
      'timetracker/gettimesheet',
      'timetracker/getpayrollreport',
      'forms/json/P_Employee/insertRecord',
    ]) {
      for (const [i, s] of shapes.entries()) {
        for (const write of [true, false]) {
          // (a bare object is a success on the forms operations, spec 4.4: nothing to say then)
          try {
            readAnswer(s, endpoint, write, () => 0);
          } catch (e) {
            heard(`answer ${i} on ${endpoint}`, e);
          }
        }
      }
    }
    // an answer the client cannot understand, and an operation the service does not offer
    const odd = createServiceClient({
      baseUrl: 'http://service.invalid',
      getToken: async () => 't',
      policy: POLICY,
      fetch: async (url) =>
        String(url).includes('gettimelogs')
          ? new Response('{"error":{"code":9003,"message":"No such operation"}}', {
              status: 404,
              headers: { 'content-type': 'application/json' },
            })
          : new Response(JSON.stringify({ result: [{ jobName: 'no id here' }] }), { headers: { 'content-type': 'application/json' } }),
    });
    heard('an answer not understood', await fails(odd.allJobs({})));
    heard('no list of time logs', await fails(odd.allTimeLogs({ user: 'maya', fromDate: TEST_TODAY, toDate: TEST_TODAY })));
    expectPlainWords(300);
  });

  it("says every refusal of the sandbox in the user's words", async () => {
    // the service's own answers, on the usual policy: the 400 ms timeout is for the faults above, and on a loaded
    // machine it cut off the setup's log (and would have said "no answer" where the service refuses)
    const client = clientAt(sb.url, SANDBOX_POLICY);
    const state = sb.state();
    const user = sb.demoUser;
    const add = (over: Record<string, unknown>) => client.addTimeLog({ user, ...job, workDate: TEST_TODAY, hours: '01:00', ...over });
    const empty = freshWeekDay(state, TEST_TODAY);
    await client.addTimeLog({ user, ...job, workDate: empty, hours: '09:00' });
    const completed = state.jobs.find((j) => j.jobStatus === 'completed')!;
    const locked = state.timeLogs.find(
      (l) =>
        l.user === user &&
        l.timesheetId &&
        state.timesheets.some((t) => t.timesheetId === l.timesheetId && (t.status === 'approved' || t.status === 'pending')),
    )!;
    const processed = state.processedPayPeriods[0];
    const cases: Array<[string, () => Promise<unknown>]> = [
      ['an unknown job', () => add({ jobId: '999999999999999999', jobName: undefined })],
      ['a completed job', () => add({ jobId: completed.jobId, jobName: undefined })],
      ['a day over the maximum', () => add({ workDate: empty, hours: '02:00' })],
      ['a future day', () => add({ workDate: addDays(TEST_TODAY, 3) })],
      ['a day too old', () => add({ workDate: addDays(TEST_TODAY, -90) })],
      ['a holiday', () => add({ workDate: state.holidays[0].date })],
      ['a locked log', () => client.editTimeLog({ timeLogId: locked.timeLogId, hours: '02:00' })],
      ['a timesheet not there', () => client.timesheetDetails('404404404')],
      ['a processed pay period', () => client.payrollReport({ user: 'all', fromDate: processed.fromDate, toDate: processed.toDate })],
      ['a report over two months', () => client.payrollReport({ user: 'all', fromDate: addDays(TEST_TODAY, -70), toDate: TEST_TODAY })],
      [
        'a report ending before it starts',
        () => client.payrollReport({ user: 'all', fromDate: TEST_TODAY, toDate: addDays(TEST_TODAY, -3) }),
      ],
      ['a job list by a status it does not know', () => client.allJobs({ jobStatus: 'sleeping' as never })],
      ['an employee without its mandatory fields', () => client.insertEmployee({ Department: 'Nowhere' })],
      ['a decision on a timesheet not there', () => client.approveTimesheet({ timesheetId: '404404404', approvalStatus: 'approved' })],
    ];
    for (const [what, run] of cases) heard(what, await fails(run));
    expect(said.filter((s) => cases.some(([what]) => s.from === what)).map((s) => s.text)).toHaveLength(cases.length);
    expectPlainWords(14);
  });

  it('says every company rule', () => {
    const settings = {
      logType: 'hours',
      maxMinutesPerDay: 600,
      allowFutureDates: false,
      pastDaysAllowed: 30,
      submissionDueWeekday: 5,
      enabled: true,
    } as const;
    const ctx: RuleContext = {
      settings,
      today: TEST_TODAY,
      jobs: [
        { jobId: 'j1', jobName: 'Design', projectName: 'P', clientName: 'C', jobStatus: 'in-progress', jobBillableStatus: 'Billable' },
      ],
      jobsKnown: true,
      dayTotalMinutes: () => 540,
      isLocked: (d) => d < addDays(TEST_TODAY, -5),
    };
    const logs = [
      { workDate: TEST_TODAY, hours: '1.5', jobId: 'j1' },
      { workDate: TEST_TODAY, hours: '00:00', jobId: 'j1' },
      { workDate: '18-11-2026', hours: '01:00', jobId: 'j1' },
      { workDate: '2026-02-30', hours: '01:00', jobId: 'j1' },
      { workDate: addDays(TEST_TODAY, 2), hours: '01:00', jobId: 'j1' },
      { workDate: addDays(TEST_TODAY, -400), hours: '01:00', jobId: 'j1' },
      { workDate: addDays(TEST_TODAY, -10), hours: '01:00', jobId: 'j1' },
      { workDate: TEST_TODAY, hours: '03:00', jobId: 'j1' },
      { workDate: TEST_TODAY, hours: '01:00', jobId: 'nope' },
      { workDate: TEST_TODAY, hours: '01:00' },
      { workDate: TEST_TODAY, hours: '01:00', jobName: 'design' },
      { workDate: TEST_TODAY, hours: '01:00', jobName: 'Payroll' },
    ];
    let n = 0;
    for (const log of logs)
      for (const v of checkLog(log, ctx)) {
        n++;
        said.push({ from: `the ${v.rule} rule`, text: v.message });
      }
    expect(n).toBeGreaterThanOrEqual(logs.length);
    expectPlainWords(12);
  });

  it('says what became of an entry the service refused, could not settle, or the rules refused, and its notices', async () => {
    const h = await startHarness({ sandbox: sb });
    try {
      await h.logging.handlers.getCompanySettings({ refresh: true });
      await h.logging.handlers.listJobs({ refresh: true });
      // refused while the call waited (a finished job: the rules check the job list, the service that the job is still
      // open), refused after an offline hour (over the maximum), and unsure (answer lost)
      const finished = sb.state().jobs.find((j) => j.jobStatus === 'completed')!;
      const refusedNow = await h.logging.handlers.logTime({
        jobId: finished.jobId,
        jobName: finished.jobName,
        workDate: h.today,
        hours: '01:00',
        billable: true,
      });
      expect(refusedNow.state).toBe('needs-attention');
      said.push({ from: 'punch log, refused', text: logResultOutput(refusedNow, 'Logged', { id: 'op-000001' }).text });
      sb.fault({ kind: 'commit-then-drop', match: 'addtimelog', times: 1 });
      sb.configure({ timeLogList: false });
      await h.logging.handlers.logTime({
        ...job,
        workDate: addDays(h.today, -1),
        hours: '00:30',
        billable: true,
        description: 'answer lost',
      });
      sb.configure({ timeLogList: true });
      await expect
        .poll(async () => (await h.logging.handlers.getOutbox({})).filter((e) => e.state === 'needs-attention').length, { timeout: 10_000 })
        .toBe(2);
      const outbox = await h.logging.handlers.getOutbox({});
      for (const e of outbox) {
        if (e.message) said.push({ from: `entry ${e.id} (${e.state})`, text: e.message });
        for (const a of e.attempts) if (a.message) said.push({ from: `attempt of ${e.id}`, text: a.message });
        // the choices it does not offer, in words
        for (const r of ['retry', 'fix', 'discard', 'mark-recorded'] as const) {
          said.push({ from: `not offered: ${r}`, text: notOffered({ ...e, maybeSent: !!e.maybeSent } as unknown as OutboxOp, r) });
        }
        heard(`fixing ${e.id} to the future`, await fails(h.logging.handlers.fixEntry({ id: e.id, workDate: addDays(h.today, 5) })));
      }
      heard('an entry gone', await fails(h.logging.handlers.retryEntry({ id: 'op-999999' })));
      const notices = h.events.filter((e) => e.event === 'notice').map((e) => (e.payload as { message: string }).message);
      expect(notices.length).toBeGreaterThan(0);
      for (const text of notices) said.push({ from: 'a notice', text });
    } finally {
      sb.fault(null);
      await h.close();
    }
    for (const text of [AMBIGUOUS_ADD_MESSAGE, AMBIGUOUS_CHANGE_MESSAGE, ADD_DISCARDED_BEFORE_DELETE])
      said.push({ from: 'the outbox', text });
    expectPlainWords(10);
  });
});

/** The refusal words for the log form's outcome: LogResult's state is honest (a type-level reminder for the screens). */
export type Honest = LogResult['state'];
