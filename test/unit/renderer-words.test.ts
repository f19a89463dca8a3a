/**
 * The employee's day in the user's language (issue 26, area R1): a store keeps words as a message and facts
 * (src/renderer/src/i18n/words.ts), so the line after a log, a stop or a sync is said in the language and region of the
 * moment; plurals follow each language's forms (Arabic's six); days come from the region; HH:MM stays as it is.
 */
import { describe, expect, it } from 'vitest';
import type { StopResult } from '../../src/shared/contract';
import type { TimerView } from '../../src/shared/domain';
import { loadMessages } from '../../src/shared/i18n/catalogs';
import { englishWording } from '../../src/shared/i18n/english';
import type { Language } from '../../src/shared/i18n/locales';
import { createWording } from '../../src/shared/i18n/wording';
import { sayWords } from '../../src/renderer/src/i18n/words';
import { createAppStore } from '../../src/renderer/src/store';
import { describeSync } from '../../src/renderer/src/store/outbox-groups';
import { describeStop, sayStop } from '../../src/renderer/src/store/slices/timer';
import { dayHeading, ruleWords, showMoment } from '../../src/renderer/src/format';
import { fakeApi, noonOf } from './renderer-fake-api';
import { atIn, systemZone, userZone } from '../../src/shared/time/zone';

const wording = async (language: Language, region: string) => createWording(language, region, await loadMessages(language));
const rule = { mode: 'up', stepMinutes: 15 } as const;
const idle: TimerView = { running: false, billable: true, elapsedMs: 0, rawHhmm: '00:00', roundedHhmm: '00:00', rule };
const log = (workDate: string, hours: string) => ({
  localId: `l-${workDate}`,
  workDate,
  hours,
  jobName: 'Website',
  billingStatus: 'Billable' as const,
  sync: 'synced' as const,
  source: 'local' as const,
});

describe('what the stores keep is said in the language of the moment', () => {
  it('says the line after a log in English, then in German with German days, from the same kept words', async () => {
    const f = fakeApi({ logTime: async () => ({ state: 'queued', log: log('2026-11-18', '01:30') }) });
    const store = createAppStore({ api: f.api, now: () => noonOf('2026-11-18') });
    expect(await store.getState().logForm.log({ jobName: 'Website', workDate: '2026-11-18', hours: '01:30' })).toBe(true);
    const kept = store.getState().logForm.outcome!.message;
    expect(sayWords(englishWording(), kept)).toBe('Logged 01:30 on Website, Wed 18 Nov.');
    expect(sayWords(await wording('de', 'de-DE'), kept)).toBe('01:30 für Website am Mi., 18. Nov. erfasst.');
    // the region decides the day's form, the language its words
    expect(sayWords(await wording('en', 'en-US'), kept)).toBe('Logged 01:30 on Website, Wed, Nov 18.');
  });

  it('says a stop over midnight with each day, and how long the timer ran, in French and in Arabic', async () => {
    const r: StopResult = {
      timer: idle,
      rawHhmm: '01:37',
      roundedHhmm: '01:45',
      logged: [
        { state: 'synced', log: log('2026-11-18', '01:15') },
        { state: 'synced', log: log('2026-11-19', '00:30') },
      ],
    };
    // (Intl puts narrow no-break spaces inside "1 h": read here as spaces)
    expect(sayStop(await wording('fr', 'fr-FR'), describeStop(r)).replace(/\s/g, ' ')).toBe(
      '01:15 saisies sur Website, le mer. 18 nov., et 00:30 le jeu. 19 nov. (le minuteur a tourné 1 h et 37 min). Synchronisé.',
    );
    const ar = sayStop(await wording('ar', 'ar-EG'), describeStop(r));
    // HH:MM as the service writes it; the day in the region's digits and names
    expect(ar).toContain('سُجّل 01:15 على Website يوم الأربعاء، ١٨ نوفمبر');
    expect(ar).toContain('تمت المزامنة.');
  });

  it('counts what needs attention after a sync with each language’s plural forms', async () => {
    const ar = await wording('ar', 'ar-EG');
    const say = (n: number) => sayWords(ar, describeSync({ sent: 1, remaining: 0, needsAttention: n, online: true }));
    expect(say(1)).toContain('عنصر واحد يحتاج إلى مراجعة.');
    expect(say(2)).toContain('عنصران يحتاجان إلى مراجعة.');
    expect(say(3)).toContain('٣ عناصر تحتاج إلى مراجعة.');
    expect(say(11)).toContain('١١ عنصرًا يحتاج إلى مراجعة.');
    expect(sayWords(await wording('es', 'es-ES'), describeSync({ sent: 2, remaining: 1, needsAttention: 2, online: true }))).toBe(
      'Enviados: 2. 1 en espera. 2 requieren atención.',
    );
    // found on the service already, not sent now: said apart, in the language's plural forms
    const found = (n: number) => sayWords(ar, describeSync({ sent: 0, alreadyThere: n, remaining: 0, needsAttention: 0, online: true }));
    expect(found(2)).toContain('كان عنصران موجودين في الخدمة مسبقًا.');
    expect(
      sayWords(await wording('de', 'de-DE'), describeSync({ sent: 1, alreadyThere: 1, remaining: 0, needsAttention: 0, online: true })),
    ).toBe('Gesendet: 1. 1 war bereits beim Dienst. Alles hat den Dienst erreicht.');
  });
});

