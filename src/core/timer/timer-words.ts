/**
 * What the timer says to people, one function per message, built from values (a job, a moment, a duration), each a
 * code and values with its English beside it (src/shared/i18n/said.ts). Plain words: no field names, moments as
 * people read them ("10:02" today, "Mon 23 Nov 17:40" another day, in the timer's zone, named when it is not this
 * computer's), durations that cannot be misread ("1 h 7 min"), hours to be logged as the service writes them (HH:MM).
 */
import { toHhmm } from '../../shared/time/hours';
import { systemZone } from '../../shared/time/zone';
import { defineMessages } from '../../shared/i18n/messages';
import { said } from '../../shared/i18n/english';
import type { Said, SaidValue, Words } from '../../shared/i18n/said';
import type { LongReason, LongRun } from './timer-attention';

const M = defineMessages({
  running: {
    id: 'core.timer.already-running',
    defaultMessage:
      'A timer is already running on {job} (started {started}, here, in another window or by punch): it runs on, and this one was not started.',
    description: '{job}: a job\'s name; {started}: when it started. "punch" is the command line\'s name: keep it.',
  },
  stoppedElsewhere: {
    id: 'core.timer.stopped-elsewhere',
    defaultMessage: 'The timer was stopped elsewhere (punch or another window) and its time was logged there; nothing was logged here.',
  },
  switchLost: {
    id: 'core.timer.switch-lost',
    defaultMessage:
      'The timer changed meanwhile (stopped or started in another window or by punch): {job} was not started. Look at the timer, then start again.',
  },
  clockMoved: {
    id: 'core.timer.clock-moved',
    defaultMessage:
      "The computer's clock reads {now}, earlier than the start of the timer on {job} ({started}): the clock was set back while it ran, so how long it ran cannot be told. Nothing was logged and the timer runs on: give the time you stopped working, or discard the timer.",
  },
  endOfDay: {
    id: 'core.timer.long.end-of-day',
    defaultMessage: 'past your end of day ({endOfDayClock})',
    description: 'Why a timer is asked about, in a list of reasons. {endOfDayClock}: a clock time (6:00 PM, 18:00).',
  },
  midnight: { id: 'core.timer.long.midnight', defaultMessage: 'over midnight' },
  dayMaximum: {
    id: 'core.timer.long.day-maximum',
    defaultMessage: 'longer than the company allows in a day ({max})',
    description: '{max}: hours HH:MM.',
  },
  asleep: {
    id: 'core.timer.long.asleep',
    defaultMessage: 'with {asleep} in it when the computer slept or its clock jumped forward',
    description: '{asleep}: a duration ("1 h 7 min").',
  },
  longRun: {
    id: 'core.timer.long-run',
    defaultMessage:
      'The timer on {job} has run since {started} ({span}), {reasons}. Nothing was logged and the timer runs on: log all of it, stop it at the time you stopped working{suggested, select, none {} other { (for example at {suggested})}}, or discard it.',
    description: '{span}: hours HH:MM; {reasons}: why it is asked (the core.timer.long.* phrases, joined as a list).',
  },
  notSwitched: {
    id: 'core.timer.not-switched',
    defaultMessage: '{question} {job} was not started.',
    description: '{question}: what is asked about the running timer (a sentence of its own).',
  },
  endBeforeStart: {
    id: 'core.timer.end-before-start',
    defaultMessage: "Stopped at: {at} is not after the timer's start ({started}). Give a later time.",
    description: '"Stopped at" is the name of the field where the time is given.',
  },
  endAhead: {
    id: 'core.timer.end-ahead',
    defaultMessage: 'Stopped at: {at} has not come yet (it is {now}). Give a time that has passed, or stop without one.',
  },
  clockSetBack: {
    id: 'core.timer.clock-set-back',
    defaultMessage:
      "The computer's clock was set back {by} (from {from} to {to}) while the timer on {job} ran. The timer counts from its start by the clock, so it now shows that much less: when you stop it, give the real end if the time is wrong.",
  },
  awayLeftOut: {
    id: 'core.timer.away-left-out',
    defaultMessage: 'The timer stopped when the computer went to sleep; the time you were away before that (since {since}) was not logged.',
  },
  aJob: { id: 'core.timer.a-job', defaultMessage: 'a job', description: 'Stands for a job whose name is not known.' },
});

