/**
 * Jobs x days, Monday to Sunday, with daily and weekly totals; each cell shows its hours, its sync state and whether
 * the manager rejected a log in it. Made for the tray's 420 px: each job's name has a line of its own above its
 * seven cells, so names are read whole and the cells get the width.
 *
 * One Tab stop for the whole grid (roving tabindex, WAI-ARIA grid pattern): the arrow keys move between cells,
 * Home/End to the week's ends, Enter opens a cell. So Submit, after the grid, is a few presses of Tab away.
 */
import { useRef, type KeyboardEvent } from 'react';
import { toHhmm } from '../../../../shared/time/hours';
import type { LocalTimeLog, OutboxEntry, WeekView } from '../../../../shared/domain';
import type { BadgeState } from '../../../../shared/status/badge';
import { weekDays } from '../../../../shared/time/week';
import { dayHeading, SYNC_LABELS } from '../../format';
import { cellBadge, minutesOf } from '../../store/slices/today';
import { SyncBadge } from '../SyncBadge';
import { defineMessages, type Wording } from '../../../../shared/i18n/messages';
import { useWording } from '../../i18n/I18n';

const M = defineMessages({
  cell: {
    id: 'week.grid.cell',
    defaultMessage:
      '{job}, {day}: {logged, select, no {nothing logged} other {{hours}, {state}{rejected, select, yes {, rejected by your manager} fixed {, rejected by your manager, fixed: resubmit the week} other {}}}}',
    description:
      'Screen reader name of a grid cell. {day}: "Wed 18 Nov"; {hours}: HH:MM; {state}: its sync state in lower case ("queued"); rejected: fixed when the user changed the rejected logs since.',
  },
  caption: {
    id: 'week.grid.caption',
    defaultMessage: 'Hours per job and day. Arrow keys move between days and jobs; Enter opens a day to see, add or change its logs.',
    description: 'Screen readers: what the grid is and how to move in it.',
  },
  total: { id: 'week.grid.total', defaultMessage: 'Total', description: 'Heading of the column of each job’s week total.' },
  dayTotals: { id: 'week.grid.day-totals', defaultMessage: 'Day totals', description: 'Heading of the row of each day’s total.' },
  weekTotal: { id: 'week.grid.week-total', defaultMessage: 'Week total {hours}', description: 'Screen readers; {hours}: HH:MM.' },
});

export interface CellRef {
  jobName: string;
  date: string;
}
export interface GridRow {
  jobName: string;
  projectName?: string;
}

interface Props {
  week: WeekView;
  /** Rows in order: the jobs with logs, then the rows the user added for a job. */
  rows: GridRow[];
  today: string;
  selected: CellRef | null;
  /** Each log's entries as the last push said them (store/slices/outbox.ts byLog); a log without: as its week was read. */
  byLog: Record<string, OutboxEntry[]>;
  onSelect: (cell: CellRef) => void;
}

const sum = (logs: LocalTimeLog[]) => logs.reduce((n, l) => n + minutesOf(l.hours), 0);

function cellWords(
  w: Wording,
  cell: { job: string; day: string },
  logs: LocalTimeLog[],
  state: BadgeState | null,
  rejected: 'yes' | 'fixed' | 'no',
): string {
  return w.say(M.cell, {
    job: cell.job,
    day: w.formats.day(cell.day),
    logged: logs.length ? 'yes' : 'no',
    hours: toHhmm(sum(logs)),
    // the state's one word, as a cell's badge says it (lower case in the middle of the name: Intl knows the language's case)
    state: w.say(SYNC_LABELS[state ?? 'synced'].message).toLocaleLowerCase(w.language === 'en-XA' ? 'en' : w.language),
    rejected,
  });
}

