/**
 * Settings: account, rounding (with a live example), idle, the global shortcut, start at login, notifications, updates,
 * sleep, theme, the app's keys. In the browser (web mode) the settings only the desktop app can act on say so at each.
 */
import { useEffect, useId, useState } from 'react';
import { roundToHhmm } from '../../../shared/hours';
import { ROUNDING_STEPS, type RoundingMode, type RoundingStep, type SuspendAction, type Theme } from '../../../shared/domain';
import { weekdayName } from '../../../shared/week';
import { describeRule, showElapsed } from '../format';
import { useApp } from '../store/useApp';
import { inWebMode } from '../bridge';
import { AccountSettings } from './AccountSettings';
import { DESKTOP_ONLY, GlobalShortcutField, KeyboardCard } from './ShortcutSettings';
import { ErrorMessage, Loading } from './Messages';
import { WorkdaySettings } from './WorkdaySettings';

/** 1:07:42 and 0:22:30 show both directions of rounding at a glance. */
const EXAMPLES_MS = [(60 + 7) * 60_000 + 42_000, 22 * 60_000 + 30_000];

export function SettingsScreen() {
  const prefs = useApp((s) => s.settings.prefs);
  const error = useApp((s) => s.settings.error);
  const company = useApp((s) => s.settings.company);
  const update = useApp((s) => s.settings.update);
  const load = useApp((s) => s.settings.load);
  const updates = useApp((s) => s.settings.updates);
  const loadUpdates = useApp((s) => s.settings.loadUpdates);
  useEffect(() => {
    void loadUpdates();
  }, [loadUpdates]);
  const [idle, setIdle] = useState('');
  useEffect(() => {
    if (prefs) setIdle(String(prefs.idleThresholdMinutes));
  }, [prefs?.idleThresholdMinutes]);

  return (
    <div className="stack">
      <AccountSettings />
      <ErrorMessage error={error} onRetry={prefs ? undefined : () => void load()} />
      {!prefs && !error && <Loading>Reading your preferences...</Loading>}
      {prefs && (
        <>
          <section className="card" aria-labelledby="rounding-title">
            <h2 id="rounding-title" className="card-title">
              Rounding
            </h2>
            <div className="row">
              <label className="field grow">
                <span className="field-label">Round</span>
                <select
                  className="input"
                  value={prefs.rounding.mode}
                  onChange={(e) => void update({ rounding: { ...prefs.rounding, mode: e.target.value as RoundingMode } })}
                >
                  <option value="nearest">to the nearest</option>
                  <option value="up">up</option>
                  <option value="down">down</option>
                </select>
              </label>
              <label className="field grow">
                <span className="field-label">Step</span>
                <select
                  className="input"
                  value={prefs.rounding.stepMinutes}
                  onChange={(e) => void update({ rounding: { ...prefs.rounding, stepMinutes: Number(e.target.value) as RoundingStep } })}
                >
                  {ROUNDING_STEPS.map((s) => (
                    <option key={s} value={s}>
                      {s === 1 ? '1 minute' : `${s} minutes`}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            <p className="example" aria-live="polite">
              {EXAMPLES_MS.map((ms) => (
                <span key={ms}>
                  <span className="mono">{showElapsed(ms)}</span> {'\u2192'}{' '}
                  <strong className="mono">{roundToHhmm(ms, prefs.rounding).roundedHhmm}</strong>
                </span>
              ))}
              <span className="muted">({describeRule(prefs.rounding)})</span>
            </p>
          </section>

          <section className="card" aria-labelledby="behaviour-title">
            <h2 id="behaviour-title" className="card-title">
              Behaviour
            </h2>
            <div className="row">
              <label className="field">
                <span className="field-label">Ask about idle time after (minutes)</span>
                <input
                  className="input"
                  type="number"
                  min={1}
                  max={240}
                  value={idle}
                  onChange={(e) => setIdle(e.target.value)}
                  onBlur={() => {
                    const n = Number(idle);
                    if (Number.isInteger(n) && n >= 1 && n <= 240 && n !== prefs.idleThresholdMinutes)
                      void update({ idleThresholdMinutes: n });
                  }}
                />
              </label>
            </div>
            <WorkdaySettings prefs={prefs} update={(p) => void update(p)} />
            <GlobalShortcutField value={prefs.shortcut} onSave={(shortcut) => void update({ shortcut })} />
            {(Number(idle) < 1 || Number(idle) > 240 || !Number.isInteger(Number(idle))) && (
              <p className="field-hint field-error">Idle time: a whole number of minutes from 1 to 240.</p>
            )}
            <label className="field">
              <span className="field-label">When the computer sleeps or locks with the timer running</span>
              <select
                className="input"
                value={prefs.onSuspend}
                onChange={(e) => void update({ onSuspend: e.target.value as SuspendAction })}
              >
                <option value="ask">Ask me when I am back</option>
                <option value="keep">Keep the timer running</option>
                <option value="stop">Stop the timer at that moment</option>
              </select>
            </label>
            <DesktopCheck
              label="Start Punchcard at login"
              checked={prefs.startAtLogin}
              onChange={(v) => void update({ startAtLogin: v })}
            />
            <DesktopCheck label="Show notifications" checked={prefs.notifications} onChange={(v) => void update({ notifications: v })} />
            {/* src/main/update/policy.ts: the installed desktop app only (its hint says so, in web mode too); an organisation can turn updates off for everyone */}
            <label className="check">
              <input
                type="checkbox"
                checked={prefs.autoUpdate}
                onChange={(e) => void update({ autoUpdate: e.target.checked })}
                aria-describedby="updates-hint"
              />{' '}
              Keep Punchcard up to date
            </label>
            <p id="updates-hint" className="field-hint">
              The installed app looks for a new version once a day, downloads it in the background and installs it when you quit.
              {updates ? ` ${updates}` : ''}
            </p>
          </section>

          <section className="card" aria-labelledby="theme-title">
            <h2 id="theme-title" className="card-title">
              Appearance
            </h2>
            <div className="segmented" role="radiogroup" aria-labelledby="theme-title">
              {(['system', 'light', 'dark'] as Theme[]).map((t) => (
                <label key={t} className={`seg-option${prefs.theme === t ? ' seg-on' : ''}`}>
                  <input
                    type="radio"
                    name="theme"
                    className="sr-only-input"
                    checked={prefs.theme === t}
                    onChange={() => void update({ theme: t })}
                  />
                  {t === 'system' ? 'Follow system' : t === 'light' ? 'Light' : 'Dark'}
                </label>
              ))}
            </div>
          </section>
          <KeyboardCard />
        </>
      )}
      {company && (
        <section className="card" aria-labelledby="rules-title">
          <h2 id="rules-title" className="card-title">
            Company rules
          </h2>
          <dl className="facts">
            <dt>Most per day</dt>
            <dd className="mono">
              {String(Math.floor(company.maxMinutesPerDay / 60)).padStart(2, '0')}:{String(company.maxMinutesPerDay % 60).padStart(2, '0')}
            </dd>
            <dt>Future dates</dt>
            <dd>{company.allowFutureDates ? 'Allowed' : 'Not allowed'}</dd>
            <dt>Past days</dt>
            <dd>{company.pastDaysAllowed === null ? 'No limit' : `Last ${company.pastDaysAllowed} days`}</dd>
            <dt>Week due</dt>
            <dd>{weekdayName(company.submissionDueWeekday)}</dd>
          </dl>
        </section>
      )}
    </div>
  );
}

/** A setting the desktop app acts on; in the browser it says that it does nothing there. */
function DesktopCheck({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  const id = useId();
  return (
    <div>
      <label className="check">
        <input
          type="checkbox"
          checked={checked}
          aria-describedby={inWebMode ? id : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />{' '}
        {label}
      </label>
      {inWebMode && (
        <p id={id} className="field-hint desktop-only">
          {DESKTOP_ONLY}
        </p>
      )}
    </div>
  );
}
