/**
 * What the company's rules say when a log breaks one: one function per message, each from values (a day, hours, a
 * maximum, a job's name), each a code and values with its English beside it (src/shared/i18n/said.ts). The app and
 * `punch` word the code in the user's language; logs and older shells read the English (docs/i18n.md).
 */
import { defineMessages } from '../../shared/i18n/messages';
import { said } from '../../shared/i18n/english';
import type { Said, SaidValue } from '../../shared/i18n/said';

const M = defineMessages({
  hoursFormat: {
    id: 'rules.hours.format',
    defaultMessage: 'Hours: use a duration like 1:30, 1h30 or 90m.',
    description: 'Refusal of a log: the hours are not a duration. The examples are typed as they are in every language.',
  },
  hoursPositive: { id: 'rules.hours.positive', defaultMessage: 'Hours: enter the time worked, more than 0:00 (for example 0:15).' },
  overDailyMax: {
    id: 'rules.over-daily-max',
    defaultMessage:
      "Hours: {day} would have {total}, over your company's maximum of {max} a day. {room, select, none {Nothing more can be logged that day: pick another day, or shorten another log.} other {Log at most {room} more that day.}}",
    description:
      'Refusal: the day would pass the daily maximum. {total}, {max} and {room} are durations HH:MM; {room} is "none" when the day is full.',
  },
  editOverDailyMax: {
    id: 'rules.edit-over-daily-max',
    defaultMessage:
      "{room, select, none {Hours: {day} already has {others} in other logs, your company's maximum of {max} a day, so this log cannot be on that day. Pick another day, or shorten another log.} other {Hours: this log can be at most {room} on {day} (the company's maximum is {max} a day, and the day's other logs have {others}).}}",
    description:
      'Refusal of a changed log: it would pass the daily maximum. {others}: the hours of the day\'s other logs; {room}: what this log can be, or "none". Durations HH:MM.',
  },
  dateFormat: { id: 'rules.date.format', defaultMessage: 'Date: that day is not on the calendar. Pick a real date.' },
  future: {
    id: 'rules.future',
    defaultMessage:
      'Date: {day} is in the future (today is {today}), and your company does not allow logging ahead. Pick today or an earlier day, or log it when the day comes.',
  },
  tooOld: {
    id: 'rules.too-old',
    defaultMessage:
      'Date: {day} is more than {allowed, plural, one {# day} other {# days}} ago; your company allows logging back to {oldest} only. Pick a more recent day, or ask your manager to log older time.',
    description: '{allowed}: how many days back the company allows logging (such as 7 or 30).',
  },
  locked: {
    id: 'rules.locked',
    defaultMessage:
      'Date: the week of {week} {state, select, pending {is submitted and waits for approval} approved {is approved} other {is submitted or approved}}, so its logs cannot change. {hasOpenDay, select, yes {Pick a day in an open week ({openDay} is open)} other {Pick a day in an open week}}, or ask your manager to reject the week first.',
    description: '{week}: the week as its first and last day. {openDay}: a day of an open week the user may log to instead.',
  },
  lockedAsRead: {
    id: 'rules.locked.as-read',
    defaultMessage: 'Punchcard could not reach the service to check again: that is how the week stood when last read, at {at}.',
    description:
      'After the refusal of a locked week, when the service could not be asked whether it is still locked (offline). {at}: when the week was last read, a clock time (with its day when not today).',
  },
  unknownJobId: {
    id: 'rules.job.unknown',
    defaultMessage: 'Job: that job is not in your job list. Refresh the job list, or pick a job from it.',
  },
  jobRequired: { id: 'rules.job.required', defaultMessage: 'Job: pick a job from the list.' },
  jobCompleted: {
    id: 'rules.job.completed',
    defaultMessage: 'Job: "{name}" is completed, so no more hours can be logged to it. Pick a job that is in progress.',
    description: "{name}: the job's name as the service gives it. A copied or duplicated log names a job that has been completed since.",
  },
  unknownJobName: {
    id: 'rules.job.unknown-name',
    defaultMessage:
      'Job: there is no job named "{name}" in your job list{caseOnly, select, yes { (job names must match exactly, letter case too)} other {}}. {hasNear, select, yes {Did you mean {near}?} other {Pick a job from your job list, or refresh the list if the job is new.}}',
    description: '{name}: the job name typed. {near}: up to three job names from the list, quoted, joined with "or".',
  },
  // an entry queued before the rules were known breaks them (./before-send.ts); the id is kept from its first home
  rulesBroken: {
    id: 'core.log.rules-broken',
    defaultMessage: "Not sent: your company's rules could not be checked when this time was logged, and it breaks them. {rules}",
    description: '{rules}: the rules it breaks, each a sentence of its own.',
  },
});

type Words = Said & { message: string };

export const ruleWords = {
  hoursFormat: (): Words => said(M.hoursFormat.id, {}),
  hoursPositive: (): Words => said(M.hoursPositive.id, {}),
  /** `room`: HH:MM that still fits the day, or undefined when the day is full. */
  overDailyMax: (v: { day: string; total: string; max: string; room?: string }): Words =>
    said(M.overDailyMax.id, { day: { day: v.day }, total: v.total, max: v.max, room: v.room ?? 'none' }),
  /** A changed log: what it can be on that day (its own old hours do not count: the edit replaces them). */
  editOverDailyMax: (v: { day: string; others: string; max: string; room?: string }): Words =>
    said(M.editOverDailyMax.id, { day: { day: v.day }, others: v.others, max: v.max, room: v.room ?? 'none' }),
  dateFormat: (): Words => said(M.dateFormat.id, {}),
  future: (v: { day: string; today: string }): Words => said(M.future.id, { day: { day: v.day }, today: { day: v.today } }),
  tooOld: (v: { day: string; withYear: boolean; allowed: number; oldest: string }): Words =>
    said(M.tooOld.id, { day: { day: v.day, year: v.withYear }, allowed: v.allowed, oldest: { day: v.oldest } }),
  /** `state`: how the week stands, when known. */
  locked: (v: { monday: string; state?: 'pending' | 'approved'; openDay?: string }): Words =>
    said(M.locked.id, {
      week: { week: v.monday },
      state: v.state ?? 'either',
      hasOpenDay: v.openDay ? 'yes' : 'no',
      openDay: v.openDay ? { day: v.openDay } : '',
    }),
  /** `at`: when the week's lock was last read from the service (epoch ms); `now`: the clock's time. */
  lockedAsRead: (v: { at: number; now: number }): Words => said(M.lockedAsRead.id, { at: { at: v.at, now: v.now } }),
  unknownJobId: (): Words => said(M.unknownJobId.id, {}),
  jobRequired: (): Words => said(M.jobRequired.id, {}),
  jobCompleted: (v: { name: string }): Words => said(M.jobCompleted.id, { name: v.name }),
  unknownJobName: (v: { name: string; caseOnly: boolean; near: string[] }): Words =>
    said(M.unknownJobName.id, {
      name: v.name,
      caseOnly: v.caseOnly ? 'yes' : 'no',
      hasNear: v.near.length ? 'yes' : 'no',
      near: v.near.length ? { choice: v.near } : '',
    }),
  /** `rules`: the broken rules' sentences (chained: src/shared/input-words.ts `sentencesSaid`). */
  rulesBroken: (rules: SaidValue): Words => said(M.rulesBroken.id, { rules }),
};

/** A violation's `message` and `said` from its words. */
export function violationWords(w: Words): { message: string; said: Said } {
  return { message: w.message, said: { code: w.code, values: w.values } };
}
