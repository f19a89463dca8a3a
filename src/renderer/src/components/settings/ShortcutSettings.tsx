/**
 * Keys in Settings: the global shortcut (start or stop the timer from anywhere, desktop app only) shown in the OS's
 * words ("Ctrl+Alt+P", "⌥⌘P") and set by pressing it, and the list of the app's own keys (../../shortcuts.ts).
 */
import { useId, useState } from 'react';
import { acceleratorOf, acceleratorWords } from '../../../../shared/shortcut-words';
import { inWebMode } from '../../bridge';
import { keyNames, keyPlatform, shortcutKeys } from '../../shortcuts';
import { SCREENS } from '../../store/slices/ui';
import { defineMessages } from '../../../../shared/i18n/messages';
import { useWording } from '../../i18n/I18n';

const M = defineMessages({
  desktopOnly: {
    id: 'settings.desktop-only',
    defaultMessage: 'Desktop app only: in the browser this setting is kept but does nothing.',
    description: 'Under a setting that only the installed desktop app can act on, shown in the browser.',
  },
  globalShortcut: {
    id: 'settings.shortcut.label',
    defaultMessage: 'Start/stop from anywhere',
    description: 'The global shortcut that starts or stops the timer.',
  },
  pressKeys: { id: 'settings.shortcut.recording', defaultMessage: 'Press the keys...' },
  clickThenPress: { id: 'settings.shortcut.how', defaultMessage: 'Click, then press the keys' },
  keyboard: { id: 'settings.keys.title', defaultMessage: 'Keyboard' },
  startStop: { id: 'settings.keys.start-stop', defaultMessage: 'Start the timer (with the job chosen on Track), or stop it' },
  log: { id: 'settings.keys.log', defaultMessage: 'Log time by hand: the Hours field on Track' },
  formAction: { id: 'settings.keys.form-action', defaultMessage: 'On Track: the form’s button (Start timer, or Log the hours typed)' },
  tabs: {
    id: 'settings.keys.tabs',
    defaultMessage: 'The tabs, in order ({tabs}; those you see)',
    description: '{tabs}: the tab names as a list.',
  },
  pick: { id: 'settings.keys.enter-tab', defaultMessage: 'In the job field: choose the highlighted job' },
  close: { id: 'settings.keys.esc', defaultMessage: 'Close the open day in the week, a list or a dialog' },
  needsModifier: {
    id: 'settings.shortcut.needs-modifier',
    defaultMessage: 'Hold {keys} with the key, so typing elsewhere does not set it off.',
    description: 'The shortcut field refuses a key pressed alone; {keys}: e.g. "Ctrl or Alt" (key caps).',
  },
  needsKey: { id: 'settings.shortcut.needs-key', defaultMessage: 'Use a letter, a digit or a function key with the modifiers.' },
});

/** Said under each setting only the desktop app can act on, in the browser (web mode). */
export const DESKTOP_ONLY = M.desktopOnly;

export function GlobalShortcutField({ value, onSave }: { value: string; onSave: (accelerator: string) => void }) {
  const w = useWording();
  const id = useId();
  const platform = keyPlatform();
  const [recording, setRecording] = useState(false);
  const [problem, setProblem] = useState<'modifier' | 'key' | null>(null);
  const names = keyNames(w);
  const words = acceleratorWords(value, platform, names);
  const problemWords =
    problem === 'modifier'
      ? w.say(M.needsModifier, { keys: w.formats.list(platform === 'mac' ? ['⌘', '⌥'] : [names.ctrl, names.alt], 'or') })
      : problem === 'key'
        ? w.say(M.needsKey)
        : null;
  const hint = [problemWords, inWebMode ? w.say(DESKTOP_ONLY) : null].filter(Boolean);
  return (
    <div className="field grow">
      <span className="field-label" id={`${id}-label`}>
        {w.say(M.globalShortcut)}
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
          <span id={`${id}-value`}>{recording ? w.say(M.pressKeys) : <bdi>{words}</bdi>}</span>
        </button>
        {!recording && <span className="muted small">{w.say(M.clickThenPress)}</span>}
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
  const w = useWording();
  const names = keyNames(w);
  const keys = shortcutKeys(keyPlatform(), names);
  const rows: Array<[string, string]> = [
    [keys.startStop, w.say(M.startStop)],
    [keys.log, w.say(M.log)],
    [keys.formActionWords, w.say(M.formAction)],
    [`${keys.tab(1)} \u2026 ${keys.tab(SCREENS.length)}`, w.say(M.tabs, { tabs: w.formats.list(SCREENS.map((s) => w.say(s.label))) })],
    [w.formats.list([names.enter, names.tab], 'or'), w.say(M.pick)],
    [names.esc, w.say(M.close)],
  ];
  return (
    <section className="card" aria-labelledby="keys-title">
      <h2 id="keys-title" className="card-title">
        {w.say(M.keyboard)}
      </h2>
      <dl className="facts keys">
        {rows.map(([k, what]) => (
          <div key={k} className="key-row">
            <dt>
              <kbd>
                <bdi>{k}</bdi>
              </kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
