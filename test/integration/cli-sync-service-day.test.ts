/**
 * `punch sync` when all that remains waits for the service's day to begin (the service in another time zone, its
 * calendar still on the day before): the service answered, so the hint says they go by themselves once its day
 * begins, never "run punch sync again when the service is reachable" under a line saying it is. Real punch against
 * the sandbox, its calendar a day behind the user's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/shared/time/week';
import { startCliWorld, type CliWorld } from '../fixtures/cli-harness';
import { TEST_TODAY } from '../fixtures/test-clock';

let w: CliWorld;

beforeAll(async () => {
  w = await startCliWorld();
  const job = w.sandbox.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(w.sandbox.demoUser))!;
  w.sandbox.configure({ today: addDays(TEST_TODAY, -1) });
  const r = await w.punch(['log', '--job', job.jobId, '--date', TEST_TODAY, '--hours', '1:00', '--description', 'Ahead of the service']);
  expect(r.code, r.stderr).toBe(0);
}, 60_000);

afterAll(async () => {
  await w?.close();
});

describe("punch sync with entries waiting for the service's day", () => {
  it('says they go by themselves when its day begins, not to run sync when the service is reachable', async () => {
    const r = await w.punch(['sync']);
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(/the service is reachable\./);
    const said = r.stderr.replace(/\s+/g, ' ');
    expect(said).toMatch(/Waiting for the service's day to begin/);
    expect(said).not.toMatch(/when the service is reachable/);
    expect(said).toContain(
      "They go by themselves just after the service's day begins: Punchcard tries again every quarter of an hour, and `punch sync` sends them then too.",
    );
  }, 60_000);

  it("status and outbox say the same: waiting for the service's day, nothing about the service being unreachable", async () => {
    const [status, outbox] = await Promise.all([w.punch(['status']), w.punch(['outbox'])]);
    for (const r of [status, outbox]) {
      const said = `${r.stdout}\n${r.stderr}`.replace(/\s+/g, ' ');
      expect(said).not.toMatch(/reachable|could not be reached/i);
      expect(said).toMatch(/service's day to begin/);
    }
    expect(status.stdout.replace(/\s+/g, ' ')).toContain("1 log waits for the service's day to begin");
  }, 60_000);

  it('says so in German too', async () => {
    const r = await w.punch(['sync', '--lang', 'de']);
    expect(r.code).toBe(3);
    const said = r.stderr.replace(/\s+/g, ' ');
    expect(said).not.toMatch(/wenn der Dienst erreichbar ist/);
    expect(said).toContain('kurz nachdem der Tag des Dienstes beginnt');
  }, 60_000);
});
