/**
 * One status builder (src/core/app-status.ts): the status the core pushes to the renderer (the `status` event) is the
 * one `getStatus` answers, field for field. A push built apart once lacked the rate-limit pause, so the pill said
 * nothing of it while every log waited. Real core, real sandbox over HTTP, the service's own 429 with Retry-After.
 */
import { afterEach, expect, it } from 'vitest';
import type { LogResult } from '../../src/shared/contract';
import type { AppStatus, Job } from '../../src/shared/domain';
import { call, startCoreOverSandbox, type CoreOverSandbox } from '../fixtures/core-over-sandbox';
import { TEST_TODAY } from '../fixtures/test-clock';

let c: CoreOverSandbox | undefined;
afterEach(async () => {
  await c?.close();
  c = undefined;
});

it('pushes rateLimited in the status while the service holds an endpoint paused, as getStatus answers it', async () => {
  c = await startCoreOverSandbox({ today: TEST_TODAY, dirPrefix: 'punch-status-push-' });
  const { core, sb } = c;
  const pushed: AppStatus[] = [];
  core.on('status', (s) => pushed.push(s));
  const [job] = await call<Job[]>(core, 'listJobs', { status: 'in-progress' });

  // the service answers the next add with 429 / Retry-After: two minutes
  sb.fault({ kind: 'http-429', retryAfterSec: 120, match: 'addtimelog', times: 1 });
  const logged = await call<LogResult>(core, 'logTime', {
    jobId: job.jobId,
    jobName: job.jobName,
    workDate: TEST_TODAY,
    hours: '00:30',
    billable: true,
    description: 'met a pause',
  });
  expect(logged.state).toBe('queued');

  const paused = (s: AppStatus | undefined) => s?.rateLimited?.endpoints.includes('timetracker/addtimelog') ?? false;
  await expect.poll(() => paused(pushed.at(-1)), { timeout: 5_000 }).toBe(true);
  const push = pushed.at(-1)!;
  const answer = await call<AppStatus>(core, 'getStatus', {});
  expect(paused(answer)).toBe(true);
  // the same builder: the same pause, the same counts, the same data-directory state
  expect(push.rateLimited).toEqual(answer.rateLimited);
  expect(push.outbox).toEqual(answer.outbox);
  expect(push).toMatchObject({ storage: answer.storage, damage: answer.damage, account: answer.account, online: answer.online });
  expect(Object.keys(push).sort()).toEqual(Object.keys(answer).sort());
});
