/**
 * The core says what happened as a code with values beside its English (docs/i18n.md "The core says what happened"):
 * the English `message` is the English catalog's words for that code, and each shell words the code in the user's
 * language with the values formatted by its region: a network failure naming what was being done, a refusal, the
 * timer's question with a moment in another zone, a damaged file's report, the outbox's recovery with Arabic plurals,
 * a reminder naming a weekday, an input refused at its field. Values are redacted like the English.
 * @inner src/core/service/http/network-failure.ts, src/core/service/wire/envelope.ts, src/core/timer/timer-words.ts
 * @inner src/core/week/reminders.ts, src/core/store/store-schema.ts, src/core/store/damage.ts
 * @inner src/core/preferences.ts, src/core/dispatch.ts
 */
import { describe, expect, it } from 'vitest';
import { createWording } from '../../src/shared/i18n/wording';
import { loadMessages } from '../../src/shared/i18n/catalogs';
import type { Language } from '../../src/shared/i18n/locales';
import { sayInEnglish } from '../../src/shared/i18n/english';
import { sayIt, type Said } from '../../src/shared/i18n/said';
import type { Wording } from '../../src/shared/i18n/messages';
import { errorSaid, NetworkError, ServiceError } from '../../src/core/service';
import { networkErrorFrom } from '../../src/core/service/http/network-failure';
import { readAnswer } from '../../src/core/service/wire/envelope';
import { longRunWords } from '../../src/core/timer/timer-words';
import { outboxFileWords } from '../../src/core/journal';
import { computeReminders } from '../../src/core/week/reminders';
import { inspectDocument } from '../../src/core/store/store-schema';
import { damageLine } from '../../src/core/store/damage';
import { PREFERENCES_SCHEMA } from '../../src/core/preferences';
import { toBridgeError } from '../../src/core/dispatch';
import { parseInput } from '../../src/shared/contract';
import { damageWords } from '../../src/shared/said-words';
import type { DamageReport } from '../../src/shared/domain';

const wordings = new Map<string, Wording>();
async function wording(language: Language, region: string): Promise<Wording> {
  const key = `${language}|${region}`;
  if (!wordings.has(key)) wordings.set(key, createWording(language, region, await loadMessages(language)));
  return wordings.get(key)!;
}

/** Connection refused by the service's own address, as undici reports it. */
const refused = () =>
  Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) });

