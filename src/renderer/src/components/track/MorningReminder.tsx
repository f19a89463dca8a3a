/**
 * The morning reminder on Track (the core decides: src/core/week/morning.ts): on a working day with
 * nothing logged or running by the chosen time, "Nothing logged yet today" with Start the timer on the usual job,
 * Snooze 30 minutes (twice at most) and Not today. It asks the core again when the core says it will be due (a timer
 * of the page's clock, set for that moment, never a loop), and when a log or the timer changes (it goes then).
 */
import { useEffect } from 'react';
import { defineMessages } from '../../../../shared/i18n/messages';
import { useWording } from '../../i18n/I18n';
import { useApp } from '../../store/useApp';

const M = defineMessages({
  title: { id: 'track.morning.title', defaultMessage: 'Nothing logged yet today' },
  start: {
    id: 'track.morning.start',
    defaultMessage: '{hasJob, select, yes {Start the timer on {job}} other {Start the timer}}',
    description: 'Button of the morning reminder. {job}: the usual job’s name.',
  },
  snooze: { id: 'track.morning.snooze', defaultMessage: 'Snooze 30 min', description: 'Button: remind again in 30 minutes.' },
  notToday: { id: 'track.morning.not-today', defaultMessage: 'Not today', description: 'Button: no more reminders today.' },
});

/** The longest a page's timer is set for at once (a browser fires a longer one at once). */
const MAX_WAIT_MS = 2 ** 31 - 1;

export function MorningReminder() {
  const w = useWording();
  const r = useApp((s) => s.today.morning);
  const load = useApp((s) => s.today.loadMorning);
  const answer = useApp((s) => s.today.answerMorning);
  const start = useApp((s) => s.timer.start);
  const running = useApp((s) => s.timer.view?.running ?? false);
  const logs = useApp((s) => s.today.week?.logs.length ?? 0);
  // asked at the start, and again when the timer or the day's logs change (a log or a start ends it)
  useEffect(() => {
    void load();
  }, [load, running, logs]);
  // not due yet: asked again at the moment the core named
  useEffect(() => {
    if (!r || r.due) return;
    const timer = setTimeout(() => void load(), Math.min(MAX_WAIT_MS, Math.max(0, r.at - Date.now())));
    return () => clearTimeout(timer);
  }, [r, load]);
  if (!r?.due) return null;
  return (
    <section className="card callout morning-reminder" role="status" aria-label={w.say(M.title)} data-testid="morning-reminder">
      <p className="state-title">{w.say(M.title)}</p>
      <div className="row row-wrap">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void start({ ...(r.job?.jobId ? { jobId: r.job.jobId } : {}), jobName: r.job?.jobName ?? '' })}
          disabled={!r.job}
        >
          {w.say(M.start, { hasJob: r.job ? 'yes' : 'no', job: r.job?.jobName ?? '' })}
        </button>
        {r.canSnooze && (
          <button type="button" className="btn" onClick={() => void answer('snooze')}>
            {w.say(M.snooze)}
          </button>
        )}
        <button type="button" className="btn btn-quiet" onClick={() => void answer('not-today')}>
          {w.say(M.notToday)}
        </button>
      </div>
    </section>
  );
}
