/**
 * Today on the Track tab: each log with its sync state as it is now, the day's total against the company's maximum,
 * and "continue" on every log (the timer starts again on its job and description). A log the manager rejected is
 * marked with the manager's comment.
 */
import { useRef, useState } from 'react';
import { toHhmm } from '../../../../shared/time/hours';
import type { ApprovalStatus, LocalTimeLog } from '../../../../shared/domain';
import { rejectedLogWords } from '../../../../shared/team/approval';
import { ELSEWHERE_WORDS, NO_LIST_NOTE, showDate } from '../../format';
import { isRunningOn, liveSync, logsOfDay, totalMinutes } from '../../store/slices/today';
import { useApp } from '../../store/useApp';
import { useMounted } from '../../hooks/useMounted';
import { EditLog } from './LogForm';
import { ErrorMessage, Loading } from '../Messages';
import { SyncBadge } from '../SyncBadge';
import { logMessage } from '../../../../shared/said-words';
import { useWording } from '../../i18n/I18n';

export function TodayList() {
  const date = useApp((s) => s.today.date);
  const week = useApp((s) => s.today.week);
  const loading = useApp((s) => s.today.loading);
  const error = useApp((s) => s.today.error);
  const load = useApp((s) => s.today.load);
  const maxMinutes = useApp((s) => s.settings.company?.maxMinutesPerDay);
  const logs = logsOfDay(week, date);
  const total = totalMinutes(logs);
  const share = maxMinutes ? Math.min(1, total / maxMinutes) : 0;
  // The date differs from the one the first screen was built with (prerender.tsx): drawn once mounted.
  const mounted = useMounted();

  return (
    <section className="card today" aria-labelledby="today-title">
      <div className="card-head">
        <h2 id="today-title" className="detail-title">
          Today{mounted && <span className="muted"> · {showDate(date)}</span>}
        </h2>
        <p className="today-total" data-testid="today-total">
          <strong className="mono">{toHhmm(total)}</strong>
          {maxMinutes ? <span className="muted small"> of {toHhmm(maxMinutes)} allowed</span> : null}
        </p>
      </div>
      {maxMinutes ? (
        <div
          className={`meter${total >= maxMinutes ? ' meter-full' : ''}`}
          role="meter"
          aria-label="Today's hours against the company's daily maximum"
          aria-valuemin={0}
          aria-valuemax={maxMinutes}
          aria-valuenow={Math.min(total, maxMinutes)}
          aria-valuetext={`${toHhmm(total)} of ${toHhmm(maxMinutes)}`}
        >
          <span style={{ width: `${Math.round(share * 100)}%` }} />
        </div>
      ) : null}
      {week && !week.fresh && <p className="muted small">From this computer only: the service cannot be reached right now.</p>}
      {week?.onlyTimesheetLogs && (
        <p className="muted small" data-testid="no-list-note">
          {NO_LIST_NOTE}
        </p>
      )}
      <ErrorMessage error={error} onRetry={() => void load()} />
      {!week && loading && <Loading>Reading today...</Loading>}
      {week && logs.length === 0 && <p className="muted">Nothing logged today yet. Start the timer, or type the hours above.</p>}
      {logs.length > 0 && (
        <ul className="day-logs" aria-label={`Logged on ${showDate(date)}`}>
          {logs.map((l) => (
            <DayLog key={l.localId} log={l} comment={week?.timesheet?.comments} weekStatus={week?.timesheet?.status} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DayLog({ log, comment, weekStatus }: { log: LocalTimeLog; comment?: string; weekStatus?: ApprovalStatus }) {
  const w = useWording();
  const entries = useApp((s) => s.outbox.entries);
  const start = useApp((s) => s.timer.start);
  const busy = useApp((s) => s.timer.busy);
  const timer = useApp((s) => s.timer.view);
  const [editing, setEditing] = useState(false);
  // Cancel, Escape or a save: focus back on this log's Edit button, not on the page
  const editButton = useRef<HTMLButtonElement>(null);
  const state = liveSync(log, entries);
  const rejected = log.approvalStatus === 'rejected';
  const what = `${log.jobName}${log.description ? `: ${log.description}` : ''}`;
  const isRunning = isRunningOn(timer, log);
  if (editing)
    return (
      <li className="day-log day-log-editing">
        <EditLog
          log={log}
          onDone={() => {
            setEditing(false);
            requestAnimationFrame(() => editButton.current?.focus());
          }}
        />
      </li>
    );
  return (
    <li className={`day-log${rejected ? ' day-log-rejected' : ''}`} data-testid="day-log">
      <div className="day-log-main">
        <span className="day-log-job">{log.jobName}</span>
        {log.description && <span className="muted small day-log-desc">{log.description}</span>}
        {log.elsewhere && (
          <span className="muted small day-log-from" title="Made on the service's web page, its phone app or another computer">
            {ELSEWHERE_WORDS}
          </span>
        )}
        {rejected && (
          <span className="rejected-note small">
            <span aria-hidden="true">{'\u2298'} </span>
            {rejectedLogWords(weekStatus, comment)}
          </span>
        )}
        {state === 'needs-attention' && log.message && <span className="field-error small">{logMessage(w, log)}</span>}
      </div>
      <span className="mono strong day-log-hours">{log.hours}</span>
      <SyncBadge state={state} compact />
      <div className="day-log-actions">
        {!log.locked && (
          <button
            ref={editButton}
            type="button"
            className="icon-btn"
            aria-label={`Edit ${log.hours} on ${what}`}
            title="Edit"
            onClick={() => setEditing(true)}
          >
            <span aria-hidden="true">{'\u270E'}</span>
          </button>
        )}
        <button
          type="button"
          className="icon-btn continue-btn"
          disabled={busy || isRunning}
          aria-label={isRunning ? `${what} is running` : `Continue ${what}`}
          title={isRunning ? 'Running' : 'Continue: start the timer on this again'}
          onClick={() =>
            void start({
              ...(log.jobId ? { jobId: log.jobId } : {}),
              jobName: log.jobName,
              billable: log.billingStatus === 'Billable',
              ...(log.description ? { description: log.description } : {}),
              ...(log.workItem ? { workItem: log.workItem } : {}),
            })
          }
        >
          <span aria-hidden="true" className="mirror">
            {'\u25B6'}
          </span>
        </button>
      </div>
    </li>
  );
}
