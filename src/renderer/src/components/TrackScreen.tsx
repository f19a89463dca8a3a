/** The Track tab: the timer first; logging by hand one click away. */
import { ManualEntry } from './EntryForm';
import { TimerPanel } from './TimerPanel';

export function TrackScreen() {
  return (
    <div className="stack">
      <TimerPanel />
      <details className="card manual">
        <summary className="card-title">Log time by hand</summary>
        <ManualEntry />
      </details>
    </div>
  );
}
