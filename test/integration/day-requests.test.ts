/**
 * What a day of use costs in requests, counted at the sandbox (issue 24: "the truth costs too many calls"): the days
 * of test/fixtures/day-of-use.ts, the same `npm run bench -- day` measures, each under a bound a little above its goal
 * (the usual day at most 45 requests, the busy day at most 120; before: 79 and 229 in the app, 60 in punch), so a
 * change that reads the week again on every look fails here. The truth checks of the same reads are
 * test/integration/one-truth.test.ts and cli-truth.test.ts.
 */
import { expect, it } from 'vitest';
import { appDay, endpointsOf, punchDay } from '../fixtures/day-of-use';

it("costs the app at most 50 requests for an employee's usual day (8 logs, 10 looks at the week, a submit)", async () => {
  const c = await appDay('usual');
  expect(c.total, endpointsOf(c)).toBeLessThanOrEqual(50);
  // each look and each rule still reads the logs: the truth is not bought with stale screens
  expect(c.byEndpoint.get('gettimelogs') ?? 0).toBeGreaterThanOrEqual(17);
}, 60_000);

it('costs the app at most 130 requests for a busy day (20 logs, 25 looks, 20 returns to the window, 10 approvals)', async () => {
  const c = await appDay('busy');
  expect(c.total, endpointsOf(c)).toBeLessThanOrEqual(130);
  expect(c.byEndpoint.get('approvetimesheet')).toBe(10);
}, 120_000);

it('costs punch at most 50 requests for the usual day, with every `punch week` read from the service', async () => {
  const c = await punchDay('usual');
  expect(c.total, endpointsOf(c)).toBeLessThanOrEqual(50);
  // ten `punch week`, each read now, and seven `punch log` whose day was read before the rule
  expect(c.byEndpoint.get('gettimelogs') ?? 0).toBeGreaterThanOrEqual(17);
  // the settings are read once, not before every log
  expect(c.byEndpoint.get('gettimetrackersettings')).toBe(1);
}, 180_000);
