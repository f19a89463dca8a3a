/**
 * Today on the Track tab: each log with its sync state as it is now, the day's total against the company's maximum,
 * and "continue" on every log (the timer starts again on its job and description). A log the manager rejected is
 * marked with the manager's comment.
 */
import { useRef, useState } from 'react';
import { toHhmm } from '../../../../shared/time/hours';
import type { ApprovalStatus, LocalTimeLog, OutboxEntry } from '../../../../shared/domain';
import { ELSEWHERE_WORDS, NO_LIST_NOTE } from '../../format';
import { isRunningOn, liveBadge, liveSync, logsOfDay, totalMinutes } from '../../store/slices/today';
import { useApp } from '../../store/useApp';
import { useMounted } from '../../hooks/useMounted';
import { EditLog } from './LogForm';
import { ErrorMessage, Loading } from '../Messages';
import { SyncBadge } from '../SyncBadge';
import { RejectedNote } from '../week/RejectedNote';
import { defineMessages } from '../../../../shared/i18n/messages';
import { useWording } from '../../i18n/I18n';
import { coreText } from '../../i18n/words';

const M = defineMessages({
  title: { id: 'track.today.title', defaultMessage: 'Today', description: 'Heading of today’s logs on Track.' },
  ofMax: {
    id: 'track.today.of-max',
    defaultMessage: 'of {max} allowed',
    description: 'After today’s total ("05:30 of 10:00 allowed"): the company’s maximum a day, HH:MM.',
  },
  meter: {
    id: 'track.today.meter',
    defaultMessage: 'Today’s hours against the company’s daily maximum',
    description: 'Screen reader name of the bar that fills with today’s hours.',
  },
  meterValue: { id: 'track.today.meter.value', defaultMessage: '{total} of {max}', description: 'The bar’s value: HH:MM of HH:MM.' },
  notFresh: {
    id: 'track.today.not-fresh',
    defaultMessage: 'From this computer only: the service cannot be reached right now.',
    description: 'Under today’s total when the service could not be read.',
  },
  reading: { id: 'track.today.reading', defaultMessage: 'Reading today...' },
  empty: { id: 'track.today.empty', defaultMessage: 'Nothing logged today yet. Start the timer, or type the hours above.' },
  list: { id: 'track.today.list', defaultMessage: 'Logged on {day}', description: 'Screen reader name of the list of today’s logs.' },
  elsewhereTitle: {
    id: 'track.today.elsewhere.title',
    defaultMessage: 'Made on the service’s web page, its phone app or another computer',
    description: 'Tooltip of “logged elsewhere”.',
  },
  edit: {
    id: 'track.today.edit',
    defaultMessage: '{hasDescription, select, yes {Edit {hours} on {job}: {description}} other {Edit {hours} on {job}}}',
    description: 'Screen reader name of the pencil button of a log. {hours}: HH:MM.',
  },
  editTitle: { id: 'track.today.edit.title', defaultMessage: 'Edit', description: 'Tooltip of the pencil button of a log.' },
  continue: {
    id: 'track.today.continue',
    defaultMessage:
      '{running, select, yes {{hasDescription, select, yes {{job}: {description} is running} other {{job} is running}}} other {{hasDescription, select, yes {Continue {job}: {description}} other {Continue {job}}}}}',
    description: 'Screen reader name of the ▶ button of a log: starts the timer on the same job and description (or says it runs).',
  },
  continueTitle: {
    id: 'track.today.continue.title',
    defaultMessage: '{running, select, yes {Running} other {Continue: start the timer on this again}}',
    description: 'Tooltip of the ▶ button of a log.',
  },
});

