/**
 * The end of the working day and the time zone the timer counts days in (src/shared/preferences.ts `endOfDay`,
 * `timeZone`): a timer still running past the end of day is asked about before it is logged (and the reminders of
 * issue 27 read the same setting); a new timer's days are those of the zone chosen here, else this computer's.
 */
import { useEffect, useState } from 'react';
import type { Preferences } from '../../../shared/preferences';
import { systemZone } from '../../../shared/zone';

/** The zones this browser knows, for the list (a few hundred; one read). */
const ZONES: string[] = (() => {
  try {
    return (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf('timeZone');
  } catch {
    return [];
  }
})();

export function WorkdaySettings({ prefs, update }: { prefs: Preferences; update: (p: Partial<Preferences>) => void }) {
  const [end, setEnd] = useState(prefs.endOfDay);
  useEffect(() => setEnd(prefs.endOfDay), [prefs.endOfDay]);
  const here = systemZone();
  return (
    <div className="row">
      <label className="field">
        <span className="field-label">End of my working day</span>
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
        <span className="field-label">Days of the timer in</span>
        <select className="input" value={prefs.timeZone} onChange={(e) => update({ timeZone: e.target.value })}>
          <option value="system">This computer's zone ({here})</option>
          {ZONES.filter((z) => z !== here).map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </select>
      </label>
      <p id="end-of-day-hint" className="field-hint">
        A timer still running past the end of your day, over midnight or through a sleep is asked about before its time is logged.
      </p>
    </div>
  );
}
