/**
 * An operation given a signal by its front end (`dispatch(name, input, { signal })`, as `punch` does for Ctrl+C) passes
 * it down explicitly to every request it makes: once stopped, a submit, a decision or a batch of decisions sends
 * nothing, and says plainly that it was stopped, not that the network failed. The real core over the sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecisionOutcome } from '../../src/shared/domain';
import { startCoreOverSandbox, type CoreOverSandbox } from '../fixtures/core-over-sandbox';
import { TEST_TODAY } from '../fixtures/test-clock';
import { weekStartOf } from '../../src/shared/time/week';

let w: CoreOverSandbox;
beforeAll(async () => {
  w = await startCoreOverSandbox({ today: TEST_TODAY, dirPrefix: 'punch-signal-' });
});
afterAll(async () => {
  await w?.close();
});

const stopped = () => {
  const c = new AbortController();
  c.abort();
  return { signal: c.signal };
};
const posts = () => w.sb.requests().filter((r) => r.method === 'POST').length;
const teamPending = () =>
  w.sb.state().timesheets.filter((t) => t.status === 'pending' && t.user !== w.sb.demoUser && t.approvalLevels === 1);

describe('an operation stopped by its caller', () => {
  it('submits nothing and says the week was not submitted because it was stopped', async () => {
    const before = posts();
    const r = await w.core.dispatch('submitWeek', { weekStart: weekStartOf(TEST_TODAY) }, stopped());
    expect(r).toMatchObject({
      ok: false,
      error: { name: 'NetworkError', message: 'The week was not submitted: it was stopped before anything was sent. Nothing changed.' },
    });
    expect(posts()).toBe(before);
  });

  it('decides nothing: one decision, and each of a batch, says it was stopped before it was sent', async () => {
    const [one, two] = teamPending();
    expect(two).toBeDefined();
    const before = posts();
    const single = await w.core.dispatch('decideTimesheet', { id: one.timesheetId, decision: 'approved' }, stopped());
    expect(single).toMatchObject({ ok: false, error: { name: 'NetworkError' } });
    expect((single as { error: { message: string } }).error.message).toMatch(/it was cancelled\. Nothing was sent\.$/);
    const batch = await w.core.dispatch('decideTimesheets', { ids: [one.timesheetId, two.timesheetId], decision: 'approved' }, stopped());
    expect(batch.ok).toBe(true);
    const outcomes = (batch as { value: DecisionOutcome[] }).value;
    expect(outcomes.map((o) => (o.ok ? 'decided' : o.reason))).toEqual([
      'Not sent: stopped before it was sent.',
      'Not sent: stopped before it was sent.',
    ]);
    expect(posts()).toBe(before);
    expect(w.sb.state().timesheets.find((t) => t.timesheetId === one.timesheetId)!.status).toBe('pending');
  });

  it('still decides when the signal was not used', async () => {
    const [one] = teamPending();
    const ok = await w.core.dispatch(
      'decideTimesheet',
      { id: one.timesheetId, decision: 'approved' },
      { signal: new AbortController().signal },
    );
    expect(ok).toMatchObject({ ok: true, value: { recordId: one.timesheetId, status: 'approved' } });
  });
});
