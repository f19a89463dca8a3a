/**
 * A change made here to a week the user saw rejected a moment before, refused on sync because meanwhile the week was
 * resubmitted on the phone and approved by the manager: the refusal is the first sign that the week moved on, so the week is read
 * again before it is shown. The Week tab then says "approved" (what the service holds), not "rejected: fix this log,
 * then resubmit" from the copy read a moment before. Through the real core and a real sandbox, on the test's clock.
 */
import { afterEach, expect, it } from 'vitest';
import { startCoreOverSandbox, type CoreOverSandbox } from '../fixtures/core-over-sandbox';
import { localTime, TEST_TODAY } from '../fixtures/test-clock';

let world: CoreOverSandbox | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

it('reads a week again after the service refused a change to it, so it shows approved, not the rejected copy', async () => {
  let t = localTime(TEST_TODAY, 10);
  world = await startCoreOverSandbox({ today: TEST_TODAY, dirPrefix: 'punch-refusal-week-', now: () => t });
  const { sb, core } = world;
  const h = core.handlers;
  const sheet = sb.state().timesheets.find((s) => s.user === sb.demoUser && s.status === 'rejected')!;
  const week = await h.getWeek({ date: sheet.fromDate, look: 'now' });
  expect(week.timesheet?.status).toBe('rejected');
  const log = week.logs.find((l) => l.timeLogId)!;

  // on the phone: resubmitted, and the manager approves it; this device has not looked since
  const resubmit = await fetch(`${sb.url}/api/timetracker/modifytimesheet`, {
    method: 'POST',
    headers: { authorization: `Zoho-oauthtoken ${sb.demoToken}` },
    body: new URLSearchParams({ timesheetId: sheet.timesheetId, sendforApproval: 'true' }),
  });
  expect(resubmit.ok).toBe(true);
  sb.decide(sheet.timesheetId, 'approved');
  // a few seconds later the user fixes a log of the week as it was shown: the copy is young enough for the rule
  // (15 s) and for a look (a minute), so only the service can tell, and it refuses
  t += 5_000;
  const edit = await h.editLog({ localId: log.localId, hours: '01:00' });
  expect(edit.state).toBe('needs-attention');
  const after = await h.getWeek({ date: sheet.fromDate, look: 'look' });
  expect(after.timesheet?.status).toBe('approved');
  expect(after.locked).toBe(true);
  expect(after.fresh).toBe(true);
  // and the service kept the log as it was
  expect(sb.state().timeLogs.find((l) => l.timeLogId === log.timeLogId)?.minutes).not.toBe(60);
});
