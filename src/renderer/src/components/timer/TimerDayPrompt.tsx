/**
 * The timer on a week that is submitted or approved, asked about on whatever tab is open (App.tsx, beside the idle
 * question): a start on such a week ("where should its time go?", an open day suggested by the core), and a stop of
 * a timer whose week was locked while it ran ("log it to which day?", or keep it running). The time is never dropped
 * to get out: Discard stays on the timer's card, but it is not the way out of this question. Each question says why
 * once; a day the core refuses is said inside it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { RuleViolation } from '../../../../shared/domain';
import { useApp } from '../../store/useApp';
import { DateChoice } from '../track/DateChoice';
import { Dialog } from '../Dialog';
import { ErrorMessage } from '../Messages';
import { useWording } from '../../i18n/I18n';
import { errorText, violationText } from '../../i18n/said-words';
import { defineMessages } from '../../../../shared/i18n/messages';
import { StopWords } from './StopOutcome';

const M = defineMessages({
  startTitle: {
    id: 'timer.locked-start.title',
    defaultMessage: 'This week cannot take new time',
    description: 'Title of the question asked when a timer is started on a submitted or approved week.',
  },
  dontStart: {
    id: 'timer.locked-start.cancel',
    defaultMessage: "Don't start",
    description: 'Button: close the question, no timer starts.',
  },
  start: {
    id: 'timer.locked-start.start',
    defaultMessage: '{ready, select, yes {Start, log the time to {day}} other {Pick an open day to start}}',
    description:
      'The main button: starts the timer, its time going to {day} ("Fri 13 Nov"); while no usable day is chosen it says to pick one.',
  },
  stopTitle: {
    id: 'timer.locked-stop.title',
    defaultMessage: 'Where should this time go?',
    description: 'Title of the question asked when the timer’s week was locked while it ran.',
  },
  keep: { id: 'timer.locked-stop.keep', defaultMessage: 'Keep the timer running' },
  logTo: {
    id: 'timer.locked-stop.log',
    defaultMessage: '{chosen, select, yes {Log {hours} to {day}} other {Log {hours} to that day}}',
    description: 'The main button: logs the timer’s time ({hours}: HH:MM) to {day}.',
  },
});

export function TimerDayPrompt() {
  const lockedStart = useApp((s) => s.timer.lockedStart);
  const needsDay = useApp((s) => s.timer.lastStop?.needsDay);
  if (lockedStart) return <StartOnLockedWeek />;
  if (needsDay) return <StopOnLockedWeek />;
  return null;
}

function DayField({ day, setDay, checked }: { day: string; setDay: (d: string) => void; checked?: RuleViolation }) {
  const id = useId();
  const today = useApp((s) => s.today.date);
  const company = useApp((s) => s.settings.company);
  const error = useApp((s) => s.timer.dayError);
  const w = useWording();
  const problem = violationText(w, checked ?? error?.violations.find((v) => v.field === 'workDate' || v.field === 'week'));
  return (
    <>
      <DateChoice
        id={`${id}-day`}
        value={day}
        onChange={setDay}
        today={today}
        max={company && !company.allowFutureDates ? today : undefined}
        ruleProblem={problem}
      />
      <ErrorMessage error={error && !problem ? error : null} />
    </>
  );
}

function StartOnLockedWeek() {
  const w = useWording();
  const asked = useApp((s) => s.timer.lockedStart)!;
  const busy = useApp((s) => s.timer.busy);
  const startOn = useApp((s) => s.timer.startOn);
  const cancel = useApp((s) => s.timer.cancelLockedStart);
  const checkDay = useApp((s) => s.timer.checkDay);
  const check = useApp((s) => s.timer.dayCheck);
  const today = useApp((s) => s.today.date);
  const [day, setDay] = useState(asked.openDay ?? today);
  // the day is checked before it is offered: Today in the locked week must not read "Start, log the time to Today"
  useEffect(() => {
    if (day) void checkDay(day);
  }, [day, checkDay]);
  const known = check?.day === day && !check.checking;
  const problem = known ? check?.problem : undefined;
  const ready = !busy && !!day && known && problem === undefined;
  // The main button is disabled while the suggested day is checked, so the dialog opens on its first control (Today,
  // a day of the locked week, where Enter would pick the refused day). Once the check says the day is good, the
  // button takes focus, unless the user has moved it meanwhile.
  const startButton = useRef<HTMLButtonElement>(null);
  const openedOn = useRef<Element | null>(null);
  const offered = useRef(false);
  useEffect(() => {
    openedOn.current = document.activeElement;
  }, []);
  useEffect(() => {
    if (!ready || offered.current) return;
    offered.current = true;
    if (document.activeElement === openedOn.current) startButton.current?.focus();
  }, [ready]);
  return (
    <Dialog
      title={w.say(M.startTitle)}
      onCancel={cancel}
      actions={
        <>
          <button type="button" className="btn" onClick={cancel}>
            {w.say(M.dontStart)}
          </button>
          <button ref={startButton} type="button" className="btn btn-primary" disabled={!ready} onClick={() => void startOn(day)}>
            {w.say(M.start, { ready: problem || !day ? 'no' : 'yes', day: day ? w.formats.day(day) : '' })}
          </button>
        </>
      }
    >
      <p data-testid="core-words">{errorText(w, asked.why)}</p>
      <DayField day={day} setDay={setDay} checked={problem} />
    </Dialog>
  );
}

function StopOnLockedWeek() {
  const w = useWording();
  const lastStop = useApp((s) => s.timer.lastStop)!;
  const busy = useApp((s) => s.timer.busy);
  const stop = useApp((s) => s.timer.stop);
  const keep = useApp((s) => s.timer.dismissStop);
  const show = useApp((s) => s.ui.show);
  const today = useApp((s) => s.today.date);
  const [day, setDay] = useState(lastStop.needsDay?.openDay ?? today);
  // a day over its maximum asks to confirm the cut on Track (TimerControls), where the timer's card is
  return (
    <Dialog
      title={w.say(M.stopTitle)}
      onCancel={keep}
      actions={
        <>
          <button type="button" className="btn" onClick={keep}>
            {w.say(M.keep)}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || !day}
            onClick={async () => {
              if ((await stop(false, day))?.needsConfirm) show('track');
            }}
            data-autofocus
          >
            {w.say(M.logTo, { chosen: day ? 'yes' : 'no', hours: lastStop.roundedHhmm, day: day ? w.formats.day(day) : '' })}
          </button>
        </>
      }
    >
      <p>
        <StopWords outcome={lastStop} />
      </p>
      <DayField day={day} setDay={setDay} />
    </Dialog>
  );
}
