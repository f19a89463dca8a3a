/**
 * Settings: account, language and formats, rounding (with a live example), idle, the global shortcut, start at login,
 * notifications, updates, sleep, theme, the app's keys. In the browser (web mode) the settings only the desktop app
 * can act on say so at each.
 */
import { useEffect, useId, useState } from 'react';
import { roundToHhmm } from '../../../../shared/time/hours';
import { ROUNDING_STEPS, type RoundingMode, type RoundingStep, type SuspendAction, type Theme } from '../../../../shared/domain';
import { defineMessages } from '../../../../shared/i18n/messages';
import { sayIt } from '../../../../shared/i18n/said';
import { showElapsed } from '../../format';
import { useApp } from '../../store/useApp';
import { inWebMode } from '../../bridge';
import { useWording } from '../../i18n/I18n';
import { AccountSettings } from './AccountSettings';
import { LanguageSettings } from './LanguageSettings';
import { DESKTOP_ONLY, GlobalShortcutField, KeyboardCard } from './ShortcutSettings';
import { ErrorMessage, Loading } from '../Messages';
import { WorkdaySettings } from './WorkdaySettings';

const M = defineMessages({
  reading: { id: 'settings.reading', defaultMessage: 'Reading your preferences...' },
  rounding: { id: 'settings.rounding.title', defaultMessage: 'Rounding', description: 'How timer time is rounded before it is logged.' },
  round: {
    id: 'settings.rounding.mode',
    defaultMessage: 'Round',
    description: 'Label of the rounding direction (to the nearest, up, down).',
  },
  nearest: { id: 'settings.rounding.mode.nearest', defaultMessage: 'to the nearest' },
  up: { id: 'settings.rounding.mode.up', defaultMessage: 'up' },
  down: { id: 'settings.rounding.mode.down', defaultMessage: 'down' },
  step: { id: 'settings.rounding.step', defaultMessage: 'Step', description: 'Label of the rounding step in minutes.' },
  minutes: { id: 'settings.rounding.minutes', defaultMessage: '{count, plural, one {# minute} other {# minutes}}' },
  rule: {
    id: 'settings.rounding.rule',
    defaultMessage:
      '{mode, select, nearest {nearest {step, plural, one {minute} other {# minutes}}} up {up to {step, plural, one {the minute} other {# minutes}}} other {down to {step, plural, one {the minute} other {# minutes}}}}',
    description: 'The rounding rule in words, after the examples: "nearest 15 minutes", "up to the minute".',
  },
  behaviour: { id: 'settings.behaviour.title', defaultMessage: 'Behaviour' },
  idle: { id: 'settings.idle', defaultMessage: 'Ask about idle time after (minutes)' },
  idleBad: { id: 'settings.idle.bad', defaultMessage: 'Idle time: a whole number of minutes from {min} to {max}.' },
  suspend: { id: 'settings.suspend', defaultMessage: 'When the computer sleeps or locks with the timer running' },
  suspendAsk: { id: 'settings.suspend.ask', defaultMessage: 'Ask me when I am back' },
  suspendKeep: { id: 'settings.suspend.keep', defaultMessage: 'Keep the timer running' },
  suspendStop: { id: 'settings.suspend.stop', defaultMessage: 'Stop the timer at that moment' },
  startAtLogin: { id: 'settings.start-at-login', defaultMessage: 'Start Punchcard at login' },
  notifications: { id: 'settings.notifications', defaultMessage: 'Show notifications' },
  autoUpdate: { id: 'settings.auto-update', defaultMessage: 'Keep Punchcard up to date' },
  updatesHint: {
    id: 'settings.auto-update.hint',
    defaultMessage: 'The installed app looks for a new version once a day, downloads it in the background and installs it when you quit.',
  },
  appearance: { id: 'settings.appearance.title', defaultMessage: 'Appearance' },
  themeSystem: { id: 'settings.theme.system', defaultMessage: 'Follow system' },
  themeLight: { id: 'settings.theme.light', defaultMessage: 'Light' },
  themeDark: { id: 'settings.theme.dark', defaultMessage: 'Dark' },
  companyRules: {
    id: 'settings.company.title',
    defaultMessage: 'Company rules',
    description: "The company's rules for time logs, from the service.",
  },
  maxPerDay: { id: 'settings.company.max-per-day', defaultMessage: 'Most per day' },
  futureDates: { id: 'settings.company.future-dates', defaultMessage: 'Future dates' },
  allowed: { id: 'settings.company.allowed', defaultMessage: 'Allowed' },
  notAllowed: { id: 'settings.company.not-allowed', defaultMessage: 'Not allowed' },
  pastDays: { id: 'settings.company.past-days', defaultMessage: 'Past days', description: 'How many days back a time log may be.' },
  noLimit: { id: 'settings.company.no-limit', defaultMessage: 'No limit' },
  lastDays: { id: 'settings.company.last-days', defaultMessage: '{count, plural, one {Last # day} other {Last # days}}' },
  weekDue: { id: 'settings.company.week-due', defaultMessage: 'Week due', description: 'The weekday the week must be submitted by.' },
});

/** 1:07:42 and 0:22:30 show both directions of rounding at a glance. */
const EXAMPLES_MS = [(60 + 7) * 60_000 + 42_000, 22 * 60_000 + 30_000];