describe('what the core says, as a code with values', () => {
  it('carries the English of the code beside it, so logs and older shells read the same words', () => {
    const e = networkErrorFrom(refused(), 'timetracker/addtimelog', 5000);
    const said = errorSaid(e)!;
    expect(said.code).toBe('core.service.service-down');
    expect(e.message).toBe(sayInEnglish(said));
    expect(e.message).toBe(
      'The service could not be reached while sending a new log: it is not answering; the network is fine. Nothing was sent.',
    );
  });

  it('words a network failure in German and Arabic, with what was being done said in that language', async () => {
    const said = errorSaid(networkErrorFrom(refused(), 'timetracker/addtimelog', 5000))!;
    expect(sayIt(await wording('de', 'de-DE'), said, 'English')).toBe(
      'Der Dienst war nicht erreichbar (Senden eines neuen Zeiteintrags): Er antwortet nicht; das Netzwerk funktioniert. Es wurde nichts gesendet.',
    );
    expect(sayIt(await wording('ar', 'ar-EG'), said, 'English')).toBe(
      'تعذّر الوصول إلى الخدمة أثناء إرسال سجل وقت جديد: إنها لا تستجيب؛ والشبكة تعمل. لم يُرسَل شيء.',
    );
  });

  it("words a refusal the service made by its code, and keeps the service's own words when it has no code Punchcard knows", async () => {
    const answer = (code: number, message: string) => ({
      status: 200,
      retryAfter: null,
      contentType: 'application/json',
      text: JSON.stringify({ response: { status: 1, errors: { code, message } } }),
    });
    const holiday = (() => {
      try {
        readAnswer(answer(8008, 'Holiday'), 'timetracker/addtimelog', true);
      } catch (e) {
        return e as ServiceError;
      }
    })()!;
    expect(holiday).toBeInstanceOf(ServiceError);
    // the service's own text stays in `said` (a fact, for logs); what Punchcard says of it is `says`
    expect(holiday.said).toBe('Holiday');
    const fr = await wording('fr', 'fr-FR');
    expect(sayIt(fr, errorSaid(holiday), holiday.message)).toBe(
      'Le service a refusé cela lors de l’envoi d’une nouvelle saisie : ce jour est pour vous un week-end, un jour férié de l’entreprise ou un jour de congé. Choisissez un autre jour.',
    );
    const unknown = (() => {
      try {
        readAnswer(answer(1234, 'Le champ projet est verrouillé'), 'timetracker/addtimelog', true);
      } catch (e) {
        return e as ServiceError;
      }
    })()!;
    // a foreign service answers in its own language: its words are a value, said as they came
    expect(sayIt(await wording('es', 'es-ES'), errorSaid(unknown), unknown.message)).toBe(
      'El servicio rechazó esto al enviar un registro nuevo: Le champ projet est verrouillé.',
    );
  });

  it("says a moment in the timer's zone with the region's clock, the zone named", async () => {
    const start = Date.UTC(2026, 10, 19, 1, 0); // 10:00 in Tokyo
    const end = start + 10 * 3_600_000;
    const words = longRunWords(
      { jobName: 'Support', startedAt: start, zone: 'Asia/Tokyo' },
      end,
      { reasons: ['day-maximum'] },
      {
        endOfDay: '18:00',
        maxMinutesPerDay: 480,
      },
    );
    expect(words.message).toContain('since 10:00 (Asia/Tokyo time) (10:00), longer than the company allows in a day (08:00)');
    const us = await wording('en', 'en-US');
    expect(sayIt(us, words, words.message)).toContain('since 10:00 AM (Asia/Tokyo time) (10:00)');
    const de = await wording('de', 'de-DE');
    expect(sayIt(de, words, words.message)).toContain(
      'seit 10:00 (Zeit in Asia/Tokyo) (10:00), länger, als die Firma an einem Tag erlaubt (08:00)',
    );
  });

  it('says the end of day on the same clock as the start: 6:00 PM beside 10:00 AM in a 12-hour region, 18:00 in a 24-hour one', async () => {
    const start = new Date(2026, 10, 18, 10, 0).getTime();
    const end = new Date(2026, 10, 18, 19, 0).getTime();
    const words = longRunWords(
      { jobName: 'Support', startedAt: start, zone: Intl.DateTimeFormat().resolvedOptions().timeZone },
      end,
      { reasons: ['end-of-day'] },
      { endOfDay: '18:00', maxMinutesPerDay: 600 },
    );
    const us = sayIt(await wording('en', 'en-US'), words, words.message);
    expect(us).toMatch(/since \d{1,2}:00 [AP]M/);
    expect(us).toContain('past your end of day (6:00 PM)');
    expect(sayIt(await wording('de', 'de-DE'), words, words.message)).toContain('(18:00)');
    expect(sayIt(await wording('ar', 'ar-EG'), words, words.message)).not.toContain('18:00');
    // the core's own English (logs, older shells) says it as it always did
    expect(words.message).toContain('past your end of day (18:00)');
    // a shell built on the bridge before the clock kind finds the value it knew: the string, beside the new key
    const reason = JSON.stringify(words);
    expect(reason).toContain('"endOfDay":"18:00"');
    expect(reason).toContain('"endOfDayClock":{"clock":"18:00"}');
  });

  it("says a damaged file's report in the user's language: what, why and what became of it", async () => {
    const inspection = inspectDocument('{"formatVersion":1,"preferences":{"theme":"purple"}}', PREFERENCES_SCHEMA);
    expect(inspection.kind).toBe('damaged');
    if (inspection.kind !== 'damaged') return;
    const report: DamageReport = {
      id: 'r1',
      what: 'the timer',
      file: '/data/timer.json',
      keptAs: '/data/damaged/timer.json-1',
      reason: inspection.reason.message,
      outcome: inspection.outcome.message,
      said: { what: { code: 'core.timer.file.what', values: {} }, reason: inspection.reason, outcome: inspection.outcome },
      recovered: 0,
      at: 1,
    };
    const de = damageWords(await wording('de', 'de-DE'), report);
    expect(de).toEqual({
      what: 'der Timer',
      reason: 'Teile davon sind nicht, was Punchcard dort schreibt',
      outcome:
        'Nichts konnte wiederhergestellt werden: Ihre Einstellungen sind wieder auf den Standardwerten (Rundung, Leerlaufzeit, Tastenkürzel, Design, Lieblingsaufträge); nicht lesbar: theme ist nicht system, light oder dark (es gilt der Standardwert)',
    });
    // an older report without codes is said in its English, as it was written
    expect(damageWords(await wording('de', 'de-DE'), { ...report, said: undefined }).what).toBe('the timer');
    expect(damageLine(report).message).toBe(
      `the timer (timer.json) could not be read: ${report.reason}. ${report.outcome}. The original is kept as /data/damaged/timer.json-1.`,
    );
  });

  it('counts in Arabic with its plural forms (two, few, many)', async () => {
    const ar = await wording('ar', 'ar-EG');
    const recovered = (entries: number) =>
      outboxFileWords.recovered({
        entries,
        logs: 0,
        states: { queued: entries, sending: 0, attention: 0, synced: 0 },
        lost: 0,
        checked: 0,
        offer: [],
      });
    expect(sayIt(ar, recovered(2), '')).toContain('عنصرين');
    expect(sayIt(ar, recovered(3), '')).toContain('عناصر');
    expect(sayIt(ar, recovered(11), '')).toContain('عنصرًا');
    expect(recovered(2).message).toBe('2 outbox entries recovered (2 queued) and 0 time logs');
  });

  it("names the due weekday in the user's language", async () => {
    const [due] = computeReminders({
      now: new Date(2026, 10, 19, 12).getTime(),
      settings: { enabled: true, maxHoursPerDay: 10, allowFutureDays: false, allowedPastDays: 30, submissionDueWeekday: 5 } as never,
      thisWeek: { weekStart: '2026-11-16', totalMinutes: 0 },
      lastWeekTotalMinutes: 0,
      needsAttention: 0,
    });
    expect(due.message).toBe('This week has no hours logged yet and is due Friday.');
    expect(sayIt(await wording('de', 'de-DE'), due.said, due.message)).toBe(
      'Diese Woche hat noch keine erfassten Stunden und ist am Freitag fällig.',
    );
    expect(sayIt(await wording('es', 'es-ES'), due.said, due.message)).toBe(
      'Esta semana aún no tiene horas registradas y vence el viernes.',
    );
  });

  it("says the week's hours as its Total shows them (50:30) in every language, and in words to a screen reader", async () => {
    const [due] = computeReminders({
      now: new Date(2026, 10, 28, 12).getTime(),
      settings: { enabled: true, maxHoursPerDay: 10, allowFutureDays: false, allowedPastDays: 30, submissionDueWeekday: 5 } as never,
      thisWeek: { weekStart: '2026-11-23', totalMinutes: 50 * 60 + 30 },
      lastWeekTotalMinutes: 0,
      needsAttention: 0,
    });
    expect(due.message).toBe('This week has 50:30 logged and was due Friday; submit it now.');
    for (const [language, region] of [
      ['en', 'en-US'],
      ['de', 'de-DE'],
      ['fr', 'fr-FR'],
      ['es', 'es-ES'],
      ['ar', 'ar-EG'],
    ] as const) {
      const w = await wording(language, region);
      const shown = sayIt(w, due.said, due.message);
      // the figure of the Total, never "50 hr, 30 min" beside it
      expect(shown, language).toContain('50:30');
      expect(shown, language).not.toContain(w.formats.durationWords(50 * 60 + 30));
      // a screen reader would read 50:30 as a time of day: it hears the hours in words
      expect(sayIt(w, due.said, due.message, { spoken: true }), language).toContain(w.formats.durationWords(50 * 60 + 30));
    }
  });

  it("refuses an input at its field, the field named in the user's language", async () => {
    let error: unknown;
    try {
      parseInput('logTime', { jobId: 'j1', workDate: '2026-02-30', hours: '90x' });
    } catch (e) {
      error = e;
    }
    const said = (error as { said?: Said }).said!;
    expect((error as Error).message).toBe(
      'Date: that day is not on the calendar. Pick a real date. Hours: use a duration like 1:30, 1h30 or 90m.',
    );
    expect(sayIt(await wording('de', 'de-DE'), said, '')).toBe(
      'Datum: diesen Tag gibt es im Kalender nicht. Wählen Sie ein gültiges Datum. Stunden: geben Sie eine Dauer wie 1:30, 1h30 oder 90m an.',
    );
  });

  it('says no plain English under the pseudo-locale, also in the phrases inside a message', async () => {
    const xa = await wording('en-XA', 'en-US');
    const said = errorSaid(networkErrorFrom(refused(), 'timetracker/gettimesheet', 5000))!;
    const text = sayIt(xa, said, 'English');
    expect(text).toMatch(/^\[/);
    // the phrase of what was being done is a message of its own: bracketed too
    expect(text.replace(/\[[^[\]]*\]/g, '').match(/[A-Za-z]{3,}/g)).toBeNull();
  });

  it('falls back to the English of the whole sentence when the catalog lacks a phrase inside it', async () => {
    const de = await wording('de', 'de-DE');
    const said: Said = { code: 'core.service.refused', values: { doing: { said: { code: 'core.no-such-phrase', values: {} } }, why: 'x' } };
    expect(sayIt(de, said, 'The English.')).toBe('The English.');
  });

  it('redacts a token the service echoed in a value, as in the English', () => {
    const token = 'secret-token-abcdefghijklmnop';
    const e = new ServiceError(
      {
        code: 'core.service.refused',
        values: { doing: 'x', why: `bad token ${token}` },
        message: `The service refused: bad token ${token}`,
      },
      1234,
      400,
      'timetracker/addtimelog',
    );
    const bridged = toBridgeError(e, [token]);
    expect(JSON.stringify(bridged)).not.toContain(token);
    expect(bridged.said).toEqual({ code: 'core.service.refused', values: { doing: 'x', why: 'bad token [redacted]' } });
  });

  it('keeps a network failure\'s cause as a phrase of its own, for sentences that quote it ("Not sent: {why}")', async () => {
    const e = new NetworkError('x', 'no', { kind: 'dns' });
    expect(e.inPlainWords).toBe("the service's name could not be found (DNS)");
    expect(sayIt(await wording('fr', 'fr-FR'), e.plain, '')).toBe('le nom du service est introuvable (DNS)');
  });
});