export function TodayList() {
  const w = useWording();
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
          {w.say(M.title)}
          {mounted && <span className="muted"> · {w.formats.day(date)}</span>}
        </h2>
        <p className="today-total" data-testid="today-total">
          <strong className="mono">{toHhmm(total)}</strong>
          {maxMinutes ? <span className="muted small"> {w.say(M.ofMax, { max: toHhmm(maxMinutes) })}</span> : null}
        </p>
      </div>
      {maxMinutes ? (
        <div
          className={`meter${total >= maxMinutes ? ' meter-full' : ''}`}
          role="meter"
          aria-label={w.say(M.meter)}
          aria-valuemin={0}
          aria-valuemax={maxMinutes}
          aria-valuenow={Math.min(total, maxMinutes)}
          aria-valuetext={w.say(M.meterValue, { total: toHhmm(total), max: toHhmm(maxMinutes) })}
        >
          <span style={{ width: `${Math.round(share * 100)}%` }} />
        </div>
      ) : null}
      {week && !week.fresh && <p className="muted small">{w.say(M.notFresh)}</p>}
      {week?.onlyTimesheetLogs && (
        <p className="muted small" data-testid="no-list-note">
          {w.say(NO_LIST_NOTE)}
        </p>
      )}
      <ErrorMessage error={error} onRetry={() => void load()} />
      {!week && loading && <Loading>{w.say(M.reading)}</Loading>}
      {week && logs.length === 0 && <p className="muted">{w.say(M.empty)}</p>}
      {logs.length > 0 && (
        <ul className="day-logs" aria-label={w.say(M.list, { day: w.formats.day(date) })}>
          {logs.map((l) => (
            <DayLog key={l.localId} log={l} comment={week?.timesheet?.comments} weekStatus={week?.timesheet?.status} />
          ))}
        </ul>
      )}
    </section>
  );
}

const NO_ENTRIES: OutboxEntry[] = [];

function DayLog({ log, comment, weekStatus }: { log: LocalTimeLog; comment?: string; weekStatus?: ApprovalStatus }) {
  const w = useWording();
  // the log's entries as the last push said them (store/slices/outbox.ts byLog), else the state its week was read with
  const entries = useApp((s) => s.outbox.byLog[log.localId]) ?? NO_ENTRIES;
  const start = useApp((s) => s.timer.start);
  const busy = useApp((s) => s.timer.busy);
  const timer = useApp((s) => s.timer.view);
  const [editing, setEditing] = useState(false);
  // Cancel, Escape or a save: focus back on this log's Edit button, not on the page
  const editButton = useRef<HTMLButtonElement>(null);
  const state = liveSync(log, entries);
  const rejected = log.approvalStatus === 'rejected';
  const what = { job: log.jobName, description: log.description ?? '', hasDescription: log.description ? 'yes' : 'no' };
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
    <li className={`day-log${rejected && !log.fixed ? ' day-log-rejected' : ''}`} data-testid="day-log">
      <div className="day-log-main">
        <span className="day-log-job" translate="no">
          {log.jobName}
        </span>
        {log.description && (
          <span className="muted small day-log-desc" translate="no">
            {log.description}
          </span>
        )}
        {log.elsewhere && (
          <span className="muted small day-log-from" title={w.say(M.elsewhereTitle)}>
            {w.say(ELSEWHERE_WORDS)}
          </span>
        )}
        {rejected && <RejectedNote as="span" className="rejected-note small" weekStatus={weekStatus} comment={comment} fixed={log.fixed} />}
        {state === 'needs-attention' && log.message && <span className="field-error small">{coreText(w, log)}</span>}
        {state !== 'needs-attention' && state !== 'synced' && log.waitsForServiceDay && (
          <span className="muted small" data-testid="log-service-day">
            {coreText(w, { message: log.waitsForServiceDay, said: log.waitsForServiceDaySaid })}
          </span>
        )}
      </div>
      <span className="mono strong day-log-hours">{log.hours}</span>
      <SyncBadge state={liveBadge(log, entries)} compact />
      <div className="day-log-actions">
        {!log.locked && (
          <button
            ref={editButton}
            type="button"
            className="icon-btn"
            aria-label={w.say(M.edit, { hours: log.hours, ...what })}
            title={w.say(M.editTitle)}
            onClick={() => setEditing(true)}
          >
            <span aria-hidden="true">{'\u270E'}</span>
          </button>
        )}
        <button
          type="button"
          className="icon-btn continue-btn"
          disabled={busy || isRunning}
          aria-label={w.say(M.continue, { running: isRunning ? 'yes' : 'no', ...what })}
          title={w.say(M.continueTitle, { running: isRunning ? 'yes' : 'no' })}
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
