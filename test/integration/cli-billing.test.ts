/**
 * Billing comes from the job unless the user says otherwise, the same for `punch log`, `punch timer start` and the app
 * (src/shared/billing.ts, decided once by the core). Against the sandbox (a non-billable "Training" job), against a small
 * service of its own written here (the real service's envelope, billing spelt `non-billable`, nothing of the sandbox),
 * and for a log queued before any job list was read (the job decides once the list is read, before it is sent).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogResult } from '../../src/shared/contract';
import type { TimerView } from '../../src/shared/domain';
import { removeDir, tempDir } from '../fixtures/temp-dirs';
import { TEST_TODAY } from '../fixtures/test-clock';
import { cliClock, freeDay, runPunch, startCliWorld, type CliWorld } from '../fixtures/cli-harness';

let w: CliWorld;
beforeAll(async () => {
  w = await startCliWorld();
});
afterAll(async () => {
  await w?.close();
});

const logsWith = (description: string) => w.sandbox.state().timeLogs.filter((l) => l.description === description);
const jobNamed = (name: string) => w.sandbox.state().jobs.find((j) => j.jobName === name)!;

describe('punch log bills as the job is', () => {
  it('a non-billable job is logged non-billable, unless --billable says otherwise', async () => {
    expect(jobNamed('Training').jobBillableStatus).toBe('Non Billable');
    const day = freeDay(w.sandbox.state(), w.sandbox.demoUser, 120);
    const plain = await w.punchJson<LogResult>([
      'log',
      '--job-name',
      'Training',
      '--date',
      day,
      '--hours',
      '1',
      '--description',
      'training plain',
    ]);
    expect(plain.code).toBe(0);
    expect(plain.value.state).toBe('synced');
    expect(plain.value.log.billingStatus).toBe('Non Billable');
    expect(logsWith('training plain').map((l) => l.billingStatus)).toEqual(['Non Billable']);

    const said = await w.punch([
      'log',
      '--job-name',
      'Training',
      '--date',
      day,
      '--hours',
      '0:30',
      '--billable',
      '--description',
      'training billed',
    ]);
    expect(said.code).toBe(0);
    expect(logsWith('training billed').map((l) => l.billingStatus)).toEqual(['Billable']);
  });

  it('a billable job by id stays billable, and --non-billable makes it not', async () => {
    const job = w.sandbox
      .state()
      .jobs.find((j) => j.jobBillableStatus === 'Billable' && j.jobStatus === 'in-progress' && j.assignedTo.includes(w.sandbox.demoUser))!;
    const day = freeDay(w.sandbox.state(), w.sandbox.demoUser, 60);
    await w.punch(['log', '--job', job.jobId, '--date', day, '--hours', '0:15', '--description', 'billable by id']);
    await w.punch(['log', '--job', job.jobId, '--date', day, '--hours', '0:15', '--non-billable', '--description', 'unbilled by id']);
    expect(logsWith('billable by id').map((l) => l.billingStatus)).toEqual(['Billable']);
    expect(logsWith('unbilled by id').map((l) => l.billingStatus)).toEqual(['Non Billable']);
  });

  it('refuses --billable with --non-billable, and sends nothing', async () => {
    const before = w.sandbox.state().timeLogs.length;
    const r = await w.punch(['log', '--job-name', 'Training', '--hours', '1', '--billable', '--non-billable']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('give either --billable or --non-billable, not both');
    expect(w.sandbox.state().timeLogs.length).toBe(before);
  });

  it('the timer started on a non-billable job from punch runs non-billable', async () => {
    const t = await w.punchJson<TimerView>(['timer', 'start', '--job-name', 'Training']);
    expect(t.code).toBe(0);
    expect(t.value.billable).toBe(false);
    expect((await w.punch(['timer', 'discard'])).code).toBe(0);
    const billed = await w.punchJson<TimerView>(['timer', 'start', '--job-name', 'Training', '--billable']);
    expect(billed.value.billable).toBe(true);
    expect((await w.punch(['timer', 'discard'])).code).toBe(0);
  });

  it('logged before any job list could be read: the job decides when the list is read, before it is sent', async () => {
    const fresh = tempDir('punch-cli-billing-');
    const day = freeDay(w.sandbox.state(), w.sandbox.demoUser, 60);
    try {
      await w.sandbox.setOffline(true);
      const queued = await w.punch(
        ['log', '--job-name', 'Training', '--date', day, '--hours', '0:45', '--description', 'training offline'],
        { env: { PUNCH_DATA_DIR: fresh } },
      );
      expect(queued.code).toBe(0);
      expect(queued.stdout.split('\n')[0]).toBe('queued');
      await w.sandbox.setOffline(false);
      const sync = await w.punch(['sync'], { env: { PUNCH_DATA_DIR: fresh } });
      expect(sync.code, sync.stderr).toBe(0);
      expect(logsWith('training offline').map((l) => l.billingStatus)).toEqual(['Non Billable']);
    } finally {
      await w.sandbox.setOffline(false);
      removeDir(fresh);
    }
  });
});

/**
 * A service of its own: the real service's wrapped envelope, billing as `non-billable` (real-service-notes.md "Data"),
 * just the reads a `punch log` makes, and every addtimelog it receives kept as sent.
 */
