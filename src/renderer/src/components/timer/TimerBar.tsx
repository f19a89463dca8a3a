/**
 * The running timer on every tab but Track (where the timer card is): job, elapsed time, the rounded time that will
 * be logged, and Stop. A stop that needs a decision (over the company's daily maximum) opens Track, where it is asked;
 * a stop on a week locked meanwhile is asked where the time goes (App: TimerDayPrompt); what a stop logged, or why it
 * failed, is said here (a refusal used to go unsaid on the Team tab).
 */
import { roundToHhmm } from '../../../../shared/time/hours';
import { showElapsed } from '../../format';
import { useNow } from '../../hooks/useNow';
import { useApp } from '../../store/useApp';
import { ErrorMessage } from '../Messages';
import { StopNotice } from './StopOutcome';
import { TIMER_WORDS } from './timer-words';
import { defineMessages } from '../../../../shared/i18n/messages';
import { useWording } from '../../i18n/I18n';

const M = defineMessages({
  region: { id: 'timer.bar.name', defaultMessage: 'Running timer', description: 'Screen reader name of the timer’s bar on other tabs.' },
  open: { id: 'timer.bar.open', defaultMessage: 'Open the timer', description: 'Tooltip of the job’s name in the bar: opens Track.' },
  time: {
    id: 'timer.bar.time',
    defaultMessage: 'Elapsed {elapsed}, {rounded} will be logged',
    description: 'Screen readers: {elapsed} is 01:07:42, {rounded} the HH:MM that will be logged.',
  },
});

export function TimerBar() {
  const w = useWording();
  const view = useApp((s) => s.timer.view);
  const busy = useApp((s) => s.timer.busy);
  const stop = useApp((s) => s.timer.stop);
  const lastStop = useApp((s) => s.timer.lastStop);
  const error = useApp((s) => s.timer.error);
  const show = useApp((s) => s.ui.show);
  const now = useNow(!!view?.running);
  const failed = error ? (
    <div className="timer-bar timer-bar-done" data-testid="timer-bar-error">
      <ErrorMessage error={error} />
    </div>
  ) : null;
  if (!view?.running) {
    if (failed) return failed;
    return lastStop && !lastStop.needsConfirm && !lastStop.needsDay && !lastStop.needsEnd ? (
      <div className="timer-bar timer-bar-done">
        <StopNotice outcome={lastStop} />
      </div>
    ) : null;
  }
  const elapsed = view.startedAt ? Math.max(0, now - view.startedAt) : view.elapsedMs;
  const rounded = roundToHhmm(elapsed, view.rule).roundedHhmm;
  return (
    <>
      <div className="timer-bar" role="region" aria-label={w.say(M.region)} data-testid="timer-bar">
        <span className="pulse" aria-hidden="true" />
        <button
          type="button"
          className="timer-bar-job link"
          onClick={() => show('track')}
          title={w.say(M.open)}
          translate={view.jobName ? 'no' : undefined}
        >
          {view.jobName ?? w.say(TIMER_WORDS.noJob)}
        </button>
        <span className="mono timer-bar-time" aria-label={w.say(M.time, { elapsed: showElapsed(elapsed), rounded })}>
          {showElapsed(elapsed)}{' '}
          <span className="muted">
            <span className="dir-arrow">{'\u2192'}</span> {rounded}
          </span>
        </span>
        <button
          type="button"
          className="btn btn-primary btn-small"
          disabled={busy}
          onClick={async () => {
            const r = await stop();
            if (r?.needsConfirm) show('track');
          }}
        >
          <span aria-hidden="true">{'\u25A0'}</span> {w.say(TIMER_WORDS.stop)}
        </button>
      </div>
      {failed}
    </>
  );
}
