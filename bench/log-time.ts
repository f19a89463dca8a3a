/**
 * 4. logTime latency: what a user waits for after pressing "Log". Online the call returns once the service confirmed
 * the entry ("synced"); offline it returns once the entry is durably in the outbox ("queued"). A third figure shows
 * what pacing does to a real account (20 requests a minute per endpoint, real-service-notes "Rate limits").
 * @inner src/core/preferences.ts
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Job } from '../src/shared/domain';
import type { Handlers, LogResult } from '../src/shared/contract';
import { memorySecrets } from '../src/core/account';
import { systemClock } from '../src/core/context';
import { createPreferences } from '../src/core/preferences';
import { createPunchcard } from '../src/core';
import { createServiceClient, SANDBOX_POLICY } from '../src/core/service';
import { openConfStore } from '../src/core/store';
import { localDate } from '../src/shared/time/week';
import { startSandbox, type Sandbox } from '../src/sandbox/index';
import type { AccountSession } from '../src/core/account';
import { coreOver, sessionOf } from '../test/fixtures/logging-harness';
import { describe, kib, method, ms, report, summarize, tempDir } from './measure';

const COUNT = 200;
const WARM_UP = 10;
/** One more than the paced budget of an endpoint per minute (DEFAULT_POLICY: 20 per 60 s). */
const PACED_CALLS = 21;

/** The Session of the built-in demo (SANDBOX_POLICY) but on a sandbox this benchmark holds, so it can go offline. */
function sandboxSession(sandbox: Sandbox): AccountSession {
  const client = createServiceClient({
    baseUrl: sandbox.url,
    getToken: async () => sandbox.demoToken,
    authScheme: 'Bearer',
    policy: SANDBOX_POLICY,
  });
  return sessionOf(client, { baseUrl: sandbox.url, user: sandbox.demoUser, token: sandbox.demoToken });
}

/** `count` logTime calls one after another, each timed; one minute each so a day never passes the company maximum. */
async function logMany(
  logTime: Handlers['logTime'],
  job: Job,
  count: number,
  tag: string,
): Promise<{ times: number[]; states: LogResult['state'][] }> {
  const today = localDate(Date.now());
  const times: number[] = [];
  const states: LogResult['state'][] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const r = await logTime({
      jobId: job.jobId,
      jobName: job.jobName,
      workDate: today,
      hours: '00:01',
      billable: true,
      description: `bench ${tag} ${i}`,
    });
    times.push(performance.now() - t);
    states.push(r.state);
  }
  return { times, states };
}

const stateCounts = (states: string[]) => {
  const synced = states.filter((s) => s === 'synced').length;
  return `${synced} synced, ${states.length - synced} queued`;
};

async function onlineAndOffline(): Promise<void> {
  const sandbox = await startSandbox({});
  const data = tempDir('punch-bench-log-');
  const openStore = openConfStore(data.dir);
  const logging = await coreOver({
    dataDir: data.dir,
    clock: systemClock,
    session: sandboxSession(sandbox),
    prefs: createPreferences(openStore('preferences')),
  });
  try {
    logging.start();
    const [job] = await logging.handlers.listJobs({ status: 'in-progress' });
    if (!job) throw new Error('the demo user has no job in progress to log against');
    await logMany(logging.handlers.logTime, job, WARM_UP, 'warm-up');

    const online = await logMany(logging.handlers.logTime, job, COUNT, 'online');
    report(`online, ${COUNT} calls (sent and confirmed)`, describe(summarize(online.times)));
    report('  answers', stateCounts(online.states));

    await sandbox.setOffline(true);
    const offline = await logMany(logging.handlers.logTime, job, COUNT, 'offline');
    report(`offline, ${COUNT} calls (durable write, queued)`, describe(summarize(offline.times)));
    report('  the first call, which finds the service gone', ms(offline.times[0]));
    report(
      '  calls 2..21 / 181..200 (journal grows)',
      `median ${ms(summarize(offline.times.slice(1, 21)).median)} / ${ms(summarize(offline.times.slice(-20)).median)}; journal now ${kib(statSync(join(data.dir, 'outbox.journal')).size)}`,
    );
    report('  answers', stateCounts(offline.states));
  } finally {
    await logging.close();
    await sandbox.close();
    data.remove();
  }
}

/** createPunchcard with an environment account: DEFAULT_POLICY paces addtimelog at 20 per minute. */
async function pacedAccount(): Promise<void> {
  const sandbox = await startSandbox({});
  const data = tempDir('punch-bench-paced-');
  const core = await createPunchcard({
    dataDir: data.dir,
    secrets: memorySecrets(),
    env: { baseUrl: sandbox.url, token: sandbox.demoToken, user: sandbox.demoUser },
  });
  try {
    const [job] = await core.handlers.listJobs({ status: 'in-progress' });
    if (!job) throw new Error('the demo user has no job in progress to log against');
    const paced = await logMany(core.handlers.logTime, job, PACED_CALLS, 'paced');
    report(`account paced 20/min: calls 1..${PACED_CALLS - 1}`, describe(summarize(paced.times.slice(0, -1))));
    report(
      `  call ${PACED_CALLS} (over the minute's budget)`,
      `${ms(paced.times[PACED_CALLS - 1])}, answered "${paced.states[PACED_CALLS - 1]}"`,
    );
  } finally {
    await core.close();
    await sandbox.close();
    data.remove();
  }
}

export async function runLogTime(): Promise<void> {
  method(
    `handlers.logTime of the logging module (the same handler createPunchcard exposes) with a real conf store in a ` +
      `temp dir, over a SANDBOX_POLICY client (no pacing, as the built-in demo) to a sandbox in this process; ${WARM_UP} ` +
      `warm-up calls, then ${COUNT} calls of 00:01 on today one after another, timed with performance.now(); offline = ` +
      `sandbox.setOffline(true) (connection refused). The paced figure is createPunchcard with an environment account ` +
      `(DEFAULT_POLICY) and ${PACED_CALLS} calls in a row.`,
  );
  await onlineAndOffline();
  await pacedAccount();
}
