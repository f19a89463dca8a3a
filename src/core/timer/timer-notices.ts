/**
 * What a stop or a start of the timer says about the days it logs to, one function per message from values (a day,
 * hours, a week), each a code and values with its English beside it (src/shared/i18n/said.ts): time under a minute,
 * a day at the company's maximum, a week that is submitted or approved, a job that cannot be used.
 */
import { defineMessages } from '../../shared/i18n/messages';
import { said } from '../../shared/i18n/english';
import type { Said, SaidValue, Words } from '../../shared/i18n/said';

const M = defineMessages({
  underMinute: { id: 'core.timer.under-minute', defaultMessage: 'Less than a minute on {day}: nothing logged.' },
  dayFull: {
    id: 'core.timer.day-full',
    defaultMessage: '{day} already has the company maximum per day: nothing will be logged on that day and {cut} is cut.',
    description: '{cut}: hours HH:MM.',
  },
  dayRoom: {
    id: 'core.timer.day-room',
    defaultMessage: '{day} can take only {room} more (the company maximum per day): {room} will be logged and {cut} is cut.',
    description: '{room}, {cut}: hours HH:MM.',
  },
  notStarted: {
    id: 'core.timer.not-started-locked',
    defaultMessage:
      'Timer not started: the week of {week} {state, select, pending {is submitted and waits for approval} approved {is approved} other {is submitted or approved}}, so time cannot be logged today. Start it with {hasOpenDay, select, yes {the time going to an open day ({openDay} is open)} other {the time going to a day in an open week}}, or log the hours by hand on an open day.',
    description: '{week}: a week as its first and last day; {openDay}: a day.',
  },
  needsDay: {
    id: 'core.timer.needs-day',
    defaultMessage:
      "The week of {week} {state, select, pending {is submitted and waits for approval} approved {is approved} other {is submitted or approved}}, so {part} of the timer's time cannot be logged on {days}. {hasOpenDay, select, yes {Pick an open day to log it to ({openDay} is open)} other {Pick a day in an open week to log it to}}, or keep the timer running: nothing is lost.",
    description: '{part}: hours HH:MM; {days}: the days, joined as a list.',
  },
  dayOnly: { id: 'core.day', defaultMessage: '{day}', description: 'A day, alone (in a list of days).' },
  weekLocked: {
    id: 'core.timer.week-locked',
    defaultMessage: "The timer's week is submitted or approved.",
  },
  pickDay: {
    id: 'core.timer.pick-day',
    defaultMessage: '{notice} Stop the timer and pick a day.',
    description: '{notice}: why (a sentence of its own).',
  },
  pickDayFirst: {
    id: 'core.timer.pick-day-first',
    defaultMessage: '{notice} Stop the running timer and pick a day first; then start the next one.',
  },
  unknownJob: {
    id: 'core.timer.job-unknown',
    defaultMessage: 'Job: that job is not in your job list. Refresh the job list, or pick a job from it.',
  },
  jobToStart: { id: 'core.timer.job-to-start', defaultMessage: 'Job: pick a job from the list to start the timer.' },
  jobRequired: { id: 'core.timer.job-required', defaultMessage: 'Job: pick a job from the list.' },
  jobNameRequired: {
    id: 'core.timer.job-name-required',
    defaultMessage: 'jobName is required to start a timer: pick a job from the list.',
    description: '"jobName" is what a script gives: keep it as it is.',
  },
  jobNameEmpty: { id: 'core.timer.job-name-empty', defaultMessage: 'jobName cannot be empty: pick a job from the list.' },
  jobNameForId: {
    id: 'core.timer.job-name-for-id',
    defaultMessage: 'jobName is required when changing the job: pick a job from the list.',
  },
  noTimer: {
    id: 'core.timer.none-running',
    defaultMessage:
      'No timer is running, so there is nothing to {action, select, stop {stop} update {update} discard {discard} other {change}}. Start a timer first.',
  },
  stoppedAtNeeded: { id: 'core.timer.stopped-at-needed', defaultMessage: 'Stopped at: give the time you stopped working.' },
  notAMoment: {
    id: 'core.timer.not-a-moment',
    defaultMessage: '{field}: {value} is not a point in time (epoch milliseconds).',
    description: '{field}: the name a script gives, kept as it is.',
  },
  badReason: {
    id: 'core.timer.bad-reason',
    defaultMessage: 'reason: "{value}" is not one of {known}.',
    description: '"reason" and {known} are what a script gives: kept as they are.',
  },
});

const w = (m: { id: string }, values: Said['values'] = {}): Words => said(m.id, values);
const lockState = (s: 'pending' | 'approved' | undefined) => s ?? 'either';

export const timerNotices = {
  underMinute: (day: string) => w(M.underMinute, { day: { day } }),
  dayFull: (day: string, cut: string) => w(M.dayFull, { day: { day }, cut }),
  dayRoom: (day: string, room: string, cut: string) => w(M.dayRoom, { day: { day }, room, cut }),
  notStarted: (monday: string, state: 'pending' | 'approved' | undefined, openDay?: string) =>
    w(M.notStarted, {
      week: { week: monday },
      state: lockState(state),
      hasOpenDay: openDay ? 'yes' : 'no',
      openDay: openDay ? { day: openDay } : '',
    }),
  needsDay: (monday: string, state: 'pending' | 'approved' | undefined, part: string, days: string[], openDay?: string) =>
    w(M.needsDay, {
      week: { week: monday },
      state: lockState(state),
      part,
      days: { list: days.map((d) => ({ code: M.dayOnly.id, values: { day: { day: d } } })) },
      hasOpenDay: openDay ? 'yes' : 'no',
      openDay: openDay ? { day: openDay } : '',
    }),
  weekLocked: () => w(M.weekLocked),
  pickDay: (notice: SaidValue) => w(M.pickDay, { notice }),
  pickDayFirst: (notice: SaidValue) => w(M.pickDayFirst, { notice }),
  unknownJob: () => w(M.unknownJob),
  jobToStart: () => w(M.jobToStart),
  jobRequired: () => w(M.jobRequired),
  jobNameRequired: () => w(M.jobNameRequired),
  jobNameEmpty: () => w(M.jobNameEmpty),
  jobNameForId: () => w(M.jobNameForId),
  noTimer: (action: string) => w(M.noTimer, { action }),
  stoppedAtNeeded: () => w(M.stoppedAtNeeded),
  notAMoment: (field: string, value: string) => w(M.notAMoment, { field, value }),
  badReason: (value: string, known: string[]) => w(M.badReason, { value, known: known.join(', ') }),
};
