/**
 * A timer left running past the end of day or over midnight, asked about when the app opens or the window comes back
 * (the core says it: TimerView.forgotten, src/core/timer/forgotten.ts): "The timer on Job 7 has run
 * since 17:40 yesterday". The answers: log until the end of that day, log until midnight (the overnight part
 * discarded), log all of it, or keep it running (asked again at the next open, or when the window comes back). Each
 * is a stop through the same rules as any; nothing is logged by a key (Escape keeps it running).
 */
import { useEffect, useState } from 'react';
import { defineMessages } from '../../../../shared/i18n/messages';
import { addDays } from '../../../../shared/time/week';
import { dayIn, systemZone } from '../../../../shared/time/zone';
import { showElapsed } from '../../format';
import { IN_ZONE } from '../../../../shared/i18n/said';
import { useNow } from '../../hooks/useNow';
import { useWording } from '../../i18n/I18n';
import { useApp } from '../../store/useApp';
import { Dialog } from '../Dialog';
import { ErrorMessage } from '../Messages';
import { TIMER_WORDS } from './timer-words';

const M = defineMessages({
  title: { id: 'timer.forgotten.title', defaultMessage: 'The timer is still running' },
  since: {
    id: 'timer.forgotten.since',
    defaultMessage:
      'The timer on {job} has run since {when, select, today {{time}} yesterday {{time} yesterday} other {{moment}}} ({ran} h), {reason, select, midnight {over midnight} other {past your end of day}}. What should be logged?',
    description: '{job}: the job name; {time}: a clock time; {moment}: a day and time; {ran}: how long, HH:MM.',
  },
  untilEnd: {
    id: 'timer.forgotten.until-end',
    defaultMessage: 'Log until the end of the day ({time})',
    description: 'Button: stop the timer at the end of the working day it started in. {time}: a clock time.',
  },
  untilMidnight: {
    id: 'timer.forgotten.until-midnight',
    defaultMessage: 'Log until midnight',
    description: 'Button: stop the timer at midnight; the overnight part is not logged.',
  },
  all: { id: 'timer.forgotten.all', defaultMessage: 'Log all {ran}', description: 'Button: log all of it. {ran}: HH:MM.' },
});

export function ForgottenTimerPrompt() {
  const view = useApp((s) => s.timer.view);
  const asked = useApp((s) => s.timer.switchAsked || s.timer.lastStop?.needsEnd || s.timer.lastStop?.needsDay);
  const load = useApp((s) => s.timer.load);
  const [dismissed, setDismissed] = useState<string | null>(null);
  // the window back (a wake, another app in front): the timer is read again and a kept-running answer asked anew
  useEffect(() => {
    const back = () => {
      if (document.visibilityState !== 'visible') return;
      setDismissed(null);
      void load();
    };
    document.addEventListener('visibilitychange', back);
    return () => document.removeEventListener('visibilitychange', back);
  }, [load]);
  const f = view?.running ? view.forgotten : undefined;
  if (!f || asked) return null;
  const key = `${view?.id ?? ''}:${f.reasons.join(',')}`;
  if (dismissed === key) return null;
  return <Question key={key} onKeep={() => setDismissed(key)} />;
}

function Question({ onKeep }: { onKeep: () => void }) {
  const w = useWording();
  const view = useApp((s) => s.timer.view)!;
  const f = view.forgotten!;
  const busy = useApp((s) => s.timer.busy);
  const error = useApp((s) => s.timer.endError ?? s.timer.error);
  const stop = useApp((s) => s.timer.stop);
  const now = useNow(true);
  const startDay = dayIn(f.zone, f.startedAt);
  const today = dayIn(f.zone, now);
  const when = startDay === today ? 'today' : startDay === addDays(today, -1) ? 'yesterday' : 'other';
  const ran = showElapsed(Math.max(0, now - f.startedAt)).slice(0, 5);
  const reason = f.reasons.includes('end-of-day') ? 'end-of-day' : 'midnight';
  // the timer's times on its own zone's clock (its days are counted there), named in the question when it is not this
  // computer's (the button's end of day is on the same clock: named once, the button keeps a width that fits)
  const named = (text: string) => (f.zone === systemZone() ? text : w.say(IN_ZONE, { moment: text, zone: f.zone }));
  return (
    <Dialog
      title={w.say(M.title)}
      onCancel={onKeep}
      actions={
        <>
          <button type="button" className="btn" disabled={busy} onClick={onKeep}>
            {w.say(TIMER_WORDS.keepRunning)}
          </button>
          <button type="button" className="btn" disabled={busy} onClick={() => void stop(false, undefined, { confirmLong: true })}>
            {w.say(M.all, { ran })}
          </button>
          {f.midnight !== undefined && (
            <button type="button" className="btn" disabled={busy} onClick={() => void stop(false, undefined, { at: f.midnight })}>
              {w.say(M.untilMidnight)}
            </button>
          )}
          {f.endOfDay !== undefined && (
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => void stop(false, undefined, { at: f.endOfDay })}
            >
              {w.say(M.untilEnd, { time: w.formats.time(f.endOfDay, f.zone) })}
            </button>
          )}
        </>
      }
    >
      <p data-testid="forgotten-timer-question">
        {w.say(M.since, {
          job: view.jobName ?? w.say(TIMER_WORDS.noJob),
          when,
          time: named(w.formats.time(f.startedAt, f.zone)),
          moment: named(w.formats.dateTime(f.startedAt, f.zone)),
          ran,
          reason,
        })}
      </p>
      <ErrorMessage error={error} />
    </Dialog>
  );
}
