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
import type { LocalTimeLog, OutboxEntry, SyncState, WeekView } from '../../../../shared/domain';
import { weekDays } from '../../../../shared/time/week';
import { showDate, showDay, SYNC_LABELS, worstSync } from '../../format';
import { liveSync, minutesOf } from '../../store/slices/today';
import { SyncBadge } from '../SyncBadge';

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
  entries: OutboxEntry[];
  onSelect: (cell: CellRef) => void;
}

const sum = (logs: LocalTimeLog[]) => logs.reduce((n, l) => n + minutesOf(l.hours), 0);

function cellWords(logs: LocalTimeLog[], state: SyncState | null, rejected: boolean): string {
  if (!logs.length) return 'nothing logged';
  const parts = [toHhmm(sum(logs)), SYNC_LABELS[state ?? 'synced'].text.toLowerCase()];
  if (rejected) parts.push('rejected by your manager');
  return parts.join(', ');
}

export function WeekGrid({ week, rows, today, selected, entries, onSelect }: Props) {
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
        <caption className="sr-only">
          Hours per job and day. Arrow keys move between days and jobs; Enter opens a day to see, add or change its logs.
        </caption>
        <thead>
          <tr>
            {days.map((d) => (
              <th key={d} scope="col" className={d === today ? 'is-today' : undefined} abbr={showDate(d)}>
                <span className="dow">{showDay(d).split(' ')[0]}</span>
                <span className="dom">{showDay(d).split(' ')[1]}</span>
              </th>
            ))}
            <th scope="col" className="col-total">
              Total
            </th>
          </tr>
        </thead>
        {rows.map((row, r) => {
          const jobLogs = week.logs.filter((l) => l.jobName === row.jobName);
          return (
            <tbody key={row.jobName} className="job-rows">
              <tr className="job-name-row">
                <th scope="colgroup" colSpan={days.length + 1} className="job-name">
                  {row.jobName}
                  {row.projectName ? <span className="muted"> · {row.projectName}</span> : null}
                </th>
              </tr>
              <tr className="job-cells-row">
                {days.map((d, i) => {
                  const logs = logsOf(row.jobName, d);
                  const state = logs.length ? worstSync(logs.map((l) => liveSync(l, entries))) : null;
                  const rejected = logs.some((l) => l.approvalStatus === 'rejected');
                  const isSelected = selected?.jobName === row.jobName && selected.date === d;
                  return (
                    <td key={d} className={d === today ? 'is-today' : undefined}>
                      <button
                        type="button"
                        data-cell={`${r}-${i}`}
                        tabIndex={r === focusRow && i === focusDay ? 0 : -1}
                        className={`cell${isSelected ? ' cell-selected' : ''}${state ? ` cell-${state}` : ' cell-empty'}${rejected ? ' cell-rejected' : ''}`}
                        data-testid={`cell-${row.jobName}-${d}`}
                        aria-pressed={isSelected}
                        aria-label={`${row.jobName}, ${showDate(d)}: ${cellWords(logs, state, rejected)}`}
                        onClick={() => onSelect({ jobName: row.jobName, date: d })}
                        onKeyDown={(e) => move(e, r, i)}
                      >
                        {logs.length ? (
                          <>
                            {toHhmm(sum(logs))}
                            {rejected && (
                              <span className="cell-mark" aria-hidden="true">
                                {'\u2298'}
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
              Day totals
            </th>
          </tr>
          <tr>
            {days.map((d) => (
              <td key={d} className={`mono${d === today ? ' is-today' : ''}`}>
                {dayMinutes(d) ? toHhmm(dayMinutes(d)) : '\u2013'}
              </td>
            ))}
            <td className="col-total mono strong" aria-label={`Week total ${week.totalHours}`}>
              {week.totalHours}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
