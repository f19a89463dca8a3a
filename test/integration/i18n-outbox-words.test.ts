/**
 * The outbox keeps what the core said as a code with values beside its English (docs/i18n.md): a refusal by the real
 * sandbox over HTTP is worded in the user's language from the entry, its attempt and its log, the notice of the
 * refusal too, and the code survives the journal (a new process on the same data directory words it the same way).
 * A submit refused for that entry names it in the user's language.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, weekStartOf } from '../../src/shared/time/week';
import { createWording } from '../../src/shared/i18n/wording';
import { loadMessages } from '../../src/shared/i18n/catalogs';
import { sayIt, type Said } from '../../src/shared/i18n/said';
import { attemptMessage, blockerTexts, entryMessage, logMessage } from '../../src/shared/said-words';
import { someJob, startHarness, type Harness } from '../fixtures/logging-harness';

let h: Harness | undefined;
let again: Harness | undefined;
afterEach(async () => {
  await again?.close();
  await h?.close();
  h = again = undefined;
});

describe("an entry the service refused, in the user's language", () => {
  it('is worded from its code in German, in its attempt, its log, its notice and a submit, also after a restart', async () => {
    h = await startHarness();
    const de = createWording('de', 'de-DE', await loadMessages('de'));
    const job = await someJob(h.client, h.sandbox.demoUser);
    const state = h.sandbox.state();
    // a company holiday in a week still open (no timesheet of the user's submitted or approved over it)
    const locked = (d: string) =>
      state.timesheets.some(
        (t) => t.user === h!.sandbox.demoUser && t.status !== 'draft' && t.status !== 'rejected' && t.fromDate <= d && d <= t.toDate,
      );
    const holiday = state.holidays.map((d) => d.date).find((d) => d < h!.today && d >= addDays(h!.today, -60) && !locked(d))!;
    expect(holiday).toBeDefined();
    await h.logging.handlers.getCompanySettings({ refresh: true });

    const r = await h.logging.handlers.logTime({ ...job, workDate: holiday, hours: '01:00', billable: true, description: 'on a holiday' });
    expect(r.state).toBe('needs-attention');
    const german =
      'Der Dienst hat dies abgelehnt (Senden eines neuen Zeiteintrags): dieser Tag ist für Sie ein Wochenende, ein Firmenfeiertag oder ein Urlaubstag. Wählen Sie einen anderen Tag.';
    expect(logMessage(de, r.log)).toBe(german);

    const [entry] = (await h.logging.handlers.getOutbox({})).filter((e) => e.state === 'needs-attention');
    expect(entry.message).toBe(
      'The service refused this while sending a new log: that day is a weekend, a company holiday or a day of leave for you. Pick another day.',
    );
    expect(entryMessage(de, entry)).toBe(german);
    expect(attemptMessage(de, entry.attempts.at(-1)!)).toBe(german);

    // the notice names the entry by its log: hours, job and the day in the region's format
    const notices = h.events.filter((e) => e.event === 'notice').map((e) => e.payload as { message: string; said?: Said });
    const refusedNotice = notices.find((n) => n.said?.code === 'core.outbox.refused-notice');
    expect(refusedNotice).toBeDefined();
    expect(sayIt(de, refusedNotice!.said, refusedNotice!.message)).toMatch(
      new RegExp(`^01:00 für ${job.jobName}, ${de.formats.day(holiday).replace(/\./g, '\\.')}: Der Dienst hat dies abgelehnt`),
    );

    // the week cannot be submitted for it: the blocker names the entry in German
    const preview = await h.logging.handlers.previewSubmit({ weekStart: weekStartOf(holiday) });
    expect(blockerTexts(de, preview).join(' ')).toContain('Eintrag dieser Woche braucht Prüfung im Postausgang');

    // a new process on the same data directory reads the code from the journal
    await h.logging.close();
    again = await startHarness({ sandbox: h.sandbox, dataDir: h.dataDir });
    const [kept] = (await again.logging.handlers.getOutbox({})).filter((e) => e.state === 'needs-attention');
    expect(entryMessage(de, kept)).toBe(german);
    h = { ...h, close: async () => h!.sandbox.close() };
  });
});
