/**
 * The timer on a week that is submitted or approved, asked about on whatever tab is open (App.tsx, beside the idle
 * question): a start on such a week ("where should its time go?", an open day suggested by the core), and a stop of
 * a timer whose week was locked while it ran ("log it to which day?", or keep it running). The time is never dropped
 * to get out: Discard stays on the timer's card, but it is not the way out of this question. Each question says why
 * once; a day the core refuses is said inside it.
 */
import { useEffect, useId, useState } from 'react';
import { showDate } from '../../format';
import { useApp } from '../../store/useApp';
import { DateChoice } from '../track/DateChoice';
import { Dialog } from '../Dialog';
import { ErrorMessage } from '../Messages';
import { useWording } from '../../i18n/I18n';
import { violationText } from '../../i18n/said-words';

export function TimerDayPrompt() {
  const lockedStart = useApp((s) => s.timer.lockedStart);
  const needsDay = useApp((s) => s.timer.lastStop?.needsDay);
  if (lockedStart) return <StartOnLockedWeek />;
  if (needsDay) return <StopOnLockedWeek />;
  return null;
}

function DayField({ day, setDay, checked }: { day: string; setDay: (d: string) => void; checked?: string }) {
  const id = useId();
  const today = useApp((s) => s.today.date);
  const company = useApp((s) => s.settings.company);
  const error = useApp((s) => s.timer.dayError);
  const w = useWording();
  const problem =
    checked ??
    violationText(
      w,
      error?.violations.find((v) => v.field === 'workDate' || v.field === 'week'),
    );
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
  return (
    <Dialog
      title="This week cannot take new time"
      onCancel={cancel}
      actions={
        <>
          <button type="button" className="btn" onClick={cancel}>
            Don't start
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || !day || !known || problem !== undefined}
            onClick={() => void startOn(day)}
            autoFocus
          >
            {problem || !day ? 'Pick an open day to start' : `Start, log the time to ${showDate(day)}`}
          </button>
        </>
      }
    >
      <p>{asked.message}</p>
      <DayField day={day} setDay={setDay} checked={problem} />
    </Dialog>
  );
}

function StopOnLockedWeek() {
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
      title="Where should this time go?"
      onCancel={keep}
      actions={
        <>
          <button type="button" className="btn" onClick={keep}>
            Keep the timer running
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || !day}
            onClick={async () => {
              if ((await stop(false, day))?.needsConfirm) show('track');
            }}
            autoFocus
          >
            Log {lastStop.roundedHhmm} to {day ? showDate(day) : 'that day'}
          </button>
        </>
      }
    >
      <p>{lastStop.message}</p>
      <DayField day={day} setDay={setDay} />
    </Dialog>
  );
}
