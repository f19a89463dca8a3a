/**
 * spec 4.3 payroll report, settings and jobs through the client, against the sandbox over real HTTP.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { createServiceClient, SANDBOX_POLICY } from '../../src/core/service';
import type { ServiceClient } from '../../src/core/service';

let sb: Sandbox;
afterEach(async () => {
  await sb?.close();
});

async function open(opts: Parameters<typeof startSandbox>[0] = {}): Promise<ServiceClient> {
  sb = await startSandbox({ today: '2025-11-20', seed: 1, ...opts });
  return createServiceClient({ baseUrl: sb.url, getToken: async () => sb.demoToken, policy: SANDBOX_POLICY });
}
const jobRequests = () => sb.requests().filter((r) => r.path === '/api/timetracker/getjobs');

describe('jobs', () => {
  it('fetches 450 extra jobs in exactly 3 requests, from index 0 in steps of 200', async () => {
    const client = await open({ extraJobs: 450 });
    const jobs = await client.allJobs();
    const inProgress = sb.state().jobs.filter((j) => j.jobStatus === 'in-progress');
    expect(jobs.map((j) => j.jobId).sort()).toEqual(inProgress.map((j) => j.jobId).sort());
    expect(jobRequests()).toHaveLength(3);
    expect(jobRequests().map((r) => [r.params.sIndex, r.params.limit])).toEqual([
      ['0', '200'],
      ['200', '200'],
      ['400', '200'],
    ]);
  });

  it('lets a caller stop early without fetching further pages', async () => {
    const client = await open({ extraJobs: 450 });
    let n = 0;
    for await (const _job of client.jobs({}, { limit: 50 })) {
      if (++n === 60) break;
    }
    expect(jobRequests().map((r) => r.params.sIndex)).toEqual(['0', '50']);
  });

  it('filters by assignee and status, sending them only when given', async () => {
    const client = await open();
    const completed = await client.allJobs({ jobStatus: 'completed' });
    expect(completed.length).toBeGreaterThan(0);
    expect(completed.every((j) => j.jobStatus === 'completed')).toBe(true);
    const mine = await client.allJobs({ assignedTo: sb.demoUser });
    const expected = sb.state().jobs.filter((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(sb.demoUser));
    expect(mine.map((j) => j.jobId).sort()).toEqual(expected.map((j) => j.jobId).sort());
    expect(jobRequests()[0].params).toEqual({ jobStatus: 'completed', sIndex: '0', limit: '200' });
  });
});

describe('payroll report and settings', () => {
  it('runs the payroll report for a month, asking for ISO dates', async () => {
    const client = await open();
    const report = await client.payrollReport({ user: 'all', fromDate: '2025-10-20', toDate: '2025-11-16' });
    expect(report.length).toBeGreaterThan(1);
    const maya = report.find((r) => r.employeeEmail === sb.demoUser)!;
    expect(maya.regularHour).toMatch(/^\d{2,}:\d{2}$/);
    expect(maya.regularHour).not.toBe('00:00');
    expect(Number(maya.totalAmount)).toBeGreaterThan(0);
    expect(maya.extra.currency).toMatch(/^[A-Z]{3}$/);
    expect(sb.requests().at(-1)!.params).toEqual({ user: 'all', fromDate: '2025-10-20', toDate: '2025-11-16', dateFormat: 'yyyy-MM-dd' });
  });

  it('passes on a range longer than a month as ServiceError 9007', async () => {
    const client = await open();
    const err = await client.payrollReport({ user: 'all', fromDate: '2025-09-01', toDate: '2025-11-16' }).catch((e) => e);
    expect(err).toMatchObject({ name: 'ServiceError', code: 9007 });
  });

  it('reads the company rules from the settings', async () => {
    const client = await open();
    const s = sb.state().settings;
    expect(await client.settings()).toEqual({
      logType: s.logType,
      maxMinutesPerDay: Number(s.maxHoursPerDay.split(':')[0]) * 60 + Number(s.maxHoursPerDay.split(':')[1]),
      allowFutureDates: s.allowFutureTimeLog,
      pastDaysAllowed: s.allowedPastDays,
      submissionDueWeekday:
        ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].indexOf(s.timesheetSubmissionDay) + 1,
      enabled: s.isTimeTrackerEnabled,
      // the company's currency, beyond spec 2.6: payroll rows without one are in it
      currency: 'USD',
    });
    sb.configure({ companyCurrency: null });
    expect(await client.settings()).not.toHaveProperty('currency');
    sb.configure({ companyCurrency: 'USD' });
  });
});
