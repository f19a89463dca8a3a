/** Jobs x days, Monday to Sunday, with daily and weekly totals; each cell shows its hours and sync state. */
import { parseHhmm, toHhmm } from '../../../shared/hours';
import type { LocalTimeLog, WeekView } from '../../../shared/domain';
import { weekDays } from '../../../shared/week';
import { showDate, showDay, worstSync } from '../format';
import { SyncBadge } from './SyncBadge';

export interface CellRef { jobName: string; date: string }

interface Props {
  week: WeekView;
  today: string;
  selected: CellRef | null;
  onSelect: (cell: CellRef) => void;
}

const minutesOf = (logs: LocalTimeLog[]) => logs.reduce((sum, l) => sum + safeMinutes(l.hours), 0);
function safeMinutes(hhmm: string): number {
  try { return parseHhmm(hhmm); } catch { return 0; }
}

export function WeekGrid({ week, today, selected, onSelect }: Props) {
  const days = weekDays(week.weekStart);
  const jobs = [...new Set(week.logs.map((l) => l.jobName))].sort((a, b) => a.localeCompare(b));
  const logsOf = (jobName: string, date: string) => week.logs.filter((l) => l.jobName === jobName && l.workDate === date);
  const dayMinutes = (date: string) => week.days.find((d) => d.date === date)?.totalMinutes
    ?? minutesOf(week.logs.filter((l) => l.workDate === date));

  return (
    <div className="grid-scroll">
      <table className="week-grid">
        <caption className="sr-only">Hours per job and day. Choose a cell to see, add or edit its logs.</caption>
        <thead>
          <tr>
            <th scope="col" className="col-job">Job</th>
            {days.map((d) => (
              <th key={d} scope="col" className={d === today ? 'is-today' : undefined} abbr={showDate(d)}>
                <span className="dow">{showDay(d).split(' ')[0]}</span><span className="dom">{showDay(d).split(' ')[1]}</span>
              </th>
            ))}
            <th scope="col" className="col-total">Total</th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => {
            const jobLogs = week.logs.filter((l) => l.jobName === job);
            return (
              <tr key={job}>
                <th scope="row" className="col-job" title={job}><span className="job-name">{job}</span></th>
                {days.map((d) => {
                  const logs = logsOf(job, d);
                  const minutes = minutesOf(logs);
                  const isSelected = selected?.jobName === job && selected.date === d;
                  const state = logs.length ? worstSync(logs.map((l) => l.sync)) : null;
                  return (
                    <td key={d} className={d === today ? 'is-today' : undefined}>
                      <button
                        type="button"
                        className={`cell${isSelected ? ' cell-selected' : ''}${state ? ` cell-${state}` : ' cell-empty'}`}
                        data-testid={`cell-${job}-${d}`}
                        aria-pressed={isSelected}
                        aria-label={`${job}, ${showDate(d)}: ${logs.length ? `${toHhmm(minutes)}, ${state === 'synced' ? 'synced' : state === 'needs-attention' ? 'needs attention' : 'queued'}` : 'nothing logged'}`}
                        onClick={() => onSelect({ jobName: job, date: d })}
                      >
                        {logs.length ? <>{toHhmm(minutes)}{state !== 'synced' && state && <SyncBadge state={state} compact />}</> : <span aria-hidden="true">{'\u00B7'}</span>}
                      </button>
                    </td>
                  );
                })}
                <td className="col-total mono">{toHhmm(minutesOf(jobLogs))}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="col-job">Day total</th>
            {days.map((d) => <td key={d} className={`mono${d === today ? ' is-today' : ''}`}>{dayMinutes(d) ? toHhmm(dayMinutes(d)) : '\u2013'}</td>)}
            <td className="col-total mono strong">{week.totalHours}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