function independentService() {
  const added: Array<Record<string, string>> = [];
  const jobs = [
    {
      jobId: '900000000000000001',
      jobName: 'Training',
      projectName: 'Internal',
      clientName: 'Us',
      jobStatus: 'in-progress',
      jobBillableStatus: 'non-billable',
    },
    {
      jobId: '900000000000000002',
      jobName: 'Client work',
      projectName: 'Site',
      clientName: 'Them',
      jobStatus: 'in-progress',
      jobBillableStatus: 'billable',
    },
  ];
  const wrap = (result: unknown) => JSON.stringify({ response: { result, message: 'Data fetched successfully', status: 0 } });
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const params = Object.fromEntries([...url.searchParams, ...new URLSearchParams(body)]);
      res.setHeader('Content-Type', 'application/json');
      const op = url.pathname.split('/').pop();
      if (op === 'getjobs') return res.end(wrap(jobs));
      if (op === 'gettimetrackersettings') return res.end(wrap({ logType: 'hours', maxHoursPerDay: '24:00', allowFutureTimeLog: false }));
      if (op === 'gettimesheet') return res.end(wrap([]));
      if (op === 'addtimelog') {
        added.push(params);
        return res.end(wrap([{ timeLogId: `90000000000000${1000 + added.length}`, message: 'Time log added successfully' }]));
      }
      res.end(
        JSON.stringify({ response: { status: 1, message: 'Unknown operation', errors: { code: 9002, message: 'Unknown operation' } } }),
      );
    });
  });
  return { server, added };
}

describe('punch log against a service of its own', () => {
  let svc: ReturnType<typeof independentService>;
  let url: string;
  beforeAll(async () => {
    svc = independentService();
    await new Promise<void>((r) => svc.server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(svc.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => svc.server.close(r));
  });

  it("sends the job's own billing status: Non Billable for a non-billable job, Billable for a billable one", async () => {
    const dataDir = tempDir('punch-cli-own-');
    const env = {
      TEST_CLOCK_OFFSET_MS: String(cliClock.offsetMs()),
      PUNCH_BASE_URL: url,
      PUNCH_TOKEN: 'own-service-token-1',
      PUNCH_USER: 'me@own.test',
      PUNCH_DATA_DIR: dataDir,
      XDG_CONFIG_HOME: `${dataDir}/xdg`,
    };
    try {
      const training = await runPunch(['log', '--job-name', 'Training', '--hours', '1', '--date', TEST_TODAY], env);
      expect(training.code, training.stderr).toBe(0);
      const client = await runPunch(['log', '--job-name', 'Client work', '--hours', '1', '--date', TEST_TODAY], env);
      expect(client.code, client.stderr).toBe(0);
      expect(svc.added.map((a) => [a.jobName ?? a.jobId, a.billingStatus])).toEqual([
        [expect.anything(), 'Non Billable'],
        [expect.anything(), 'Billable'],
      ]);
    } finally {
      removeDir(dataDir);
    }
  });
});
