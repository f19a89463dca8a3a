/**
 * "Stopped working at": a day and a time, read in the zone the timer counts its days in (the timer's own, so "18:00"
 * means 18:00 where its days are: src/shared/time/zone.ts). The days offered are the timer's, from its start to today. Used
 * by the questions about a timer's end (TimerEndPrompt) and about time away (IdlePrompt).
 */
import { useId, useState } from 'react';
import { addDays } from '../../../../shared/time/week';
import { atIn, clockIn, dayIn } from '../../../../shared/time/zone';
import { defineMessages } from '../../../../shared/i18n/messages';
import { useWording } from '../../i18n/I18n';

const M = defineMessages({
  day: {
    id: 'timer.end.day',
    defaultMessage: 'Stopped working on',
    description: 'Label of a list of days, followed by the time field ("at").',
  },
  at: { id: 'timer.end.at', defaultMessage: 'at', description: 'Label of the time field after "Stopped working on" (a day).' },
  stopAt: {
    id: 'timer.end.stop-at',
    defaultMessage: 'Stop at that time',
    description: 'Button: stop the timer at the day and time given in the fields.',
  },
});

/** The button that answers with these fields, said alike by every question that has them. */
export const END_WORDS = { stopAt: M.stopAt };

interface Props {
  zone: string;
  startedAt: number;
  now: number;
  /** The moment shown first (a suggestion: the end of day, the start of the time away). */
  initial?: number;
  /** The moment chosen (undefined while the time field is empty). */
  onChange: (at: number | undefined) => void;
  /** Enter in the time field: the form's main answer. */
  onSubmit?: () => void;
  problem?: string;
  /** The time field takes the focus when the question opens (its Enter is the main answer). */
  focusTime?: boolean;
}

/** At most this many days offered: a timer forgotten for longer is given its end by its first days. */
const MAX_DAYS = 14;

export function EndTime({ zone, startedAt, now, initial, onChange, onSubmit, problem, focusTime }: Props) {
  const w = useWording();
  const id = useId();
  const first = dayIn(zone, startedAt);
  // a clock set back reads before the start: the start's day and the next are the days to choose from
  const last = now >= startedAt ? dayIn(zone, now) : addDays(first, 1);
  const days: string[] = [];
  for (let d = first; d <= last && days.length < MAX_DAYS; d = addDays(d, 1)) days.push(d);
  const [day, setDay] = useState(initial !== undefined ? dayIn(zone, initial) : first);
  const [time, setTime] = useState(initial !== undefined ? clockIn(zone, initial) : '');
  const report = (d: string, t: string) => {
    const m = /^(\d{2}):(\d{2})$/.exec(t);
    onChange(m ? atIn(zone, d, Number(m[1]), Number(m[2])) : undefined);
  };
  return (
    <div className="row end-time">
      <label className="field grow">
        <span className="field-label">{w.say(M.day)}</span>
        <select
          id={`${id}-day`}
          className="input"
          value={day}
          onChange={(e) => {
            setDay(e.target.value);
            report(e.target.value, time);
          }}
        >
          {days.map((d) => (
            <option key={d} value={d}>
              {w.formats.day(d)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field-label">{w.say(M.at)}</span>
        <input
          id={`${id}-time`}
          className={`input${problem ? ' input-invalid' : ''}`}
          type="time"
          value={time}
          data-autofocus={focusTime ? true : undefined}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => {
            setTime(e.target.value);
            report(day, e.target.value);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && onSubmit) {
              e.preventDefault();
              onSubmit();
            }
          }}
        />
      </label>
      {problem && (
        <p id={`${id}-problem`} className="field-error small" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
