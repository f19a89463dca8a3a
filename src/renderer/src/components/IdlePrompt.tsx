/** Asked when the user comes back to a running timer after idle time, sleep, lock or shutdown. */
import type { TimerView } from '../../../shared/domain';
import { showElapsed, showTime } from '../format';
import { useApp } from '../store/useApp';
import { Dialog } from './Dialog';

const REASONS: Record<NonNullable<TimerView['idlePrompt']>['reason'], string> = {
  idle: 'You have been away',
  suspend: 'The computer was asleep',
  lock: 'The screen was locked',
  shutdown: 'The computer was shut down',
};

export function IdlePrompt({ prompt, jobName }: { prompt: NonNullable<TimerView['idlePrompt']>; jobName?: string }) {
  const resolve = useApp((s) => s.timer.resolveIdle);
  const busy = useApp((s) => s.timer.busy);
  const away = Date.now() - prompt.idleSince;
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
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void resolve('keep')} autoFocus>
            Keep
          </button>
        </>
      }
    >
      <p>
        {REASONS[prompt.reason]} since {showTime(prompt.idleSince)} ({showElapsed(away).slice(0, 5)} h) while the timer
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
        starts a new timer on the same job from now.
      </p>
    </Dialog>
  );
}
