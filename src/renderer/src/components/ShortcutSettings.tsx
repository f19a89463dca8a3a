/**
 * Keys in Settings: the global shortcut (start or stop the timer from anywhere, desktop app only) shown in the OS's
 * words ("Ctrl+Alt+P", "⌥⌘P") and set by pressing it, and the list of the app's own keys (../shortcuts.ts).
 */
import { useId, useState } from 'react';
import { acceleratorOf, acceleratorWords } from '../../../shared/shortcut-words';
import { inWebMode } from '../bridge';
import { keyPlatform, shortcutKeys } from '../shortcuts';
import { SCREENS } from '../store/ui';

/** Said under each setting only the desktop app can act on, in the browser (web mode). */
export const DESKTOP_ONLY = 'Desktop app only: in the browser this setting is kept but does nothing.';

export function GlobalShortcutField({ value, onSave }: { value: string; onSave: (accelerator: string) => void }) {
  const id = useId();
  const platform = keyPlatform();
  const [recording, setRecording] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const words = acceleratorWords(value, platform);
  const hint = [problem, inWebMode ? DESKTOP_ONLY : null].filter(Boolean);
  return (
    <div className="field grow">
      <span className="field-label" id={`${id}-label`}>
        Start/stop from anywhere
      </span>
      <div className="row">
        <button
          type="button"
          className={`input shortcut-input mono${recording ? ' recording' : ''}`}
          aria-labelledby={`${id}-label ${id}-value`}
          aria-describedby={hint.length ? `${id}-hint` : undefined}
          onClick={() => {
            setRecording(true);
            setProblem(null);
          }}
          onBlur={() => setRecording(false)}
          onKeyDown={(e) => {
            if (!recording) return;
            if (e.key === 'Escape') {
              e.preventDefault();
              setRecording(false);
              return;
            }
            if (e.key === 'Tab') return;
            e.preventDefault();
            const got = acceleratorOf(e, platform);
            if (!got) return;
            if ('problem' in got) {
              setProblem(got.problem);
              return;
            }
            setProblem(null);
            setRecording(false);
            if (got.accelerator !== value) onSave(got.accelerator);
          }}
        >
          <span id={`${id}-value`}>{recording ? 'Press the keys...' : words}</span>
        </button>
        {!recording && <span className="muted small">Click, then press the keys</span>}
      </div>
      {hint.length > 0 && (
        <p id={`${id}-hint`} className={`field-hint${problem ? ' field-error' : ''}`}>
          {hint.join(' ')}
        </p>
      )}
    </div>
  );
}

/** The app's own keys, listed where people look for them. */
export function KeyboardCard() {
  const keys = shortcutKeys();
  const rows: Array<[string, string]> = [
    [keys.startStop, 'Start the timer (with the job chosen on Track), or stop it'],
    [keys.log, 'Log time by hand: the Hours field on Track'],
    [keys.formActionWords, 'On Track: the form\u2019s button (Start timer, or Log the hours typed)'],
    [`${keys.tab(1)} \u2026 ${keys.tab(SCREENS.length)}`, `The tabs, in order (${SCREENS.map((s) => s.label).join(', ')}; those you see)`],
    ['Enter, Tab', 'In the job field: choose the highlighted job'],
    ['Esc', 'Close the open day in the week, a list or a dialog'],
  ];
  return (
    <section className="card" aria-labelledby="keys-title">
      <h2 id="keys-title" className="card-title">
        Keyboard
      </h2>
      <dl className="facts keys">
        {rows.map(([k, what]) => (
          <div key={k} className="key-row">
            <dt>
              <kbd>{k}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
