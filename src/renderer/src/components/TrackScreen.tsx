/** The Track tab: the timer first; logging by hand one click away. */
import { ManualLog } from './LogForm';
import { TimerPanel } from './TimerPanel';

export function TrackScreen() {
  return (
    <div className="stack">
      <TimerPanel />
      <details className="card manual">
        <summary className="card-title">Log time by hand</summary>
        <ManualLog />
      </details>
    </div>
  );
}
