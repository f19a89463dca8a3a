/**
 * What a stop of the timer said (TimerControls.tsx, TimerBar.tsx): the line of what it logged, with the core's own
 * words after it, and the question when the company's day maximum caps what the timer ran.
 */
import { useApp } from '../../store/useApp';
import { Dialog } from '../Dialog';
import type { StopOutcome } from '../../store/slices/timer';
import { coreText, sayWords } from '../../i18n/words';
import { Outcome, toneOf } from '../Messages';
import { useWording } from '../../i18n/I18n';
import { TIMER_CARD_WORDS as M } from './timer-words';

export function StopNotice({ outcome }: { outcome: StopOutcome }) {
  const w = useWording();
  const dismiss = useApp((s) => s.timer.dismissStop);
  return (
    <div className="row stop-notice">
      <Outcome tone={toneOf(outcome.state)}>
        <StopWords outcome={outcome} />
      </Outcome>
      <button type="button" className="icon-btn" aria-label={w.say(M.dismiss)} onClick={dismiss}>
        <span aria-hidden="true">{'\u00D7'}</span>
      </button>
    </div>
  );
}

/** What a stop logged, then what the core said besides (its own words: marked, as they are not all converted yet). */
export function StopWords({ outcome }: { outcome: Pick<StopOutcome, 'message' | 'notice'> }) {
  const w = useWording();
  const said = outcome.message ? sayWords(w, outcome.message) : '';
  return (
    <>
      {said}
      {said && outcome.notice ? ' ' : ''}
      {outcome.notice && <span data-testid="core-words">{coreText(w, outcome.notice)}</span>}
    </>
  );
}

export function ConfirmCapped({ outcome, rounded }: { outcome: StopOutcome; rounded: string }) {
  const w = useWording();
  const stop = useApp((s) => s.timer.stop);
  const dismiss = useApp((s) => s.timer.dismissStop);
  const busy = useApp((s) => s.timer.busy);
  return (
    <Dialog
      title={w.say(M.cappedTitle)}
      onCancel={dismiss}
      actions={
        <>
          <button type="button" className="btn" onClick={dismiss}>
            {w.say(M.keepRunning)}
          </button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void stop(true)} autoFocus>
            {w.say(M.cappedLog)}
          </button>
        </>
      }
    >
      <p>
        <StopWords outcome={outcome} />
      </p>
      <p className="muted">{w.say(M.cappedText, { rounded })}</p>
    </Dialog>
  );
}
