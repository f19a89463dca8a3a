/**
 * The Week tab's grid cell says what its detail says: a cell holding a log whose answer was lost shows "Checking"
 * (shared/status/badge.ts badgeOf), not "Syncing". Rendered to HTML with the English catalog, as the window draws it.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LocalTimeLog, OutboxEntry, WeekView } from '../../src/shared/domain';
import en from '../../src/shared/i18n/compiled/en.json';
import type { CompiledMessages } from '../../src/shared/i18n/messages';
import { WeekGrid } from '../../src/renderer/src/components/week/WeekGrid';
import { I18n } from '../../src/renderer/src/i18n/I18n';

const MONDAY = '2026-11-16';
const log = (localId: string): LocalTimeLog => ({
  localId,
  workDate: MONDAY,
  hours: '01:00',
  jobName: 'Website',
  billingStatus: 'Billable',
  sync: 'sending',
  source: 'local',
});
const entry = (localId: string, outcome: 'ambiguous' | 'retry' | null): OutboxEntry => ({
  id: `e-${localId}`,
  kind: 'add',
  localId,
  workDate: MONDAY,
  hours: '01:00',
  jobName: 'Website',
  state: 'sending',
  resolutions: [],
  attempts: outcome ? [{ at: 1, outcome }] : [],
  createdAt: 1,
  updatedAt: 1,
});
const week = (logs: LocalTimeLog[]): WeekView => ({
  weekStart: MONDAY,
  days: [],
  logs,
  totalHours: '01:00',
  billableHours: '01:00',
  nonBillableHours: '00:00',
  locked: false,
  fresh: true,
});

function mondayCell(logs: LocalTimeLog[], byLog: Record<string, OutboxEntry[]>): string {
  const html = renderToStaticMarkup(
    <I18n language="en" region="en-GB" messages={en as CompiledMessages}>
      <WeekGrid week={week(logs)} rows={[{ jobName: 'Website' }]} today={MONDAY} selected={null} byLog={byLog} onSelect={() => {}} />
    </I18n>,
  );
  const cell = html.match(new RegExp(`<button[^>]*data-testid="cell-Website-${MONDAY}"[^>]*>.*?</button>`))?.[0];
  if (!cell) throw new Error(`no Monday cell in ${html}`);
  return cell;
}

describe('a Week tab cell', () => {
  it('shows "Checking" for a log whose answer was lost, as its detail does', () => {
    const cell = mondayCell([log('a')], { a: [entry('a', 'ambiguous')] });
    expect(cell).toContain('sync-checking');
    expect(cell).toContain('>Checking<');
    expect(cell).toContain('aria-label="Website, Mon 16 Nov: 01:00, checking"');
    expect(cell).not.toContain('Syncing');
  });

  it('shows "Syncing" while a log of it is being sent for the first time, beside one in doubt', () => {
    const cell = mondayCell([log('a'), log('b')], { a: [entry('a', 'ambiguous')], b: [entry('b', null)] });
    expect(cell).toContain('sync-sending');
    expect(cell).not.toContain('Checking');
  });
});