describe('the sentence after Sync now with entries held for an answer', () => {
  it('says entries held for the answer to a torn delete apart, never as waiting to sync', () => {
    const en = englishWording();
    expect(sayWords(en, describeSync({ sent: 1, remaining: 3, needsAttention: 0, online: true, heldForAnswer: 1 }))).toBe(
      'Sent 1. 2 waiting. 1 is not sent until you answer about a delete that was not saved (Delete it or Keep it, above).',
    );
    // offline with only held entries: "they will sync when it is back" would be untrue of them
    expect(sayWords(en, describeSync({ sent: 0, remaining: 2, needsAttention: 0, online: false, heldForAnswer: 2 }))).toBe(
      'The service is not reachable. 2 are not sent until you answer about a delete that was not saved (Delete it or Keep it, above).',
    );
  });
});

describe('the formats of the employee’s day', () => {
  it('heads a grid column with the weekday and the day of the month in the language’s words and the region’s digits', async () => {
    expect(dayHeading(await wording('de', 'de-DE'), '2026-11-16')).toEqual({ weekday: 'Mo', day: '16' });
    expect(dayHeading(await wording('ar', 'ar-EG'), '2026-11-16')).toEqual({ weekday: 'الاثنين', day: '١٦' });
  });

  it('says a moment by its clock time today, with its day on another day, on the region’s clock', async () => {
    const us = await wording('en', 'en-US');
    const at = new Date(2026, 10, 18, 15, 5).getTime();
    const here = systemZone();
    expect(showMoment(us, at, here, new Date(2026, 10, 18, 20, 0).getTime())).toBe('3:05 PM');
    expect(showMoment(us, at, here, new Date(2026, 10, 19, 9, 0).getTime())).toBe('Wed, Nov 18 3:05 PM');
    expect(showMoment(await wording('de', 'de-DE'), at, here, at)).toBe('15:05');
  });

  // The computer in a far zone (the run's TZ: UTC+14 or UTC-11), the user's days counted in Dubai: a timer started at
  // 23:55 Dubai time, read 15 minutes later (past Dubai's midnight, the same day on the computer's clock)
  it("says a moment on the user's zone's clock and day, naming the zone when it is not the computer's", async () => {
    const zone = userZone('Asia/Dubai');
    expect(zone).toBe('Asia/Dubai');
    const started = atIn('Asia/Dubai', '2026-11-28', 23, 55);
    const now = started + 15 * 60_000;
    const us = await wording('en', 'en-US');
    expect(showMoment(us, started, zone, now)).toBe('Sat, Nov 28 11:55 PM (Asia/Dubai time)');
    expect(showMoment(us, started, zone, started + 60_000)).toBe('11:55 PM (Asia/Dubai time)');
    expect(showMoment(await wording('de', 'de-DE'), started, zone, now)).toMatch(/^Sa\.?, 28\. Nov\.? 23:55 \(/);
    // "system" (or a zone this runtime does not know): the computer's own, unnamed
    expect(userZone('system')).toBe(systemZone());
    expect(showMoment(us, started, userZone('system'), started)).not.toContain('(');
  });

  it('says the rounding rule as Settings does', async () => {
    expect(ruleWords(englishWording(), rule)).toBe('up to 15 minutes');
    expect(ruleWords(await wording('de', 'de-DE'), rule)).toBe('aufgerundet auf 15 Minuten');
  });
});
