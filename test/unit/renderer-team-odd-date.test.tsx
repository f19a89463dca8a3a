/**
 * The manager's review of one timesheet with a log whose day the service wrote in a form that cannot be read
 * ("31-Foo-2026": real services send odd things): the row shows the date as it came, with a plain note, and is drawn;
 * formatted as a day it threw and the screen was lost. The same for the timesheet's period. Rendered to HTML with the
 * English catalog, as the window draws it.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TimeLog } from '../../src/shared/domain';
import en from '../../src/shared/i18n/compiled/en.json';
import type { CompiledMessages } from '../../src/shared/i18n/messages';
import { createWording } from '../../src/shared/i18n/wording';
import { ReviewLogRow } from '../../src/renderer/src/components/team/ReviewLogRow';
import { I18n } from '../../src/renderer/src/i18n/I18n';
import { periodWords } from '../../src/renderer/src/team-words';

const log = (workDate: string): TimeLog => ({ timeLogId: '71', workDate, hours: '01:30', jobName: 'Website', billingStatus: 'Billable' });

const row = (workDate: string, decidable = true) =>
  renderToStaticMarkup(
    <I18n language="en" region="en-GB" messages={en as CompiledMessages}>
      <table>
        <tbody>
          <ReviewLogRow log={log(workDate)} decidable={decidable} approved onChange={() => {}} />
        </tbody>
      </table>
    </I18n>,
  );

describe("a log in the manager's review", () => {
  it('is drawn with its day formatted when the service wrote a day', () => {
    const html = row('2026-11-17');
    expect(html).toContain('<td class="nowrap">Tue 17 Nov</td>');
    expect(html).toContain('aria-label="Approve 01:30 on Website, Tue 17 Nov"');
    expect(html).not.toContain('odd-date');
  });

  it('is drawn with the date as the service sent it and a plain note when it cannot be read, still to approve or not', () => {
    for (const odd of ['31-Foo-2026', '2026-02-30', '', 'yesterday']) {
      const html = row(odd);
      const cell = html.match(/<td data-testid="odd-date"[^>]*>.*?<\/td>/)?.[0];
      expect(cell, odd).toContain(
        odd === '' ? 'The service sent this log without a date.' : `The service sent a date Punchcard cannot read: \u2068${odd}\u2069`,
      );
      expect(html, odd).toContain(`aria-label="Approve 01:30 on Website, ${odd}"`);
    }
    expect(row('31-Foo-2026', false)).toContain('31-Foo-2026');
  });
});

describe("a timesheet's period", () => {
  const w = createWording('en', 'en-GB', en as unknown as CompiledMessages);
  it("is said in the region's words when both days can be read", () => {
    expect(periodWords(w, '2026-11-16', '2026-11-22')).toBe('16\u2009\u2013\u200922 Nov');
  });
  it('is said as the service sent it when a day cannot be read', () => {
    expect(periodWords(w, '16-Foo-2026', '2026-11-22')).toBe('16-Foo-2026 \u2013 2026-11-22');
    expect(periodWords(w, '16-Foo-2026', '16-Foo-2026')).toBe('16-Foo-2026');
  });
});
