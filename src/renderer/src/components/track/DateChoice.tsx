/**
 * The day a log is for: Today and Yesterday one press away; "Other day" opens the date field (it is open from the
 * start when the day is neither). The browser's date field gives an empty value for a day that does not exist
 * (02/30), with `validity.badInput`; that is named here at the field instead of leaving the form silently unable to log.
 */
import { useState } from 'react';
import { addDays } from '../../../../shared/time/week';
import { showDate } from '../../format';
import { useMounted } from '../../hooks/useMounted';

interface Props {
  id: string;
  value: string;
  onChange: (date: string) => void;
  today: string;
  /** The last day that may be chosen (today when the company refuses future days). */
  max?: string;
  /** A rule's finding about this day (too old, in a locked week, a holiday ...), from the core. */
  ruleProblem?: string;
}

export function DateChoice({ id, value, onChange, today, max, ruleProblem }: Props) {
  const yesterday = addDays(today, -1);
  // The date is not in the first screen built into index.html (prerender.tsx): it is said once mounted.
  const mounted = useMounted();
  const [impossible, setImpossible] = useState(false);
  const [other, setOther] = useState(value !== today && value !== yesterday);
  const problem = impossible
    ? 'That day does not exist. Choose a day in the calendar, or Today or Yesterday.'
    : !value
      ? 'Choose a day.'
      : ruleProblem;
  const pick = (d: string) => {
    setImpossible(false);
    setOther(false);
    onChange(d);
  };
  return (
    <fieldset className="field date-choice">
      <legend className="field-label">Day{mounted && value && !other ? <span className="sr-only">: {showDate(value)}</span> : null}</legend>
      <div className="date-row">
        <div className="segmented" role="group" aria-label="Day">
          <button type="button" aria-pressed={!other && value === today} onClick={() => pick(today)}>
            Today
          </button>
          <button type="button" aria-pressed={!other && value === yesterday} onClick={() => pick(yesterday)}>
            Yesterday
          </button>
          <button type="button" aria-pressed={other} aria-expanded={other} aria-controls={id} onClick={() => setOther(true)}>
            Other day
          </button>
        </div>
      </div>
      {other && (
        <input
          id={id}
          type="date"
          className={`input date-input${problem ? ' input-invalid' : ''}`}
          value={value}
          max={max}
          autoFocus={value === today || value === yesterday}
          aria-label={`Day: ${value ? showDate(value) : 'none chosen'}`}
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
