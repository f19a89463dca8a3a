/**
 * Asked when the user comes back to a running timer after idle time, sleep, lock or shutdown, or after a sleep (or a
 * clock jump) that web mode's server or the desktop app noticed on its own (src/core/timer/clock-watch.ts): "You were
 * away from 23:10 to 08:05". The answers: keep that time, discard it (log up to when it began, and stop), discard it
 * and start anew from now, or stop at a time the user gives. Escape keeps the time: nothing is lost by a key.
 */
import { useState } from 'react';
import type { TimerView } from '../../../../shared/domain';
import { systemZone } from '../../../../shared/time/zone';
import { showElapsed, showTime } from '../../format';
import { useNow } from '../../hooks/useNow';
import { useApp } from '../../store/useApp';
import { Dialog } from '../Dialog';
import { EndTime } from './EndTime';
import { ErrorMessage } from '../Messages';

const REASONS: Record<NonNullable<TimerView['idlePrompt']>['reason'], string> = {
  idle: 'You were away',
  suspend: 'The computer was asleep',
  lock: 'The screen was locked',
  shutdown: 'The computer was shut down',
};

export function IdlePrompt({ prompt, jobName }: { prompt: NonNullable<TimerView['idlePrompt']>; jobName?: string }) {
  const resolve = useApp((s) => s.timer.resolveIdle);
  const busy = useApp((s) => s.timer.busy);
  const error = useApp((s) => s.timer.endError);
  const view = useApp((s) => s.timer.view);
  const now = useNow(true);
  const [at, setAt] = useState<number | undefined>(prompt.idleSince);
  const until = prompt.until ?? now;
  const away = showElapsed(until - prompt.idleSince).slice(0, 5);
  const stopAt = () => at !== undefined && void resolve('stop-at', at);
  return (
    <Dialog
      title="Keep the time you were away?"
      // Escape must not silently decide for the user: it keeps the time, the safe choice (nothing is lost).
      onCancel={() => void resolve('keep')}
      actions={
        <>
          <button type="button" className="btn" disabled={busy} onClick={() => void resolve('discard-and-start-new')}>
            Discard and start new
          </button>
          <button type="button" className="btn" disabled={busy} onClick={() => void resolve('discard')}>
            Discard idle time
          </button>
          <button type="button" className="btn" disabled={busy || at === undefined} onClick={stopAt}>
            Stop at that time
          </button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void resolve('keep')} data-autofocus>
            Keep
          </button>
        </>
      }
    >
      <p data-testid="idle-question">
        {REASONS[prompt.reason]} from {showTime(prompt.idleSince, until)} to {showTime(until, now)} ({away} h) while the timer
        {jobName ? (
          <>
            {' '}
            for <strong>{jobName}</strong>
          </>
        ) : null}{' '}
        was running.
      </p>
      <p className="muted">
        Discard idle time logs the time up to {showTime(prompt.idleSince)} and stops the timer. Discard and start new does the same, then
        starts a new timer on the same job from now. Or give the time you stopped working.
      </p>
      {view?.startedAt !== undefined && (
        <EndTime
          zone={view.zone ?? systemZone()}
          startedAt={view.startedAt}
          now={now}
          initial={prompt.idleSince}
          onChange={setAt}
          onSubmit={stopAt}
        />
      )}
      <ErrorMessage error={error} />
    </Dialog>
  );
}
