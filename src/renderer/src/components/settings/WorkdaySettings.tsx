/**
 * The end of the working day and the time zone the timer counts days in (src/shared/preferences.ts `endOfDay`,
 * `timeZone`): a timer still running past the end of day is asked about before it is logged (and the reminders of
 * the reminders read the same setting); a new timer's days are those of the zone chosen here, else this computer's.
 */
import { useEffect, useState } from 'react';
import { defineMessages } from '../../../../shared/i18n/messages';
import type { Preferences } from '../../../../shared/preferences';
import { systemZone } from '../../../../shared/time/zone';
import { useWording } from '../../i18n/I18n';

const M = defineMessages({
  endOfDay: {
    id: 'settings.workday.end',
    defaultMessage: 'End of my working day',
    description: 'Label of a time field (18:00): when the working day ends.',
  },
  zone: {
    id: 'settings.workday.zone',
    defaultMessage: 'Count my days in',
    description:
      "Label of a list of time zones: the zone whose calendar days are the user's (what today and this week are everywhere in the app, and where a timer is split at midnight).",
  },
  zoneHint: {
    id: 'settings.workday.zone.hint',
    defaultMessage: "Today, this week and the timer's days follow this zone.",
    description: 'Help under the list of time zones (Count my days in).',
  },
  system: {
    id: 'settings.workday.zone.system',
    defaultMessage: "This computer's zone ({zone})",
    description: '{zone}: a time zone name such as Europe/Berlin, kept as it is.',
  },
  forgotten: {
    id: 'settings.workday.catch-forgotten',
    defaultMessage: 'Ask about a timer left running when the app opens or wakes',
    description: 'Checkbox: a timer still running past the end of the day or over midnight is asked about at the next open.',
  },
  morning: {
    id: 'settings.workday.morning',
    defaultMessage: 'Remind me on working days when nothing is logged by',
    description: 'Checkbox followed by a time field (10:00): the morning reminder.',
  },
  hint: {
    id: 'settings.workday.hint',
    defaultMessage:
      'A timer still running past the end of your day, over midnight or through a sleep is asked about before its time is logged.',
  },
});

/** The zones this browser knows, for the list (a few hundred; one read). */
const ZONES: string[] = (() => {
  try {
    return (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf('timeZone');
  } catch {
    return [];
  }
})();

export function WorkdaySettings({ prefs, update }: { prefs: Preferences; update: (p: Partial<Preferences>) => void }) {
  const w = useWording();
  const [end, setEnd] = useState(prefs.endOfDay);
  useEffect(() => setEnd(prefs.endOfDay), [prefs.endOfDay]);
  const [morningAt, setMorningAt] = useState(prefs.morningReminderAt);
  useEffect(() => setMorningAt(prefs.morningReminderAt), [prefs.morningReminderAt]);
  const here = systemZone();
  return (
    <>
      <div className="row">
        <label className="field">
          <span className="field-label">{w.say(M.endOfDay)}</span>
          <input
            className="input"
            type="time"
            value={end}
            onChange={(e) => setEnd(e.target.value)}
            onBlur={() => {
              if (/^\d{2}:\d{2}$/.test(end) && end !== prefs.endOfDay) update({ endOfDay: end });
            }}
            aria-describedby="end-of-day-hint"
          />
        </label>
        <label className="field grow">
          <span className="field-label">{w.say(M.zone)}</span>
          <select
            className="input"
            value={prefs.timeZone}
            onChange={(e) => update({ timeZone: e.target.value })}
            aria-describedby="zone-hint"
          >
            <option value="system">{w.say(M.system, { zone: here })}</option>
            {ZONES.filter((z) => z !== here).map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p id="zone-hint" className="field-hint">
        {w.say(M.zoneHint)}
      </p>
      <p id="end-of-day-hint" className="field-hint">
        {w.say(M.hint)}
      </p>
      <label className="check">
        <input
          type="checkbox"
          data-testid="catch-forgotten-timer"
          checked={prefs.catchForgottenTimer}
          onChange={(e) => update({ catchForgottenTimer: e.target.checked })}
        />{' '}
        {w.say(M.forgotten)}
      </label>
      <div className="row">
        <label className="check">
          <input
            type="checkbox"
            data-testid="morning-reminder"
            checked={prefs.morningReminder}
            onChange={(e) => update({ morningReminder: e.target.checked })}
          />{' '}
          {w.say(M.morning)}
        </label>
        <input
          className="input"
          type="time"
          aria-label={w.say(M.morning)}
          value={morningAt}
          disabled={!prefs.morningReminder}
          onChange={(e) => setMorningAt(e.target.value)}
          onBlur={() => {
            if (/^\d{2}:\d{2}$/.test(morningAt) && morningAt !== prefs.morningReminderAt) update({ morningReminderAt: morningAt });
          }}
        />
      </div>
    </>
  );
}
