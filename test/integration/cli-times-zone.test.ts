/**
 * punch says a time of day in the zone the user counts their days in (`punch config --time-zone`), with the zone's
 * name when it is not this computer's: `punch status`'s last sync and `punch timer`'s start, with the user's days in a
 * zone a day away from the computer's (Kiritimati, UTC+14, and Pago Pago, UTC-11: never the same day). Before, the
 * computer's clock put "Sat 28 Nov 19:47" beside a today that is Sunday 29 where the user's days are. Real punch
 * against the sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockIn, dayIn, systemZone } from '../../src/shared/time/zone';
import { startCliWorld, type CliWorld } from '../fixtures/cli-harness';

/** A zone whose day is never the computer's (the tests run with TZ at one end of the world or the other). */
const FAR = systemZone() === 'Pacific/Pago_Pago' ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
/** A British terminal: a 24-hour clock and "Sat 28 Nov", whatever the machine's own locale. */
const GB = { env: { LC_ALL: 'en_GB.UTF-8' } };

/** The moment as a British terminal writes it in `zone`: "Sat 28 Nov 09:15". */
const said = (at: number, zone: string) =>
  `${new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: zone }).format(at)} ${clockIn(zone, at)}`;

let w: CliWorld;

beforeAll(async () => {
  w = await startCliWorld();
  expect((await w.punch(['config', '--time-zone', FAR])).code).toBe(0);
  const job = w.sandbox.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(w.sandbox.demoUser))!;
  const r = await w.punch(['log', '--job', job.jobId, '--date', 'today', '--hours', '0:15']);
  expect(r.code, r.stderr).toBe(0);
}, 60_000);

afterAll(async () => {
  await w?.close();
});

describe('times of day in the zone the user counts their days in', () => {
  it("status says the last sync in that zone, named, not in the computer's", async () => {
    const json = await w.punchJson<{ lastSyncAt: number }>(['status'], GB);
    const at = json.value.lastSyncAt;
    expect(typeof at).toBe('number');
    expect(dayIn(FAR, at)).not.toBe(dayIn(systemZone(), at));
    const r = await w.punch(['status'], GB);
    const line = r.stdout.split('\n').find((l) => l.startsWith('Last sync:'))!;
    expect(line.replace(/^Last sync:\s+/, '')).toBe(`${said(at, FAR)} (${FAR} time)`);
    expect(line).not.toContain(said(at, systemZone()));
  }, 60_000);

  it("the timer's start too, in every language (the zone's name kept as it is)", async () => {
    const job = w.sandbox.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(w.sandbox.demoUser))!;
    const started = await w.punchJson<{ startedAt: number }>(['timer', 'start', '--job', job.jobId], GB);
    expect(started.code, started.stderr).toBe(0);
    const at = started.value.startedAt;
    const r = await w.punch(['timer', 'status'], GB);
    expect(r.stdout).toContain(`${said(at, FAR)} (${FAR} time)`);
    const de = await w.punch(['timer', 'status', '--lang', 'de'], GB);
    expect(de.stdout).toContain(FAR);
    expect(de.stdout).toContain(clockIn(FAR, at));
    expect(de.stdout).not.toContain(clockIn(systemZone(), at));
    expect((await w.punch(['timer', 'discard'])).code).toBe(0);
  }, 60_000);
});
