/**
 * The payroll report's words that both shells say (src/shared/team/payroll-words.ts): punch's table and the app's
 * say the row of totals and a row naming nobody alike, in every language (German said "Gesamt" in punch and
 * "Summe" in the app).
 */
import { describe, expect, it } from 'vitest';
import { describePayroll } from '../../src/cli/commands/team/payroll';
import { PAYROLL_WORDS } from '../../src/renderer/src/payroll/words';
import { loadMessages } from '../../src/shared/i18n/catalogs';
import type { Language } from '../../src/shared/i18n/locales';
import { createWording } from '../../src/shared/i18n/wording';

const rows = [
  { regularHour: '160:00', OtHours: '04:30', paidLeaveHours: '08:00', totalAmount: '2200', extra: {} },
  { regularHour: '80:00', OtHours: '00:00', paidLeaveHours: '00:00', totalAmount: '1000', extra: {}, employeeName: 'Ann' },
];

describe.each(['en', 'de', 'fr', 'es', 'ar'] as Language[])('in %s', (language) => {
  it('punch and the app say the total row and a row naming nobody with the same words', async () => {
    const w = createWording(language, 'en-GB', await loadMessages(language));
    const table = describePayroll(rows, '2026-11-01', '2026-11-30', w);
    const lines = table.split('\n');
    expect(
      lines.some((l) => l.startsWith(w.say(PAYROLL_WORDS.total))),
      table,
    ).toBe(true);
    expect(table).toContain(w.say(PAYROLL_WORDS.notNamed));
  });
});
