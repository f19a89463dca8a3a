/**
 * Asked when the user comes back to a running timer after idle time, sleep, lock or shutdown, or after a sleep (or a
 * clock jump) that web mode's server or the desktop app noticed on its own (src/core/timer/clock-watch.ts): "You were
 * away from 23:10 to 08:05". The answers: keep that time, discard it (log up to when it began, and stop), discard it
 * and start anew from now, or stop at a time the user gives. Escape keeps the time: nothing is lost by a key.
 */
import { useState } from 'react';
import type { Job, TimerView } from '../../../../shared/domain';
import { JobPicker } from '../track/JobPicker';
import { showElapsed, showMoment } from '../../format';
import { useNow } from '../../hooks/useNow';
import { useUserZone } from '../../hooks/useUserZone';
import { useApp } from '../../store/useApp';
import { Dialog } from '../Dialog';
import { END_WORDS, EndTime } from './EndTime';
import { ErrorMessage } from '../Messages';
import { FormattedMessage } from 'react-intl';
import { defineMessages } from '../../../../shared/i18n/messages';
import { useWording } from '../../i18n/I18n';

const M = defineMessages({
  title: { id: 'timer.idle.title', defaultMessage: 'Keep the time you were away?' },
  discardStartNew: {
    id: 'timer.idle.discard-start-new',
    defaultMessage: 'Discard and start new',
    description: 'Button (see timer.idle.explain).',
  },
  discard: { id: 'timer.idle.discard', defaultMessage: 'Discard idle time', description: 'Button (see timer.idle.explain).' },
  keep: { id: 'timer.idle.keep', defaultMessage: 'Keep', description: 'Button: keep the time away as worked time.' },
  question: {
    id: 'timer.idle.question',
    defaultMessage:
      '{reason, select, suspend {The computer was asleep} lock {The screen was locked} shutdown {The computer was shut down} other {You were away}} from {from} to {to} ({away} h) while the timer{hasJob, select, yes { for {job}} other {}} was running.',
    description:
      'reason: why the user was away. {from}, {to}: clock times (with the day when not today); {away}: how long, HH:MM; {job}: the job’s name, in bold.',
  },
  giveTo: {
    id: 'timer.idle.give-to-job',
    defaultMessage: 'Give it to this job',
    description: 'Button: the time away becomes its own log on the job picked beside it.',
  },
  giveToLabel: { id: 'timer.idle.give-to-job.label', defaultMessage: 'Or log the time away to another job' },
  giveToExplain: {
    id: 'timer.idle.give-to-job.explain',
    defaultMessage:
      'The time away becomes its own log on that job; the time up to {from} is logged on this one, and its timer starts again from now.',
    description: 'Says what "Give it to this job" does. {from}: a clock time.',
  },
  explain: {
    id: 'timer.idle.explain',
    defaultMessage:
      'Discard idle time logs the time up to {from} and stops the timer. Discard and start new does the same, then starts a new timer on the same job from now. Or give the time you stopped working.',
    description: 'Says what the buttons “Discard idle time” and “Discard and start new” do (use their words). {from}: a clock time.',
  },
});

export function IdlePrompt({ prompt, jobName }: { prompt: NonNullable<TimerView['idlePrompt']>; jobName?: string }) {
  const w = useWording();
  const resolve = useApp((s) => s.timer.resolveIdle);
  const busy = useApp((s) => s.timer.busy);
  const error = useApp((s) => s.timer.endError);
  const view = useApp((s) => s.timer.view);
  const now = useNow(true);
  // the timer's zone, where its days are counted (EndTime below reads its times there too)
  const userZone = useUserZone();
  const zone = view?.zone ?? userZone;
  const [at, setAt] = useState<number | undefined>(prompt.idleSince);
  const until = prompt.until ?? now;
  const away = showElapsed(until - prompt.idleSince).slice(0, 5);
  const stopAt = () => at !== undefined && void resolve('stop-at', at);
  const [other, setOther] = useState<Job | null>(null);
  const giveTo = () =>
    other && void resolve('give-to-job', undefined, { ...(other.jobId ? { jobId: other.jobId } : {}), jobName: other.jobName });
  return (
    <Dialog
      title={w.say(M.title)}
      // Escape must not silently decide for the user: it keeps the time, the safe choice (nothing is lost).
      onCancel={() => void resolve('keep')}
      actions={
        <>
          <button type="button" className="btn" disabled={busy} onClick={() => void resolve('discard-and-start-new')}>
            {w.say(M.discardStartNew)}
          </button>
          <button type="button" className="btn" disabled={busy} onClick={() => void resolve('discard')}>
            {w.say(M.discard)}
          </button>
          <button type="button" className="btn" disabled={busy || at === undefined} onClick={stopAt}>
            {w.say(END_WORDS.stopAt)}
          </button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void resolve('keep')} data-autofocus>
            {w.say(M.keep)}
          </button>
        </>
      }
    >
      <p data-testid="idle-question">
        <FormattedMessage
          {...M.question}
          values={{
            reason: prompt.reason,
            from: showMoment(w, prompt.idleSince, zone, until),
            to: showMoment(w, until, zone, now),
            away: <bdi>{away}</bdi>,
            hasJob: jobName ? 'yes' : 'no',
            job: <strong translate="no">{jobName}</strong>,
          }}
        />
      </p>
      <p className="muted">{w.say(M.explain, { from: showMoment(w, prompt.idleSince, zone) })}</p>
      {view?.startedAt !== undefined && (
        <EndTime zone={zone} startedAt={view.startedAt} now={now} initial={prompt.idleSince} onChange={setAt} onSubmit={stopAt} />
      )}
      <div className="stack idle-give" role="group" aria-label={w.say(M.giveToLabel)}>
        <JobPicker value={other} onChange={setOther} onConfirm={() => giveTo()} label={w.say(M.giveToLabel)} />
        <p className="muted small">{w.say(M.giveToExplain, { from: showMoment(w, prompt.idleSince, zone) })}</p>
        <div className="row row-end">
          <button type="button" className="btn" data-testid="idle-give" disabled={busy || !other} onClick={giveTo}>
            {w.say(M.giveTo)}
          </button>
        </div>
      </div>
      <ErrorMessage error={error} />
    </Dialog>
  );
}
