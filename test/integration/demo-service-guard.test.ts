/**
 * The demo service inside Punchcard (no account: the built-in sandbox the core starts itself) probed as an attacker
 * would: another web page in the user's browser (cross-origin `text/plain` and form POSTs, a rebinding host name),
 * another local program (no token, a guessed or old fixed token, the admin routes, an oversized body). Every probe is
 * refused and nothing changes: the state file keeps its bytes. The app's own calls still work (the control).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memorySecrets } from '../../src/core/account';
import { createPunchcard, type Punchcard } from '../../src/core';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox, SandboxState } from '../../src/sandbox';
import type { AccountInfo, Job } from '../../src/shared/domain';
import { call, demoService } from '../fixtures/core-over-sandbox';
import { removeDir, tempDir } from '../fixtures/temp-dirs';
import { runningClock, TEST_TODAY } from '../fixtures/test-clock';

let core: Punchcard;
let dataDir: string;
/** The demo service the core started (captured to know its token: the probes must fail even with it where they can). */
let demo: Sandbox;
let port: number;
let stateFile: string;
let job: Job;

beforeAll(async () => {
  dataDir = tempDir('punch-demo-guard-');
  stateFile = join(dataDir, 'sandbox-state.json');
  core = await createPunchcard({
    dataDir,
    secrets: memorySecrets(),
    autoSync: false,
    clock: runningClock(),
    // the core's own options (embedded, the state lock) pass through; only the test's day is added
    demoService,
    startSandbox: async (o) => (demo = await startSandbox({ ...o, today: TEST_TODAY })),
  });
  [job] = await call<Job[]>(core, 'listJobs');
  const account = await call<AccountInfo>(core, 'getAccount');
  expect(account.kind).toBe('sandbox');
  port = Number(new URL(account.baseUrl).port);
  expect(demo.port).toBe(port);
});
afterAll(async () => {
  await core?.close();
  removeDir(dataDir);
});

interface Answer {
  status: number;
  body: string;
}

