/**
 * The day a log is for: Today and Yesterday one press away; "Other day" opens the date field (it is open from the
 * start when the day is neither). The browser's date field gives an empty value for a day that does not exist
 * (02/30), with `validity.badInput`; that is named here at the field instead of leaving the form silently unable to log.
 */
import { useState, type ReactNode } from 'react';
import { addDays } from '../../../../shared/time/week';
import { useMounted } from '../../hooks/useMounted';
import { defineMessages } from '../../../../shared/i18n/messages';
import { useWording } from '../../i18n/I18n';
import { DAYS_WORDS } from './SeveralDays';

const M = defineMessages({
  impossible: {
    id: 'track.day.impossible',
    defaultMessage: 'That day does not exist. Choose a day in the calendar, or Today or Yesterday.',
    description: 'Under the date field when the typed date is not on the calendar (30 February). Today and Yesterday are the buttons.',
  },
  none: { id: 'track.day.none', defaultMessage: 'Choose a day.', description: 'Under the date field when it is empty.' },
  legend: { id: 'track.day.legend', defaultMessage: 'Day', description: 'Label of the choice of day a log is for.' },
  legendChosen: {
    id: 'track.day.legend-chosen',
    defaultMessage: 'Day: {day}',
    description: 'Screen readers: the label of the choice of day with the day chosen ("Day: Wed 18 Nov").',
  },
  today: { id: 'track.day.today', defaultMessage: 'Today', description: 'Button: log to today.' },
  yesterday: { id: 'track.day.yesterday', defaultMessage: 'Yesterday', description: 'Button: log to yesterday.' },
  other: { id: 'track.day.other', defaultMessage: 'Other day', description: 'Button: opens a date field to choose any day.' },
  field: {
    id: 'track.day.field',
    defaultMessage: '{chosen, select, yes {Day: {day}} other {Day: none chosen}}',
    description: 'Screen reader name of the date field, with the day chosen ({day}: "Wed 18 Nov"), or none.',
  },
});

interface Props {
  id: string;
  value: string;
  onChange: (date: string) => void;
  today: string;
  /** The last day that may be chosen (today when the company refuses future days). */
  max?: string;
  /** A rule's finding about this day (too old, in a locked week, a holiday ...), from the core. */
  ruleProblem?: string;
  /**
   * The same hours on several days (./SeveralDays.tsx): whether that is chosen, how to choose it, and its chips
   * (shown instead of the one day while it is chosen).
   */
  several?: { on: boolean; onChange: (on: boolean) => void; chips: ReactNode };
}

export function DateChoice({ id, value, onChange, today, max, ruleProblem, several }: Props) {
  const w = useWording();
  const yesterday = addDays(today, -1);
  // The date is not in the first screen built into index.html (prerender.tsx): it is said once mounted.
  const mounted = useMounted();
  const [impossible, setImpossible] = useState(false);
  const [other, setOther] = useState(value !== today && value !== yesterday);
  const many = several?.on ?? false;
  const problem = many ? undefined : impossible ? w.say(M.impossible) : !value ? w.say(M.none) : ruleProblem;
  const pick = (d: string) => {
    setImpossible(false);
    setOther(false);
    several?.onChange(false);
    onChange(d);
  };
  return (
    <fieldset className="field date-choice">
      <legend className="field-label">
        {/* the day chosen is said to screen readers; the visible label stays "Day" */}
        {mounted && value && !other && !many ? (
          <>
            <span aria-hidden="true">{w.say(M.legend)}</span>
            <span className="sr-only">{w.say(M.legendChosen, { day: w.formats.day(value) })}</span>
          </>
        ) : (
          w.say(M.legend)
        )}
      </legend>
      <div className="date-row">
        <div className="segmented" role="group" aria-label={w.say(M.legend)}>
          <button type="button" aria-pressed={!many && !other && value === today} onClick={() => pick(today)}>
            {w.say(M.today)}
          </button>
          <button type="button" aria-pressed={!many && !other && value === yesterday} onClick={() => pick(yesterday)}>
            {w.say(M.yesterday)}
          </button>
          <button
            type="button"
            aria-pressed={!many && other}
            aria-expanded={!many && other}
            aria-controls={id}
            onClick={() => {
              several?.onChange(false);
              setOther(true);
            }}
          >
            {w.say(M.other)}
          </button>
          {several && (
            <button type="button" aria-pressed={many} aria-expanded={many} onClick={() => several.onChange(true)}>
              {w.say(DAYS_WORDS.several)}
            </button>
          )}
        </div>
      </div>
      {many && several?.chips}
      {!many && other && (
        <input
          id={id}
          type="date"
          className={`input date-input${problem ? ' input-invalid' : ''}`}
          value={value}
          max={max}
          autoFocus={value === today || value === yesterday}
          aria-label={w.say(M.field, { chosen: value ? 'yes' : 'no', day: value ? w.formats.day(value) : '' })}
          aria-invalid={!!problem || undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => {
            setImpossible(e.target.validity.badInput);
            onChange(e.target.value);
          }}
        />
      )}
      {problem && (
        <p id={`${id}-problem`} className="field-hint field-error" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
