/**
 * The same hours on several days: the day choice's chips, one per day of a week (today's by default, the
 * arrows move it), each a toggle button whose state is said (pressed) and shown (filled, ✓); each day chosen is
 * checked by the company's rules as the user types (one check of all of them, src/core/log-batch.ts), a day that
 * would be refused is marked and named with the reason below; after "Log 01:30 on 5 days" the days that passed are
 * logged and the others named with why (SeveralDaysOutcome).
 */
import { useEffect, useState } from 'react';
import type { BatchLog, BatchPreview } from '../../../../shared/domain';
import { defineMessages } from '../../../../shared/i18n/messages';
import { addWeeks, weekDays, weekStartOf } from '../../../../shared/time/week';
import { useWording } from '../../i18n/I18n';
import { errorText } from '../../i18n/said-words';
import { batchKey } from '../../store/slices/fill';
import { useApp } from '../../store/useApp';
import { BATCH_WORDS, counts, itemWords } from '../week/batch-words';

export const DAYS_WORDS = defineMessages({
  several: { id: 'track.days.several', defaultMessage: 'Several days', description: 'Button: log the same hours on several days.' },
  chips: {
    id: 'track.days.chips',
    defaultMessage: 'Days of {week}',
    description: 'Screen readers: the group of day buttons, with the week ("16 – 22 Nov").',
  },
  previousWeek: { id: 'track.days.previous-week', defaultMessage: 'Previous week' },
  nextWeek: { id: 'track.days.next-week', defaultMessage: 'Next week' },
  weekdays: { id: 'track.days.weekdays', defaultMessage: 'Mon–Fri', description: 'Button: choose Monday to Friday of the week shown.' },
  noneChosen: { id: 'track.days.none', defaultMessage: 'Choose the days to log.' },
  logOnDays: {
    id: 'track.days.log',
    defaultMessage: '{count, plural, one {Log {hours} on # day} other {Log {hours} on # days}}',
    description: 'The form\'s button with several days chosen: "Log 01:30 on 5 days". {hours}: HH:MM.',
  },
  dayProblem: {
    id: 'track.days.problem',
    defaultMessage: '{day}: {why}',
    description: "A day that would not be logged, and why (the rule's words).",
  },
});

/** The chips of several days: a week's seven days, each a toggle. */
export function DayChips({
  days,
  onChange,
  today,
  check,
}: {
  days: string[];
  onChange: (days: string[]) => void;
  today: string;
  /** The rules' verdicts for the days chosen (as typed), when known. */
  check: BatchPreview | null;
}) {
  const w = useWording();
  const [monday, setMonday] = useState(() => weekStartOf(days[0] ?? today));
  const week = weekDays(monday);
  const refused = new Map((check?.items ?? []).filter((i) => i.verdict === 'refused').map((i) => [i.log.workDate, itemWords(w, i)]));
  const toggle = (d: string) => onChange(days.includes(d) ? days.filter((x) => x !== d) : [...days, d].sort());
  return (
    <div className="day-chips">
      <div className="row day-chips-week">
        <button
          type="button"
          className="icon-btn"
          aria-label={w.say(DAYS_WORDS.previousWeek)}
          onClick={() => setMonday(addWeeks(monday, -1))}
        >
          <span aria-hidden="true" className="mirror">
            {'\u2039'}
          </span>
        </button>
        <div className="chips" role="group" aria-label={w.say(DAYS_WORDS.chips, { week: w.formats.week(monday) })}>
          {week.map((d, i) => {
            const on = days.includes(d);
            return (
              <button
                key={d}
                type="button"
                className={`chip${on ? ' chip-on' : ''}${on && refused.has(d) ? ' chip-refused' : ''}`}
                aria-pressed={on}
                aria-label={w.formats.day(d, { weekday: true })}
                aria-describedby={on && refused.has(d) ? `day-problem-${d}` : undefined}
                data-day={d}
                onClick={() => toggle(d)}
              >
                <span aria-hidden="true">{on ? (refused.has(d) ? '\u26A0\uFE0E' : '\u2713') : ''}</span>
                <span>{w.formats.weekday(i === 6 ? 0 : i + 1, 'short')}</span>
                <bdi className="chip-date">{Number(d.slice(8))}</bdi>
              </button>
            );
          })}
        </div>
        <button type="button" className="icon-btn" aria-label={w.say(DAYS_WORDS.nextWeek)} onClick={() => setMonday(addWeeks(monday, 1))}>
          <span aria-hidden="true" className="mirror">
            {'\u203A'}
          </span>
        </button>
      </div>
      <div className="row">
        <button type="button" className="btn btn-quiet btn-small" onClick={() => onChange(week.slice(0, 5))}>
          {w.say(DAYS_WORDS.weekdays)}
        </button>
      </div>
      {days.length === 0 && <p className="field-hint">{w.say(DAYS_WORDS.noneChosen)}</p>}
      {days
        .filter((d) => refused.has(d))
        .map((d) => (
          <p key={d} id={`day-problem-${d}`} className="field-hint field-error">
            {w.say(DAYS_WORDS.dayProblem, { day: w.formats.day(d, { weekday: true }), why: refused.get(d)! })}
          </p>
        ))}
    </div>
  );
}

/**
 * The form's several days: the days chosen (null: one day), their check as typed, and logging them (`onLogged`: the
 * form made ready for the next entry). `one`: the form's log as it would be for one day.
 */
export function useSeveralDays(one: BatchLog | null, onLogged: () => void) {
  const [days, setDays] = useState<string[] | null>(null);
  const logDays = useApp((s) => s.fill.logDays);
  const busy = useApp((s) => s.fill.daysBusy);
  const logs = days && one ? days.map((d) => ({ ...one, workDate: d })) : null;
  const check = useDaysCheck(logs);
  const log = async () => {
    if (!logs || logs.length === 0 || busy) return;
    if (await logDays(logs)) {
      setDays(null);
      onLogged();
    }
  };
  return { days, setDays, check, busy, log };
}

/** Checks the days as typed, a moment after the last change (one check of them all). */
export function useDaysCheck(logs: BatchLog[] | null): BatchPreview | null {
  const check = useApp((s) => s.fill.checkDays);
  const preview = useApp((s) => s.fill.daysPreview);
  const key = useApp((s) => s.fill.daysKey);
  const want = batchKey(logs);
  useEffect(() => {
    if (!logs || logs.length === 0) return;
    const t = setTimeout(() => void check(logs), 300);
    return () => clearTimeout(t);
  }, [want]);
  return want && key === want ? preview : null;
}

/** After the days were logged: how many, and each day that was not, with why. */
export function SeveralDaysOutcome() {
  const w = useWording();
  const result = useApp((s) => s.fill.daysResult);
  const error = useApp((s) => s.fill.daysError);
  if (error)
    return (
      <p className="error-text" role="alert">
        {errorText(w, error)}
      </p>
    );
  if (!result) return null;
  const skipped = result.items.filter((i) => i.verdict !== 'log');
  return (
    <div className="days-outcome" role="status" data-testid="days-outcome">
      <p>
        <strong>{w.say(BATCH_WORDS.done, counts(result.items))}</strong>
      </p>
      {skipped.map((i) => (
        <p key={i.log.workDate} className="small field-error" data-day={i.log.workDate}>
          {w.say(DAYS_WORDS.dayProblem, { day: w.formats.day(i.log.workDate, { weekday: true }), why: itemWords(w, i) })}
        </p>
      ))}
      {result.offline && <p className="small muted">{w.say(BATCH_WORDS.offline)}</p>}
    </div>
  );
}