/** A raw HTTP request to the demo service, with any headers (fetch will not send a foreign Host or Origin). */
function probe(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const auth = () => ({ authorization: `Zoho-oauthtoken ${demo.demoToken}` });
const FORM = 'application/x-www-form-urlencoded';
const addForm = () =>
  new URLSearchParams({ user: demo.demoUser, workDate: TEST_TODAY, jobId: job.jobId, hours: '07:00', description: 'planted' }).toString();
const fingerprint = () => createHash('sha256').update(readFileSync(stateFile)).digest('hex');
const savedState = () => JSON.parse(readFileSync(stateFile, 'utf8')) as SandboxState;

describe('the demo service inside Punchcard', () => {
  it('has a random token of its own, never the old fixed one', () => {
    expect(demo.demoToken).not.toBe('sandbox-demo-token');
    expect(demo.demoToken.length).toBeGreaterThanOrEqual(32);
  });

  it('answers no request that names it by a foreign host (DNS rebinding), even one holding its token', async () => {
    const before = fingerprint();
    for (const host of [`evil.example:${port}`, 'evil.example', `127.0.0.1.evil.example:${port}`, `localhost:${port + 1}`]) {
      const read = await probe('GET', '/api/timetracker/gettimetrackersettings', { host, ...auth() });
      expect(read.status, host).toBe(421);
      expect(read.body, host).not.toMatch(/maxHoursPerDay|demo\.punchcard\.test/);
      const dump = await probe('GET', '/__sandbox/state', { host });
      expect(dump.status, host).toBe(421);
      const write = await probe('POST', '/api/timetracker/addtimelog', { host, ...auth(), 'content-type': FORM }, addForm());
      expect(write.status, host).toBe(421);
    }
    expect(fingerprint()).toBe(before);
  });

  it('takes no cross-origin write: text/plain or form, to the API or the old admin routes, with or without the token', async () => {
    const before = fingerprint();
    const sheet =
      savedState().timesheets.find((t) => t.user === demo.demoUser && t.status === 'pending') ??
      savedState().timesheets.find((t) => t.status === 'pending')!;
    const page = { origin: 'https://evil.example' };
    const probes: Array<[string, Record<string, string>, string]> = [
      ['/api/timetracker/addtimelog', { ...page, 'content-type': 'text/plain;charset=UTF-8' }, addForm()],
      ['/api/timetracker/addtimelog', { ...page, 'content-type': FORM }, addForm()],
      ['/api/timetracker/addtimelog', { ...page, 'content-type': FORM, ...auth() }, addForm()],
      [
        '/__sandbox/decide',
        { ...page, 'content-type': 'text/plain' },
        JSON.stringify({ timesheetId: sheet.timesheetId, decision: 'rejected', comments: 'x' }),
      ],
      ['/__sandbox/offline', { ...page, 'content-type': 'text/plain' }, JSON.stringify({ offline: true })],
      ['/__sandbox/token', { origin: 'null', 'content-type': 'text/plain' }, JSON.stringify({ user: demo.demoUser })],
    ];
    for (const [path, headers, body] of probes) {
      const res = await probe('POST', path, headers, body);
      expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
    }
    // the same text/plain body without an Origin (a local program): refused for its type, even with the token
    const plain = await probe('POST', '/api/timetracker/addtimelog', { ...auth(), 'content-type': 'text/plain' }, addForm());
    expect(plain.status).toBe(415);
    const typeless = await probe('POST', '/api/timetracker/addtimelog', auth(), addForm());
    expect(typeless.status).toBe(415);
    expect(fingerprint()).toBe(before);
    expect(savedState().timesheets.find((t) => t.timesheetId === sheet.timesheetId)?.status).toBe(sheet.status);
    // still serving: the offline probe did nothing
    expect((await probe('GET', '/api/timetracker/gettimetrackersettings', auth())).status).toBe(200);
  });

  it('refuses callers without its token, with a wrong one or the old fixed one, and changes nothing', async () => {
    const before = fingerprint();
    for (const authorization of [
      undefined,
      'Zoho-oauthtoken sandbox-demo-token',
      `Zoho-oauthtoken ${demo.demoToken.slice(0, -1)}x`,
      `Bearer ${demo.demoToken}x`,
    ]) {
      const headers: Record<string, string> = authorization ? { authorization } : {};
      const read = await probe('GET', '/api/timetracker/gettimetrackersettings', headers);
      expect(read.status, authorization).toBe(401);
      const write = await probe('POST', '/api/timetracker/addtimelog', { ...headers, 'content-type': FORM }, addForm());
      expect(write.status, authorization).toBe(401);
    }
    expect(fingerprint()).toBe(before);
  });

  it('has no admin routes: no state dump, decision, token, fault, offline or configure, even from itself', async () => {
    const before = fingerprint();
    const json = { 'content-type': 'application/json' };
    const sheet = savedState().timesheets.find((t) => t.status === 'pending')!;
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/__sandbox'],
      ['GET', '/__sandbox/state'],
      ['GET', '/__sandbox/requests'],
      ['POST', '/__sandbox/decide', { timesheetId: sheet.timesheetId, decision: 'rejected', comments: 'x' }],
      ['POST', '/__sandbox/token', { user: demo.demoUser }],
      ['POST', '/__sandbox/fault', { kind: 'http-5xx' }],
      ['POST', '/__sandbox/offline', { offline: true }],
      ['POST', '/__sandbox/configure', { envelope: 'real' }],
    ];
    for (const [method, path, body] of routes) {
      for (const headers of [{}, auth()]) {
        const res = await probe(method, path, { ...headers, ...(body ? json : {}) }, body === undefined ? undefined : JSON.stringify(body));
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body).not.toMatch(/demoToken|sbx-|timeLogs/);
      }
    }
    expect(fingerprint()).toBe(before);
    // no fault, no offline, no other envelope took effect
    const settings = await probe('GET', '/api/timetracker/gettimetrackersettings', auth());
    expect(settings.status).toBe(200);
    // the spec's envelope still (configure to 'real' would wrap it in `response`)
    expect(JSON.parse(settings.body)).toHaveProperty('result.maxHoursPerDay');
  });

  it('refuses a body over its size limit before reading it, and changes nothing', async () => {
    const before = fingerprint();
    const big = `${addForm()}&workItem=${'x'.repeat(1_100_000)}`;
    const res = await probe('POST', '/api/timetracker/addtimelog', { ...auth(), 'content-type': FORM }, big);
    expect(res.status).toBe(413);
    expect(fingerprint()).toBe(before);
  });

  it("still takes the app's own calls (form POSTs with its token, from no web page)", async () => {
    const logs = savedState().timeLogs.length;
    const before = fingerprint();
    const res = await probe(
      'POST',
      '/api/timetracker/addtimelog',
      { ...auth(), 'content-type': `${FORM};charset=UTF-8` },
      new URLSearchParams({
        user: demo.demoUser,
        workDate: TEST_TODAY,
        jobId: job.jobId,
        hours: '00:05',
        description: 'the app',
      }).toString(),
    );
    expect(res.status).toBe(200);
    expect(fingerprint()).not.toBe(before);
    expect(savedState().timeLogs.length).toBe(logs + 1);
  });
});
