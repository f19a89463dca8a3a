/**
 * The rule: "Tokens, refresh tokens, client secrets and Authorization values are redacted from every stored or
 * printed message, even when the service echoes them back." A tiny HTTP server in front of the sandbox forwards every
 * request, except that the paths it is told to refuse answer a refusal whose message echoes the request's
 * Authorization header and its token (bare, as a query parameter and as JSON). After refused adds and a refused read,
 * the token is in no file of the data directory, in no notice, in no bridge error and in none of `punch`'s output; the
 * words around it remain.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../src/shared/domain';
import { memorySecrets } from '../../src/core/account';
import { createPunchcard, type Punchcard } from '../../src/core';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { call } from '../fixtures/core-over-sandbox';
import { runPunch } from '../fixtures/cli-harness';
import { runningClock, TEST_TODAY } from '../fixtures/test-clock';

let sb: Sandbox;
let proxy: Server;
let proxyUrl: string;
let dataDir: string;
let core: Punchcard;
let token: string;
const notices: string[] = [];
/** Paths (substrings) refused with an echo of the request's credentials. */
let echoOn: string[] = [];
const REFUSAL = 'This entry was refused because the request carried';

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const payload = await body(req);
  const path = req.url ?? '/';
  if (echoOn.some((p) => path.includes(p))) {
    const auth = String(req.headers.authorization ?? '');
    const bare = auth.split(' ').pop() ?? '';
    const message =
      `${REFUSAL} Authorization: ${auth} (token=${bare}&user=maya, {"access_token":"${bare}"}); ` +
      `the token ${bare} is not allowed to do this. Ask your administrator.`;
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { code: 9003, message } }));
    return;
  }
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers[k] = v;
  const answer = await fetch(`${sb.url}${path}`, {
    method: req.method,
    headers,
    ...(req.method !== 'GET' && req.method !== 'HEAD' ? { body: new Uint8Array(payload) } : {}),
  });
  res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
  res.end(Buffer.from(await answer.arrayBuffer()));
}

/** The test's clock, for the core here and (by its offset) for `punch`: the logs go on the test's day, not today's. */
const clock = runningClock();

beforeAll(async () => {
  sb = await startSandbox({ today: TEST_TODAY });
  token = sb.demoToken;
  proxy = createServer((req, res) => {
    handle(req, res).catch((e) => {
      res.writeHead(502);
      res.end(String(e));
    });
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'punch-redact-'));
  core = await createPunchcard({
    dataDir,
    secrets: memorySecrets(),
    autoSync: false,
    clock,
    env: { baseUrl: proxyUrl, token, user: sb.demoUser },
  });
  core.on('notice', (n) => notices.push(n.message));
});
afterAll(async () => {
  await core?.close();
  await new Promise<void>((r) => proxy.close(() => r()));
  await sb?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const job = () => sb.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(sb.demoUser))!;
const today = () => TEST_TODAY;

/** Every file under the data directory, as text. */
function filesOf(dir: string): Array<{ file: string; text: string }> {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    return statSync(file).isDirectory() ? filesOf(file) : [{ file, text: readFileSync(file, 'latin1') }];
  });
}

function expectNoToken(text: string, where: string): void {
  expect(token.length).toBeGreaterThanOrEqual(8);
  for (const form of [token, encodeURIComponent(token)]) expect(text.includes(form), `${where} holds the token:\n${text}`).toBe(false);
}

describe('a service that echoes the token back in its refusal', () => {
  it('leaves it out of the outbox, the notices, the data directory and the bridge', async () => {
    await call(core, 'listJobs', { status: 'all' });
    echoOn = ['addtimelog'];
    const r = await call<{ state: string; log: { localId: string; message?: string } }>(core, 'logTime', {
      jobId: job().jobId,
      workDate: today(),
      hours: '00:30',
      billable: true,
      description: 'echoed',
    });
    expect(r.state).toBe('needs-attention'); // refused while the call waited: never said as queued
    const entry = (await call<OutboxEntry[]>(core, 'getOutbox')).find((e) => e.localId === r.log.localId)!;
    expect(entry.state).toBe('needs-attention');
    // the words around the secret stay: the user still learns why
    expect(entry.message).toContain(REFUSAL);
    expect(entry.message).toContain('is not allowed to do this. Ask your administrator.');
    expect(entry.message).toContain('[redacted]');
    expectNoToken(JSON.stringify(entry), 'the outbox entry');
    expect(notices.some((n) => n.includes(REFUSAL))).toBe(true);
    expectNoToken(notices.join('\n'), 'a notice');

    // a read refused the same way: the error crosses the bridge
    echoOn = ['getjobs'];
    const refused = await core.dispatch('listJobs', { status: 'all', refresh: true });
    expect(refused.ok).toBe(false);
    const error = (refused as { ok: false; error: { message: string } }).error;
    expect(error.message).toContain(REFUSAL);
    expectNoToken(JSON.stringify(error), 'the bridge error');
    echoOn = [];

    for (const { file, text } of filesOf(dataDir)) expectNoToken(text, file);
  });

  it("keeps it out of punch's stdout and stderr (and out of the files punch writes)", async () => {
    const env = {
      PUNCH_BASE_URL: proxyUrl,
      PUNCH_TOKEN: token,
      PUNCH_USER: sb.demoUser,
      PUNCH_DATA_DIR: dataDir,
      XDG_CONFIG_HOME: join(dataDir, 'xdg'),
      TEST_CLOCK_OFFSET_MS: String(clock.offsetMs()),
    };
    echoOn = ['addtimelog'];
    const logged = await runPunch(
      ['log', '--job', job().jobId, '--date', today(), '--hours', '00:20', '--description', 'echoed by punch'],
      env,
    );
    echoOn = ['addtimelog', 'getjobs'];
    const [outbox, outboxJson, jobs] = await Promise.all([
      runPunch(['outbox'], env),
      runPunch(['outbox', '--json'], env),
      runPunch(['jobs', '--refresh'], env),
    ]);
    echoOn = [];
    const runs = { logged, outbox, outboxJson, jobs };
    for (const [name, run] of Object.entries(runs)) {
      expectNoToken(run.stdout, `punch ${name} stdout`);
      expectNoToken(run.stderr, `punch ${name} stderr`);
    }
    // the WHY column wraps within 100 columns: read as one sentence
    expect(outbox.stdout.replace(/\s+/g, ' ')).toContain(REFUSAL.replace(/\s+/g, ' '));
    expect(JSON.parse(outboxJson.stdout)).toEqual(expect.arrayContaining([expect.objectContaining({ state: 'needs-attention' })]));
    expect(jobs.code).toBe(2);
    expect(jobs.stderr).toContain(REFUSAL);
    expect(jobs.stderr).toContain('[redacted]');
    for (const { file, text } of filesOf(dataDir)) expectNoToken(text, file);
  });
});
