/**
 * `punch approve` within the call budget: several ids are paced within the approve endpoint's minute and the command
 * says how long it will take before it starts; whose each timesheet is, learnt by `punch timesheets`, is kept in the
 * data directory, so the next process's decision asks only the decision and one read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCliWorld, type CliWorld } from '../fixtures/cli-harness';

let w: CliWorld;
beforeAll(async () => {
  w = await startCliWorld({ timesheetListEmployee: 'none' });
});
afterAll(async () => {
  await w?.close();
});

const pendingOfOthers = () =>
  w.sandbox.state().timesheets.filter((t) => t.status === 'pending' && t.user !== w.sandbox.demoUser && t.approvalLevels === 1);
const asked = () =>
  w.sandbox
    .requests()
    .filter((r) => r.path.startsWith('/api/'))
    .map((r) => r.path.split('/').at(-1));

describe('punch approve within the call budget', () => {
  it('says how long several decisions take before it starts, then decides each', async () => {
    const [a, b] = pendingOfOthers();
    const r = await w.punch(['approve', a.timesheetId, b.timesheetId]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^Deciding 2 timesheets\. This takes a few seconds\.$/m);
    expect(r.stdout).toMatch(/^2 timesheets of 2 decided\./);
    for (const id of [a.timesheetId, b.timesheetId])
      expect(w.sandbox.state().timesheets.find((t) => t.timesheetId === id)?.status).toBe('approved');
  });

  it('after punch timesheets, the next process decides with the decision and one read', async () => {
    const list = await w.punch(['timesheets']);
    expect(list.code).toBe(0);
    // the service's list named nobody: the rows are named from the timesheets' details
    expect(list.stdout).not.toMatch(/not named by the service/);
    const target = pendingOfOthers()[0];
    w.sandbox.resetRequests();
    const r = await w.punch(['approve', target.timesheetId]);
    expect(r.code).toBe(0);
    expect(asked().filter((p) => p === 'gettimesheet')).toEqual([]);
    expect(asked().filter((p) => p === 'approvetimesheet')).toHaveLength(1);
    expect(asked().length).toBeLessThanOrEqual(3);
  });
});
