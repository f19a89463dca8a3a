/**
 * The company's rules say what happened as a code with values (src/core/rules/words.ts): each shell words it
 * in the user's language and region; the English beside it is the English catalog's; a shell whose catalog lacks the
 * code shows that English.
 */
import { describe, expect, it } from 'vitest';
import { checkLog, type RuleContext } from '../../src/core/rules';
import type { TrackerSettings } from '../../src/shared/domain';
import { loadMessages } from '../../src/shared/i18n/catalogs';
import { sayInEnglish } from '../../src/shared/i18n/english';
import { sayIt } from '../../src/shared/i18n/said';
import { createWording } from '../../src/shared/i18n/wording';

const settings: TrackerSettings = {
  logType: 'hours',
  maxMinutesPerDay: 600,
  allowFutureDates: false,
  pastDaysAllowed: 30,
  submissionDueWeekday: 5,
  enabled: true,
};
const ctx: RuleContext = {
  settings,
  today: '2026-11-20',
  jobs: [],
  jobsKnown: false,
  dayTotalMinutes: () => 510,
  isLocked: (d) => d >= '2026-11-09' && d <= '2026-11-15',
  lockState: () => 'pending',
};
const one = (hours: string, workDate: string, localId?: string) => {
  const v = checkLog({ workDate, hours, jobName: 'Atlas', ...(localId ? { localId } : {}) }, ctx);
  expect(v).toHaveLength(1);
  return v[0];
};

describe('a rule’s refusal as a code with values', () => {
  it('carries facts, never words: the day, the durations, the state', () => {
    expect(one('03:00', '2026-11-19').said).toEqual({
      code: 'rules.over-daily-max',
      values: { day: { day: '2026-11-19' }, total: '11:30', max: '10:00', room: '01:30' },
    });
    expect(one('01:00', '2026-11-12').said).toMatchObject({
      code: 'rules.locked',
      values: { week: { week: '2026-11-09' }, state: 'pending', hasOpenDay: 'yes', openDay: { day: '2026-11-20' } },
    });
  });

  it('has the English catalog’s words as its message', () => {
    for (const v of [one('03:00', '2026-11-19'), one('03:00', '2026-11-19', 'l-1'), one('01:00', '2026-11-25'), one('01:00', '2026-11-12')])
      expect(v.message).toBe(sayInEnglish(v.said!));
    expect(one('03:00', '2026-11-19').message).toBe(
      "Hours: Thu 19 Nov would have 11:30, over your company's maximum of 10:00 a day. Log at most 01:30 more that day.",
    );
  });

  it('is worded by the user’s language and region', async () => {
    const v = one('03:00', '2026-11-19');
    const de = createWording('de', 'de-DE', await loadMessages('de'));
    const fr = createWording('fr', 'fr-FR', await loadMessages('fr'));
    expect(sayIt(de, v.said, v.message)).toBe(
      'Stunden: Do., 19. Nov. hätte 11:30, mehr als das Tageshöchstmaß Ihrer Firma von 10:00. Erfassen Sie an diesem Tag höchstens noch 01:30.',
    );
    expect(sayIt(fr, v.said, v.message)).toMatch(/^Heures : le jeu\. 19 nov\. compterait 11:30/);
    const locked = one('01:00', '2026-11-12');
    expect(sayIt(de, locked.said, locked.message)).toMatch(
      /^Datum: Die Woche vom 9\.–15\. Nov\. 2026 ist eingereicht und wartet auf Genehmigung/,
    );
  });

  it('falls back to the English where the catalog has no such code (an older shell, a newer core)', async () => {
    const de = createWording('de', 'de-DE', await loadMessages('de'));
    expect(sayIt(de, { code: 'rules.from-the-future', values: {} }, 'Hours: something new.')).toBe('Hours: something new.');
    expect(sayIt(de, undefined, 'Not converted yet.')).toBe('Not converted yet.');
  });
});