export function WeekGrid({ week, rows, today, selected, byLog, onSelect }: Props) {
  const w = useWording();
  const days = weekDays(week.weekStart);
  const table = useRef<HTMLTableElement>(null);
  const logsOf = (jobName: string, date: string) => week.logs.filter((l) => l.jobName === jobName && l.workDate === date);
  const dayMinutes = (date: string) => sum(week.logs.filter((l) => l.workDate === date));

  // The one cell in the Tab order: the selected one, else today's (or Monday's) cell of the first row.
  const focusRow = selected
    ? Math.max(
        0,
        rows.findIndex((r) => r.jobName === selected.jobName),
      )
    : 0;
  const focusDay = selected ? Math.max(0, days.indexOf(selected.date)) : Math.max(0, days.indexOf(today));

  const move = (e: KeyboardEvent<HTMLButtonElement>, r: number, d: number) => {
    const to: Record<string, [number, number]> = {
      ArrowLeft: [r, d - 1],
      ArrowRight: [r, d + 1],
      ArrowUp: [r - 1, d],
      ArrowDown: [r + 1, d],
      Home: [r, 0],
      End: [r, days.length - 1],
    };
    const target = to[e.key];
    if (!target) return;
    e.preventDefault();
    const [tr, td] = [Math.min(rows.length - 1, Math.max(0, target[0])), Math.min(days.length - 1, Math.max(0, target[1]))];
    const next = table.current?.querySelector<HTMLButtonElement>(`[data-cell="${tr}-${td}"]`);
    if (!next) return;
    table.current?.querySelectorAll<HTMLButtonElement>('[data-cell]').forEach((b) => {
      b.tabIndex = b === next ? 0 : -1;
    });
    next.focus();
  };

  return (
    <div className="grid-scroll">
      <table className="week-grid" ref={table}>
        <caption className="sr-only">{w.say(M.caption)}</caption>
        <thead>
          <tr>
            {days.map((d) => (
              <th key={d} scope="col" className={d === today ? 'is-today' : undefined} abbr={w.formats.day(d)}>
                <span className="dow">{dayHeading(w, d).weekday}</span>
                <span className="dom">{dayHeading(w, d).day}</span>
              </th>
            ))}
            <th scope="col" className="col-total">
              {w.say(M.total)}
            </th>
          </tr>
        </thead>
        {rows.map((row, r) => {
          const jobLogs = week.logs.filter((l) => l.jobName === row.jobName);
          return (
            <tbody key={row.jobName} className="job-rows">
              <tr className="job-name-row">
                <th scope="colgroup" colSpan={days.length + 1} className="job-name">
                  <span translate="no">{row.jobName}</span>
                  {row.projectName ? (
                    <span className="muted" translate="no">
                      {' '}
                      · {row.projectName}
                    </span>
                  ) : null}
                </th>
              </tr>
              <tr className="job-cells-row">
                {days.map((d, i) => {
                  const logs = logsOf(row.jobName, d);
                  const state = cellBadge(logs, byLog);
                  // rejected logs all changed since the rejection: fixed, the week's resubmit is what is left
                  const rejectedLogs = logs.filter((l) => l.approvalStatus === 'rejected');
                  const rejection = !rejectedLogs.length ? 'no' : rejectedLogs.every((l) => l.fixed) ? 'fixed' : 'yes';
                  const rejected = rejection === 'yes';
                  const isSelected = selected?.jobName === row.jobName && selected.date === d;
                  return (
                    <td key={d} className={d === today ? 'is-today' : undefined}>
                      <button
                        type="button"
                        data-cell={`${r}-${i}`}
                        tabIndex={r === focusRow && i === focusDay ? 0 : -1}
                        className={`cell${isSelected ? ' cell-selected' : ''}${state ? ` cell-${state}` : ' cell-empty'}${rejected ? ' cell-rejected' : rejection === 'fixed' ? ' cell-fixed' : ''}`}
                        data-testid={`cell-${row.jobName}-${d}`}
                        aria-pressed={isSelected}
                        aria-label={cellWords(w, { job: row.jobName, day: d }, logs, state, rejection)}
                        onClick={() => onSelect({ jobName: row.jobName, date: d })}
                        onKeyDown={(e) => move(e, r, i)}
                      >
                        {logs.length ? (
                          <>
                            {toHhmm(sum(logs))}
                            {rejection !== 'no' && (
                              <span className="cell-mark" aria-hidden="true">
                                {rejected ? '\u2298' : '\u2713'}
                              </span>
                            )}
                            {state !== 'synced' && state && <SyncBadge state={state} compact />}
                          </>
                        ) : (
                          <span aria-hidden="true">{'\u00B7'}</span>
                        )}
                      </button>
                    </td>
                  );
                })}
                <td className="col-total mono">{toHhmm(sum(jobLogs))}</td>
              </tr>
            </tbody>
          );
        })}
        <tfoot>
          <tr className="job-name-row">
            <th scope="colgroup" colSpan={days.length + 1} className="job-name">
              {w.say(M.dayTotals)}
            </th>
          </tr>
          <tr>
            {days.map((d) => (
              <td key={d} className={`mono${d === today ? ' is-today' : ''}`}>
                {dayMinutes(d) ? toHhmm(dayMinutes(d)) : '\u2013'}
              </td>
            ))}
            <td className="col-total mono strong" aria-label={w.say(M.weekTotal, { hours: week.totalHours })}>
              {week.totalHours}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
