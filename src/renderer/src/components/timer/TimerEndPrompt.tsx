/**
 * The timer's end, asked before anything is logged (src/core/timer/timer-attention.ts), on whatever tab is open:
 * - a stop when the clock now reads before the start (it was set back): only an end the user gives, or a discard;
 * - a stop of a timer that ran long (past the end of day, over midnight, over a day's maximum, through a sleep);
 * - a start of another job over such a timer: it is not logged as a side effect; its end is asked first, then the
 *   next job starts.
 * The answers: log all of it, stop it at a time (the end of the working day it started in is offered), discard it (a
 * second press confirms), or keep it running. Every answer is a button; Enter in the time field stops at that time.
 */
import { useState } from 'react';
import { atIn, dayIn, systemZone } from '../../../../shared/time/zone';
import { showElapsed } from '../../format';
import { useNow } from '../../hooks/useNow';
import { useApp } from '../../store/useApp';
import { Dialog } from '../Dialog';
import { END_WORDS, EndTime } from './EndTime';
import { ErrorMessage } from '../Messages';
import { defineMessages } from '../../../../shared/i18n/messages';
import { useWording } from '../../i18n/I18n';
import { errorText } from '../../i18n/said-words';
import { sayStop } from '../../store/slices/timer';
import { TIMER_WORDS } from './timer-words';

const M = defineMessages({
  title: {
    id: 'timer.end.title',
    defaultMessage:
      '{why, select, clockMoved {The computer’s clock moved back} switch {Before the next job starts} other {The timer ran long}}',
    description:
      'Title of the question about a timer’s end. clockMoved: the clock was set back; switch: another job is being started; other: it ran long.',
  },
  discard: {
    id: 'timer.end.discard',
    defaultMessage: '{confirming, select, yes {Discard {ran} for good} other {Discard}}',
    description: 'Button: drop the timer’s time (a second press confirms). {ran}: how long it ran, HH:MM.',
  },
  logAll: {
    id: 'timer.end.log-all',
    defaultMessage: 'Log all {ran}',
    description: 'Button: log all the time the timer ran ({ran}: HH:MM).',
  },
  switchNote: {
    id: 'timer.end.switch-note',
    defaultMessage:
      'After Log all, Stop at that time or Discard, {hasJob, select, yes {{job}} other {the next job}} starts. Keep running starts nothing.',
    description: 'Says what the buttons do before another job starts (use their words). {job}: the next job’s name.',
  },
  discardNote: {
    id: 'timer.end.discard-note',
    defaultMessage: 'Press Discard again to drop the {ran} on {job}: nothing of it is logged.',
    description: '{ran}: HH:MM; {job}: the job’s name. "Discard" is the button’s word.',
  },
});

export function TimerEndPrompt() {
  const running = useApp((s) => s.timer.view?.running ?? false);
  const switchAsked = useApp((s) => s.timer.switchAsked);
  const needsEnd = useApp((s) => s.timer.lastStop?.needsEnd);
  if (!running) return null;
  if (switchAsked) return <EndQuestion key="switch" mode="switch" />;
  if (needsEnd) return <EndQuestion key={`${needsEnd.why}-${needsEnd.now}`} mode="stop" />;
  return null;
}

function EndQuestion({ mode }: { mode: 'stop' | 'switch' }) {
  const w = useWording();
  const view = useApp((s) => s.timer.view)!;
  const lastStop = useApp((s) => s.timer.lastStop);
  const asked = useApp((s) => s.timer.switchAsked);
  const busy = useApp((s) => s.timer.busy);
  const error = useApp((s) => s.timer.endError);
  const endOfDay = useApp((s) => s.settings.prefs?.endOfDay ?? '18:00');
  const actions = useApp((s) => s.timer);
  const now = useNow(true);
  const zone = view.zone ?? systemZone();
  const startedAt = view.startedAt ?? now;
  const needsEnd = mode === 'stop' ? lastStop?.needsEnd : undefined;
  const clockMoved = needsEnd?.why === 'clock-moved';
  // a switch's refusal says why in words; the end of the working day it started in is offered, as a stop's question does
  const [hh, mm] = endOfDay.split(':').map(Number);
  const dayEnd = atIn(zone, dayIn(zone, startedAt), hh, mm);
  const suggested = needsEnd ? needsEnd.suggestedEnd : startedAt < dayEnd && dayEnd < now ? dayEnd : undefined;
  const [at, setAt] = useState<number | undefined>(suggested);
  const [discarding, setDiscarding] = useState(false);
  const message = mode === 'switch' ? (asked ? errorText(w, asked.why) : '') : lastStop ? sayStop(w, lastStop) : '';
  const ran = showElapsed(Math.max(0, now - startedAt)).slice(0, 5);

  const cancel = mode === 'switch' ? actions.cancelSwitch : actions.dismissStop;
  const stopAt = () => {
    if (at === undefined) return;
    void (mode === 'switch' ? actions.answerSwitch({ stopPreviousAt: at }) : actions.stop(false, undefined, { at }));
  };
  const logAll = () =>
    void (mode === 'switch' ? actions.answerSwitch({ confirmLong: true }) : actions.stop(false, undefined, { confirmLong: true }));
  const discard = () => {
    if (!discarding) return setDiscarding(true);
    void (mode === 'switch' ? actions.answerSwitch('discard') : actions.discard());
  };
  const nextJob = mode === 'switch' ? asked?.input.jobName : undefined;
  const title = w.say(M.title, { why: clockMoved ? 'clockMoved' : mode === 'switch' ? 'switch' : 'long' });

  return (
    <Dialog
      title={title}
      onCancel={cancel}
      tone={discarding ? 'danger' : 'default'}
      actions={
        <>
          <button type="button" className="btn" disabled={busy} onClick={cancel}>
            {w.say(TIMER_WORDS.keepRunning)}
          </button>
          <button type="button" className={discarding ? 'btn btn-danger' : 'btn btn-quiet'} disabled={busy} onClick={discard}>
            {w.say(M.discard, { confirming: discarding ? 'yes' : 'no', ran })}
          </button>
          {!clockMoved && (
            <button type="button" className="btn" disabled={busy} onClick={logAll}>
              {w.say(M.logAll, { ran })}
            </button>
          )}
          <button type="button" className="btn btn-primary" disabled={busy || at === undefined} onClick={stopAt}>
            {w.say(END_WORDS.stopAt)}
          </button>
        </>
      }
    >
      <p data-testid="timer-end-question">{message}</p>
      {mode === 'switch' && <p className="muted">{w.say(M.switchNote, { hasJob: nextJob ? 'yes' : 'no', job: nextJob ?? '' })}</p>}
      <EndTime zone={zone} startedAt={startedAt} now={now} initial={suggested} onChange={setAt} onSubmit={stopAt} focusTime />
      {discarding && <p className="field-error small">{w.say(M.discardNote, { ran, job: view.jobName ?? w.say(TIMER_WORDS.noJob) })}</p>}
      <ErrorMessage error={error} />
    </Dialog>
  );
}
