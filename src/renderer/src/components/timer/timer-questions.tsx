/**
 * The timer's questions, asked whatever tab is open (TimerQuestions.tsx draws them): time away, a timer on a
 * submitted or approved week, a timer whose end is in doubt, one left running past the end of the day. A chunk of
 * their own, loaded the first time the timer may ask one, so the first screen does not load or run them.
 */
import { useApp } from '../../store/useApp';
import { ForgottenTimerPrompt } from './ForgottenTimerPrompt';
import { IdlePrompt } from './IdlePrompt';
import { TimerDayPrompt } from './TimerDayPrompt';
import { TimerEndPrompt } from './TimerEndPrompt';

export function TimerQuestionsDrawn() {
  const idlePrompt = useApp((s) => s.timer.view?.idlePrompt);
  const timerJob = useApp((s) => s.timer.view?.jobName);
  return (
    <>
      {/* Asked whatever tab is open: the answer decides what is logged. */}
      {idlePrompt && <IdlePrompt prompt={idlePrompt} jobName={timerJob} />}
      {/* The timer on a submitted or approved week: where its time goes, asked whatever tab is open. */}
      {!idlePrompt && <TimerDayPrompt />}
      {/* A timer whose end is in doubt (the clock moved back, it ran long): its end, asked whatever tab is open. */}
      {!idlePrompt && <TimerEndPrompt />}
      {/* A timer left running past the end of day or over midnight: caught when the app opens or comes back. */}
      {!idlePrompt && <ForgottenTimerPrompt />}
    </>
  );
}