const w = (m: { id: string }, values: Said['values'] = {}): Words => said(m.id, values);

/** A moment in the timer's zone: its clock time on `now`'s day, else its day and time; the zone named when not this computer's. */
export function momentValue(zone: string, at: number, now: number): SaidValue {
  return zone === systemZone() ? { at, now } : { at, zone, now };
}

/** A job's name, or "a job" when it is not known. */
const jobValue = (jobName: string | undefined): SaidValue => (jobName ? jobName : { said: { code: M.aJob.id, values: {} } });

/** How long, as the hours that would be logged unrounded: "64:20". */
const spanWords = (ms: number) => toHhmm(Math.floor(Math.max(0, ms) / 60_000));

/** A start that found a timer running which the caller did not know of (started elsewhere, or a moment ago). */
export function runningWords(jobName: string | undefined, startedAt: number, zone: string, now: number): Words {
  return w(M.running, { job: jobValue(jobName), started: momentValue(zone, startedAt, now) });
}

/** Two stops of one timer: the other one recorded it. */
export function stoppedElsewhereWords(): Words {
  return w(M.stoppedElsewhere);
}

/** A switch whose running timer was stopped elsewhere meanwhile: nothing started. */
export function switchLostWords(jobName: string): Words {
  return w(M.switchLost, { job: jobName });
}

/** The clock now reads before the timer's start: nothing can be measured. */
export function clockMovedWords(jobName: string | undefined, startedAt: number, now: number, zone: string): Words {
  return w(M.clockMoved, { now: momentValue(zone, now, now), job: jobValue(jobName), started: momentValue(zone, startedAt, now) });
}

function reasonSaid(r: LongReason, run: LongRun, endOfDay: string, maxMinutes: number): Said {
  switch (r) {
    case 'end-of-day':
      // a time of day: on the user's clock, as the start beside it (a 12-hour region: "6:00 PM", not "18:00")
      return { code: M.endOfDay.id, values: { endOfDay, endOfDayClock: { clock: endOfDay } } };
    case 'midnight':
      return { code: M.midnight.id, values: {} };
    case 'day-maximum':
      return { code: M.dayMaximum.id, values: { max: toHhmm(maxMinutes) } };
    case 'asleep':
      return { code: M.asleep.id, values: { asleep: { elapsed: run.asleepMs ?? 0 } } };
  }
}

/** A timer that ran long (./timer-attention.ts), asked about before anything is logged. */
export function longRunWords(
  t: { jobName: string | undefined; startedAt: number; zone: string },
  end: number,
  run: LongRun,
  limits: { endOfDay: string; maxMinutesPerDay: number },
): Words {
  return w(M.longRun, {
    job: jobValue(t.jobName),
    started: momentValue(t.zone, t.startedAt, end),
    span: spanWords(end - t.startedAt),
    reasons: { list: run.reasons.map((r) => reasonSaid(r, run, limits.endOfDay, limits.maxMinutesPerDay)) },
    suggested: run.suggestedEnd !== undefined ? momentValue(t.zone, run.suggestedEnd, end) : 'none',
  });
}

/** Before a switch: what is asked about the running timer, and that the next one did not start. */
export function notSwitchedWords(question: SaidValue, nextJob: string): Words {
  return w(M.notSwitched, { question, job: nextJob });
}

/** An end given for the stop that is not after the start. */
export function endBeforeStartWords(at: number, startedAt: number, zone: string, now: number): Words {
  return w(M.endBeforeStart, { at: momentValue(zone, at, now), started: momentValue(zone, startedAt, now) });
}

/** An end given for the stop that has not come yet. */
export function endAheadWords(at: number, now: number, zone: string): Words {
  return w(M.endAhead, { at: momentValue(zone, at, now), now: momentValue(zone, now, now) });
}

/** The clock jumped back while a long-running process watched it, a timer running. */
export function clockSetBackWords(jobName: string | undefined, from: number, to: number, zone: string): Words {
  return w(M.clockSetBack, {
    by: { elapsed: from - to },
    from: momentValue(zone, from, to),
    to: momentValue(zone, to, to),
    job: jobValue(jobName),
  });
}

/** The stop on sleep found an unanswered question about time away, and left that time out. */
export function awayLeftOutWords(since: number, zone: string, now: number): Words {
  return w(M.awayLeftOut, { since: momentValue(zone, since, now) });
}
