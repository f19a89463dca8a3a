/**
 * Hours as people type them (`2h`, `1.5`, `90m`, `1:30`, `1h30`: shared/time/hours.ts parseDuration), with the `HH:MM` that
 * will be logged shown beside the field before anything is sent. A value that cannot be read is named at the field
 * once the user pauses (or leaves the field), and the message goes the moment the value reads again.
 */
import { useEffect, useState, type RefObject } from 'react';
import { parseDuration, toHhmm } from '../../../../shared/time/hours';
import { defineMessages, type MessageDescriptor } from '../../../../shared/i18n/messages';
import { useWording } from '../../i18n/I18n';

const M = defineMessages({
  unreadable: {
    id: 'track.hours.unreadable',
    defaultMessage: 'Hours: use a duration like 1:30, 1h30 or 90m.',
    description: 'Under the hours field when what was typed is not a duration. The examples are typed as they are in every language.',
  },
  zero: {
    id: 'track.hours.zero',
    defaultMessage: 'Enter more than zero, for example 0:15.',
    description: 'Under the hours field when zero was typed.',
  },
  label: { id: 'track.hours.label', defaultMessage: 'Hours', description: 'Label of the field where hours are typed (1:30, 1h30, 90m).' },
  willBeLogged: {
    id: 'track.hours.will-be-logged',
    defaultMessage: 'will be logged',
    description: 'Screen readers only, after "= 01:30" beside the hours field: the HH:MM that will be logged.',
  },
});

/** How long after the last keystroke an unreadable value is called out (typing "1." on the way to "1.5" is fine). */
const SETTLE_MS = 600;

export interface Duration {
  /** Minutes, or null when the text is empty or cannot be read. */
  minutes: number | null;
  /** What will be logged, `HH:MM`. */
  hhmm: string | null;
  /** Why the text cannot be logged (said at the field); null when it can (or is empty). */
  problem: MessageDescriptor | null;
}

export function readDuration(text: string): Duration {
  const t = text.trim();
  if (!t) return { minutes: null, hhmm: null, problem: null };
  let minutes: number;
  try {
    minutes = parseDuration(t);
  } catch {
    // The same words as the Fix form and the core's refusal of an input (shared/input-words.ts): one rule, one sentence.
    return { minutes: null, hhmm: null, problem: M.unreadable };
  }
  if (minutes <= 0) return { minutes: null, hhmm: null, problem: M.zero };
  return { minutes, hhmm: toHhmm(minutes), problem: null };
}

interface Props {
  id: string;
  value: string;
  onChange: (text: string) => void;
  /** A rule's finding about these hours (e.g. over the day's maximum), from the core. */
  ruleProblem?: string;
  inputRef?: RefObject<HTMLInputElement | null>;
  autoFocus?: boolean;
  label?: string;
}

/** The field's label and the words for hours that cannot be read (the outbox's Fix form says the same). */
export const HOURS_FIELD = { label: M.label, unreadable: M.unreadable };

export function DurationField({ id, value, onChange, ruleProblem, inputRef, autoFocus, label }: Props) {
  const w = useWording();
  const read = readDuration(value);
  const [settled, setSettled] = useState(true);
  useEffect(() => {
    setSettled(false);
    const t = setTimeout(() => setSettled(true), SETTLE_MS);
    return () => clearTimeout(t);
  }, [value]);
  const problem = (settled && read.problem ? w.say(read.problem) : null) ?? (read.problem ? null : (ruleProblem ?? null));
  const shown = read.hhmm && read.hhmm !== value.trim() ? read.hhmm : null;
  return (
    <div className="field duration-field">
      <label className="field-label" htmlFor={id}>
        {label ?? w.say(M.label)}
      </label>
      <div className="duration-row">
        <input
          id={id}
          ref={inputRef}
          autoFocus={autoFocus}
          className={`input mono duration-input${problem ? ' input-invalid' : ''}`}
          value={value}
          placeholder="1:30"
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => onChange(e.target.value)}
          onBlur={() => setSettled(true)}
          aria-invalid={!!problem || undefined}
          aria-describedby={`${id}-shown${problem ? ` ${id}-problem` : ''}`}
        />
        <span id={`${id}-shown`} className="duration-shown" data-testid="duration-shown">
          {shown ? (
            <>
              <span aria-hidden="true">= </span>
              <strong className="mono">{shown}</strong>
              <span className="sr-only"> {w.say(M.willBeLogged)}</span>
            </>
          ) : null}
        </span>
      </div>
      {problem && (
        <p id={`${id}-problem`} className="field-hint field-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
