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
import { EndTime } from './EndTime';
import { ErrorMessage } from '../Messages';

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
  const message = mode === 'switch' ? (asked?.message ?? '') : (lastStop?.message ?? '');
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
  const title = clockMoved
    ? 'The computer\u2019s clock moved back'
    : mode === 'switch'
      ? 'Before the next job starts'
      : 'The timer ran long';

  return (
    <Dialog
      title={title}
      onCancel={cancel}
      tone={discarding ? 'danger' : 'default'}
      actions={
        <>
          <button type="button" className="btn" disabled={busy} onClick={cancel}>
            Keep running
          </button>
          <button type="button" className={discarding ? 'btn btn-danger' : 'btn btn-quiet'} disabled={busy} onClick={discard}>
            {discarding ? `Discard ${ran} for good` : 'Discard'}
          </button>
          {!clockMoved && (
            <button type="button" className="btn" disabled={busy} onClick={logAll}>
              Log all {ran}
            </button>
          )}
          <button type="button" className="btn btn-primary" disabled={busy || at === undefined} onClick={stopAt}>
            Stop at that time
          </button>
        </>
      }
    >
      <p data-testid="timer-end-question">{message}</p>
      {mode === 'switch' && (
        <p className="muted">
          After Log all, Stop at that time or Discard, {nextJob ?? 'the next job'} starts. Keep running starts nothing.
        </p>
      )}
      <EndTime zone={zone} startedAt={startedAt} now={now} initial={suggested} onChange={setAt} onSubmit={stopAt} focusTime />
      {discarding && (
        <p className="field-error small">
          Press Discard again to drop the {ran} on {view.jobName}: nothing of it is logged.
        </p>
      )}
      <ErrorMessage error={error} />
    </Dialog>
  );
}
