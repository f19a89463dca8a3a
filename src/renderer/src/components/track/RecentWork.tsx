/**
 * Recent work, one click to start the timer on it again: each job and description logged in the last days (so
 * yesterday's work is here on a Monday too), then the recently used jobs. Starting while a timer runs switches: the
 * core logs the running one first (timer-actions.ts).
 *
 * The work the timer runs on says where its time goes, not the day it was last logged (store/slices/today.ts recentWhen).
 */
import { useShallow } from 'zustand/react/shallow';
import { isRunningOn, recentWhen, recentWork } from '../../store/slices/today';
import { useApp } from '../../store/useApp';
import { defineMessages } from '../../../../shared/i18n/messages';
import { useWording } from '../../i18n/I18n';
import { sayWords } from '../../i18n/words';

const M = defineMessages({
  title: {
    id: 'track.recent.title',
    defaultMessage: 'Continue',
    description: 'Heading of recent work, each item starts the timer on it again.',
  },
  start: {
    id: 'track.recent.start',
    defaultMessage: 'Start:',
    description: 'Screen readers only, said before a recent work item’s job and description (the button starts the timer on it).',
  },
});

export function RecentWork() {
  const w = useWording();
  const date = useApp((s) => s.today.date);
  const week = useApp((s) => s.today.week);
  const before = useApp((s) => s.today.before);
  const jobs = useApp((s) => s.jobs.list);
  const recentIds = useApp(useShallow((s) => s.settings.prefs?.recentJobIds ?? []));
  const start = useApp((s) => s.timer.start);
  const busy = useApp((s) => s.timer.busy);
  const timer = useApp((s) => s.timer.view);
  const items = recentWork([week, before], date, recentIds, jobs);
  if (items.length === 0) return null;
  return (
    <section className="recent" aria-labelledby="recent-title">
      <h2 id="recent-title" className="card-title">
        {w.say(M.title)}
      </h2>
      <ul className="recent-list">
        {items.map((r) => {
          const running = isRunningOn(timer, r);
          const when = sayWords(w, recentWhen(r, timer, date));
          return (
            <li key={r.key}>
              {/* Named by its content (WCAG 2.5.3: the visible words are in the name), with "Start" said first. */}
              <button
                type="button"
                className="recent-item"
                disabled={busy || running}
                title={`${r.jobName}${r.description ? `: ${r.description}` : ''}`}
                onClick={() =>
                  void start({
                    ...(r.jobId ? { jobId: r.jobId } : {}),
                    jobName: r.jobName,
                    billable: r.billable,
                    ...(r.description ? { description: r.description } : {}),
                  })
                }
              >
                <span className={`recent-play${running ? '' : ' mirror'}`} aria-hidden="true">
                  {running ? '\u25CF' : '\u25B6'}
                </span>
                {!running && <span className="sr-only">{w.say(M.start)} </span>}
                <span className="recent-text">
                  <span className="recent-job" translate="no">
                    {r.jobName}
                  </span>
                  {/* the running work: where its time goes, whole (its description is in the timer above) */}
                  {running ? (
                    <span className="recent-meta recent-where">{when}</span>
                  ) : (
                    <span className="recent-meta">
                      {r.description ? <span translate="no">{r.description}</span> : null}
                      {r.description ? ' · ' : ''}
                      {when}
                    </span>
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