export function SettingsScreen() {
  const w = useWording();
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
      {!prefs && !error && <Loading>{w.say(M.reading)}</Loading>}
      {prefs && (
        <>
          <LanguageSettings language={prefs.language} region={prefs.region} onChange={(p) => void update(p)} />

          <section className="card" aria-labelledby="rounding-title">
            <h2 id="rounding-title" className="card-title">
              {w.say(M.rounding)}
            </h2>
            <div className="row">
              <label className="field grow">
                <span className="field-label">{w.say(M.round)}</span>
                <select
                  className="input"
                  value={prefs.rounding.mode}
                  onChange={(e) => void update({ rounding: { ...prefs.rounding, mode: e.target.value as RoundingMode } })}
                >
                  <option value="nearest">{w.say(M.nearest)}</option>
                  <option value="up">{w.say(M.up)}</option>
                  <option value="down">{w.say(M.down)}</option>
                </select>
              </label>
              <label className="field grow">
                <span className="field-label">{w.say(M.step)}</span>
                <select
                  className="input"
                  value={prefs.rounding.stepMinutes}
                  onChange={(e) => void update({ rounding: { ...prefs.rounding, stepMinutes: Number(e.target.value) as RoundingStep } })}
                >
                  {ROUNDING_STEPS.map((s) => (
                    <option key={s} value={s}>
                      {w.say(M.minutes, { count: s })}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            <p className="example" aria-live="polite">
              {EXAMPLES_MS.map((ms) => (
                <span key={ms}>
                  <bdi className="mono">{showElapsed(ms)}</bdi> <span className="dir-arrow">{'\u2192'}</span>{' '}
                  <strong className="mono">
                    <bdi>{roundToHhmm(ms, prefs.rounding).roundedHhmm}</bdi>
                  </strong>
                </span>
              ))}
              <span className="muted">({w.say(M.rule, { mode: prefs.rounding.mode, step: prefs.rounding.stepMinutes })})</span>
            </p>
          </section>

          <section className="card" aria-labelledby="behaviour-title">
            <h2 id="behaviour-title" className="card-title">
              {w.say(M.behaviour)}
            </h2>
            <div className="row">
              <label className="field">
                <span className="field-label">{w.say(M.idle)}</span>
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
              <p className="field-hint field-error">{w.say(M.idleBad, { min: 1, max: 240 })}</p>
            )}
            <label className="field">
              <span className="field-label">{w.say(M.suspend)}</span>
              <select
                className="input"
                value={prefs.onSuspend}
                onChange={(e) => void update({ onSuspend: e.target.value as SuspendAction })}
              >
                <option value="ask">{w.say(M.suspendAsk)}</option>
                <option value="keep">{w.say(M.suspendKeep)}</option>
                <option value="stop">{w.say(M.suspendStop)}</option>
              </select>
            </label>
            <DesktopCheck label={w.say(M.startAtLogin)} checked={prefs.startAtLogin} onChange={(v) => void update({ startAtLogin: v })} />
            <DesktopCheck
              label={w.say(M.notifications)}
              checked={prefs.notifications}
              onChange={(v) => void update({ notifications: v })}
            />
            {/* src/main/update/policy.ts: the installed desktop app only (its hint says so, in web mode too); an organisation can turn updates off for everyone */}
            <label className="check">
              <input
                type="checkbox"
                checked={prefs.autoUpdate}
                onChange={(e) => void update({ autoUpdate: e.target.checked })}
                aria-describedby="updates-hint"
              />{' '}
              {w.say(M.autoUpdate)}
            </label>
            <p id="updates-hint" className="field-hint">
              {w.say(M.updatesHint)}
              {updates ? ` ${sayIt(w, updates.said, updates.words)}` : ''}
            </p>
          </section>

          <section className="card" aria-labelledby="theme-title">
            <h2 id="theme-title" className="card-title">
              {w.say(M.appearance)}
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
                  {w.say(t === 'system' ? M.themeSystem : t === 'light' ? M.themeLight : M.themeDark)}
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
            {w.say(M.companyRules)}
          </h2>
          <dl className="facts">
            <dt>{w.say(M.maxPerDay)}</dt>
            <dd className="mono">
              <bdi>
                {String(Math.floor(company.maxMinutesPerDay / 60)).padStart(2, '0')}:
                {String(company.maxMinutesPerDay % 60).padStart(2, '0')}
              </bdi>
            </dd>
            <dt>{w.say(M.futureDates)}</dt>
            <dd>{w.say(company.allowFutureDates ? M.allowed : M.notAllowed)}</dd>
            <dt>{w.say(M.pastDays)}</dt>
            <dd>{company.pastDaysAllowed === null ? w.say(M.noLimit) : w.say(M.lastDays, { count: company.pastDaysAllowed })}</dd>
            <dt>{w.say(M.weekDue)}</dt>
            <dd>{w.formats.weekday(company.submissionDueWeekday % 7, 'long')}</dd>
          </dl>
        </section>
      )}
    </div>
  );
}

/** A setting the desktop app acts on; in the browser it says that it does nothing there. */
function DesktopCheck({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  const w = useWording();
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
          {w.say(DESKTOP_ONLY)}
        </p>
      )}
    </div>
  );
}
