/**
 * A refusal names the field of the log it concerns (OutboxEntry.field), so the outbox's Fix form opens on it: from the
 * service's refusal code (real-service-notes: 8002 over the daily maximum -> the hours, 8008 a holiday -> the date,
 * 8001 an unknown job -> the job) and from a company rule broken by an entry logged before the rules were known. The
 * call that logs a log the service refuses says so ("needs-attention"), never "queued".
 * @inner src/core/service/words.ts
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/core/service';
import { refusalField } from '../../src/core/service/words';
import { addDays } from '../../src/shared/time/week';
import { someJob, startHarness, type Harness } from '../fixtures/logging-harness';
import { freshWeekDay } from '../fixtures/fault-matrix';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** A weekday seven weeks back: nothing seeded there (test/fixtures/fault-matrix.ts), within the 60 days allowed. */
const emptyDay = (harness: Harness) => freshWeekDay(harness.sandbox.state(), harness.today);

const refused = async (harness: Harness) => (await harness.logging.handlers.getOutbox({})).filter((e) => e.state === 'needs-attention');

describe('the field of a refusal', () => {
  it('is the hours when the service refuses a day over its maximum, and the call says needs-attention, not queued', async () => {
    // a service that does not list the user's logs: 09:00 logged elsewhere (its web page) is in no timesheet, so this
    // app cannot see it and its rules let 02:00 more through (where the list exists, they refuse it: week-truth.test.ts)
    h = await startHarness({ sandboxOptions: { timeLogList: false } });
    const job = await someJob(h.client, h.sandbox.demoUser);
    const day = emptyDay(h);
    await h.client.addTimeLog({ user: h.sandbox.demoUser, ...job, workDate: day, hours: '09:00', description: 'elsewhere' });

    const r = await h.logging.handlers.logTime({ ...job, workDate: day, hours: '02:00', billable: true, description: 'over the top' });

    expect(r.state).toBe('needs-attention');
    expect(r.log.sync).toBe('needs-attention');
    const [entry] = await refused(h);
    expect(entry).toMatchObject({ kind: 'add', field: 'hours', resolutions: ['fix', 'retry', 'discard'] });
    expect(entry.message).toBe(
      "The service refused this while sending a new log: that would go over your company's maximum hours for the day. Log fewer hours, or pick another day.",
    );
  });

  it('is the date when the service refuses a company holiday (logged offline: no rule here knows holidays)', async () => {
    h = await startHarness();
    const job = await someJob(h.client, h.sandbox.demoUser);
    const holiday = h.sandbox
      .state()
      .holidays.map((d) => d.date)
      .find((d) => d < h!.today && d >= addDays(h!.today, -60))!;
    await h.logging.handlers.getCompanySettings({ refresh: true });
    await h.sandbox.setOffline(true);

    const r = await h.logging.handlers.logTime({ ...job, workDate: holiday, hours: '01:00', billable: true, description: 'on a holiday' });
    expect(r.state).toBe('queued');
    await h.sandbox.setOffline(false);
    await h.logging.handlers.syncNow({});

    const [entry] = await refused(h);
    expect(entry).toMatchObject({ workDate: holiday, field: 'workDate' });
    expect(entry.message).toMatch(/that day is a weekend, a company holiday or a day of leave for you\. Pick another day\.$/);

    // fixed to another day, it goes, and the field goes with the refusal
    const fixedDay = addDays(h.today, -1);
    await h.logging.handlers.fixEntry({ id: entry.id, workDate: fixedDay });
    await expect
      .poll(async () => (await h!.logging.handlers.getOutbox({})).find((e) => e.id === entry.id))
      .toMatchObject({ state: 'synced' });
    expect((await h.logging.handlers.getOutbox({})).find((e) => e.id === entry.id)?.field).toBeUndefined();
    expect(
      h
        .serviceLogs()
        .filter((l) => l.description === 'on a holiday')
        .map((l) => l.workDate),
    ).toEqual([fixedDay]);
  });

  it('is the job when an entry logged before the rules were known breaks the job rule once they are read', async () => {
    h = await startHarness();
    await h.sandbox.setOffline(true);
    // nothing read yet (no settings, no job list): queued unchecked, checked before it is sent
    const r = await h.logging.handlers.logTime({ jobName: 'No Such Job', workDate: h.today, hours: '01:00', billable: true });
    expect(r).toMatchObject({ state: 'queued', unchecked: true });
    await h.sandbox.setOffline(false);
    await h.logging.handlers.syncNow({});

    const [entry] = await refused(h);
    expect(entry.field).toBe('job');
    expect(entry.message).toMatch(
      /^Not sent: your company's rules could not be checked when this time was logged, and it breaks them\. Job: there is no job named "No Such Job"/,
    );
  });

  it('comes from the refusal code, or from the parameter a bad-value refusal names', () => {
    const table: Array<[number | undefined, string, string | undefined]> = [
      [8000, 'Missing job: give jobId or jobName.', 'job'],
      [8001, 'Unknown job', 'job'],
      [8002, 'Too many hours', 'hours'],
      [8003, 'future', 'workDate'],
      [8004, 'too old', 'workDate'],
      [8005, 'locked', 'workDate'],
      [8008, 'holiday', 'workDate'],
      [9004, 'Invalid date format for workDate', 'workDate'],
      [9009, 'Pay period already processed', 'workDate'],
      [9003, 'Invalid value for hours: use HH:MM', 'hours'],
      [9002, 'Missing parameter: workDate is required.', 'workDate'],
      [9003, 'Invalid value for billingStatus', undefined],
      [7049, 'No such record', undefined],
      [9999, 'Something about the description field', undefined],
    ];
    for (const [code, said, field] of table) expect(refusalField(code, said), `${code} ${said}`).toBe(field);
  });

  it("rides on the service error, which keeps the code and the service's own words for logs", async () => {
    h = await startHarness();
    const job = await someJob(h.client, h.sandbox.demoUser);
    const holiday = h.sandbox.state().holidays[0].date;
    const err = await h.client.addTimeLog({ user: h.sandbox.demoUser, ...job, workDate: holiday, hours: '01:00' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect(err).toMatchObject({
      code: 8008,
      field: 'workDate',
      endpoint: 'timetracker/addtimelog',
      said: expect.stringContaining('company holiday'),
    });
    expect((err as Error).message).not.toMatch(/8008|addtimelog|\d{4}-\d\d-\d\d/);
  });
});
