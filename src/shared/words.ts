/**
 * Words people read: days as people say them (`Thu 19 Nov`, never the wire's `2026-11-19`), the
 * fields of a log by the names the screens give them (never `workDate` or `timeLogId`), waits in seconds or minutes.
 * Pure (date-fns, no Node imports): the core's messages, `punch` and the renderer all use it, so a day reads the same
 * in a notice, the outbox and a terminal.
 */
import { format } from 'date-fns';
import { isValidDate, toLocalDate } from './time/week';
import { defineMessages, type MessageDescriptor } from './i18n/messages';
import type { Said } from './i18n/said';

/** `2026-11-19` -> `Thu 19 Nov` (`year`: `Thu 19 Nov 2026`). Anything that is not a calendar day comes back as it is. */
export function plainDate(date: string, opts: { year?: boolean } = {}): string {
  if (!isValidDate(date)) return date;
  return format(toLocalDate(date), opts.year ? 'EEE d MMM yyyy' : 'EEE d MMM');
}

/** The day of the week alone (`Wed`): enough where the week is already said, as in `punch week`'s list of logs. */
export function plainWeekday(date: string): string {
  return isValidDate(date) ? format(toLocalDate(date), 'EEE') : date;
}

/**
 * A moment as people read it, in the machine's zone and on a 24-hour clock: `Wed 18 Nov 10:05` (the year too when it
 * is not `now`'s), never `11/18/2026, 10:05:00 AM` (what `toLocaleString` gives on an en-US system).
 */
export function plainMoment(at: number, now: number = Date.now()): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return 'unknown';
  return format(d, d.getFullYear() === new Date(now).getFullYear() ? 'EEE d MMM HH:mm' : 'EEE d MMM yyyy HH:mm');
}

/**
 * How long something lasted, unmistakably: `59 s`, `59 min`, `1 h 7 min`, `13 h` (never `0:59`, which reads as
 * either 59 seconds or 59 minutes).
 */
export function durationWords(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} s`;
  const min = Math.floor(s / 60);
  if (min < 60) return `${min} min`;
  return `${Math.floor(min / 60)} h${min % 60 ? ` ${min % 60} min` : ''}`;
}

const ISO_DAY = /\b(\d{4})-(\d{2})-(\d{2})\b/g;

/**
 * Every `YYYY-MM-DD` day inside a text as people read it (`Thu 19 Nov`): the service's own messages quote days the way
 * the wire writes them. A day of another year than `thisYear` keeps its year, so nothing becomes ambiguous.
 */
export function plainDates(text: string, thisYear?: number): string {
  return text.replace(ISO_DAY, (day) =>
    isValidDate(day) ? plainDate(day, { year: thisYear !== undefined && Number(day.slice(0, 4)) !== thisYear }) : day,
  );
}

/**
 * The fields of the contract's inputs by the names the screens give them, each a message (`Date`, `Hours`). A name
 * not listed here is never shown (the message says "A value" instead): a field name is the code's word, not the
 * user's.
 */
export const FIELDS = defineMessages({
  date: { id: 'core.field.date', defaultMessage: 'Date' },
  hours: { id: 'core.field.hours', defaultMessage: 'Hours' },
  job: { id: 'core.field.job', defaultMessage: 'Job' },
  description: { id: 'core.field.description', defaultMessage: 'Description' },
  workItem: { id: 'core.field.work-item', defaultMessage: 'Work item' },
  billable: { id: 'core.field.billable', defaultMessage: 'Billable' },
  week: { id: 'core.field.week', defaultMessage: 'Week' },
  from: { id: 'core.field.from', defaultMessage: 'From' },
  to: { id: 'core.field.to', defaultMessage: 'To' },
  employee: { id: 'core.field.employee', defaultMessage: 'Employee' },
  email: { id: 'core.field.email', defaultMessage: 'Email' },
  employeeId: { id: 'core.field.employee-id', defaultMessage: 'Employee ID' },
  changedSince: { id: 'core.field.changed-since', defaultMessage: 'Changed since' },
  fields: { id: 'core.field.fields', defaultMessage: 'Fields' },
  record: { id: 'core.field.record', defaultMessage: 'Employee record' },
  baseUrl: { id: 'core.field.base-url', defaultMessage: 'Service address' },
  dataCentre: { id: 'core.field.data-centre', defaultMessage: 'Data centre' },
  token: { id: 'core.field.token', defaultMessage: 'Access token' },
  clientId: { id: 'core.field.client-id', defaultMessage: 'Client ID' },
  clientSecret: { id: 'core.field.client-secret', defaultMessage: 'Client secret' },
  authScheme: { id: 'core.field.auth-scheme', defaultMessage: 'Sign-in scheme' },
  status: { id: 'core.field.status', defaultMessage: 'Status' },
  decision: { id: 'core.field.decision', defaultMessage: 'Decision' },
  comment: { id: 'core.field.comment', defaultMessage: 'Comment' },
  allLevels: { id: 'core.field.all-levels', defaultMessage: 'All levels' },
  logs: { id: 'core.field.logs', defaultMessage: 'Decisions per log' },
  rounding: { id: 'core.field.rounding', defaultMessage: 'Rounding' },
  roundingStep: { id: 'core.field.rounding-step', defaultMessage: 'Rounding step' },
  idleAfter: { id: 'core.field.idle-after', defaultMessage: 'Idle after' },
  shortcut: { id: 'core.field.shortcut', defaultMessage: 'Shortcut' },
  startAtLogin: { id: 'core.field.start-at-login', defaultMessage: 'Start at login' },
  notifications: { id: 'core.field.notifications', defaultMessage: 'Notifications' },
  updates: { id: 'core.field.updates', defaultMessage: 'Updates' },
  theme: { id: 'core.field.theme', defaultMessage: 'Theme' },
  onSuspend: { id: 'core.field.on-suspend', defaultMessage: 'When the computer sleeps' },
  endOfDay: { id: 'core.field.end-of-day', defaultMessage: 'End of my working day' },
  timeZone: { id: 'core.field.time-zone', defaultMessage: 'Time zone for days' },
  stoppedAt: { id: 'core.field.stopped-at', defaultMessage: 'Stopped at' },
  choice: { id: 'core.field.choice', defaultMessage: 'Choice' },
  reports: { id: 'core.field.reports', defaultMessage: 'Reports' },
  all: { id: 'core.field.all', defaultMessage: 'All' },
  log: { id: 'core.field.log', defaultMessage: 'Log' },
  entry: { id: 'core.field.entry', defaultMessage: 'Entry' },
  timesheet: { id: 'core.field.timesheet', defaultMessage: 'Timesheet' },
  timesheetName: { id: 'core.field.timesheet-name', defaultMessage: 'Timesheet name' },
  search: { id: 'core.field.search', defaultMessage: 'Search' },
  value: {
    id: 'core.field.value',
    defaultMessage: 'A value',
    description: 'Names a value that has no name of its own, at the start of a refusal ("A value: enter text.")',
  },
});

const BY_NAME: Readonly<Record<string, MessageDescriptor>> = Object.freeze({
  workDate: FIELDS.date,
  date: FIELDS.date,
  hours: FIELDS.hours,
  jobId: FIELDS.job,
  jobName: FIELDS.job,
  job: FIELDS.job,
  description: FIELDS.description,
  workItem: FIELDS.workItem,
  billable: FIELDS.billable,
  week: FIELDS.week,
  weekStart: FIELDS.week,
  from: FIELDS.from,
  to: FIELDS.to,
  user: FIELDS.employee,
  email: FIELDS.email,
  employeeId: FIELDS.employeeId,
  modifiedSince: FIELDS.changedSince,
  fields: FIELDS.fields,
  recordId: FIELDS.record,
  baseUrl: FIELDS.baseUrl,
  dataCentre: FIELDS.dataCentre,
  token: FIELDS.token,
  clientId: FIELDS.clientId,
  clientSecret: FIELDS.clientSecret,
  authScheme: FIELDS.authScheme,
  status: FIELDS.status,
  decision: FIELDS.decision,
  comments: FIELDS.comment,
  allLevels: FIELDS.allLevels,
  logs: FIELDS.logs,
  rounding: FIELDS.rounding,
  mode: FIELDS.rounding,
  stepMinutes: FIELDS.roundingStep,
  idleThresholdMinutes: FIELDS.idleAfter,
  shortcut: FIELDS.shortcut,
  startAtLogin: FIELDS.startAtLogin,
  notifications: FIELDS.notifications,
  autoUpdate: FIELDS.updates,
  theme: FIELDS.theme,
  onSuspend: FIELDS.onSuspend,
  endOfDay: FIELDS.endOfDay,
  timeZone: FIELDS.timeZone,
  at: FIELDS.stoppedAt,
  action: FIELDS.choice,
  ids: FIELDS.reports,
  all: FIELDS.all,
  localId: FIELDS.log,
  id: FIELDS.entry,
  timeLogId: FIELDS.log,
  timesheetId: FIELDS.timesheet,
});

/** The English label of each field name (`workDate` -> `Date`), as the core's English messages name them. */
export const FIELD_WORDS: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(Object.entries(BY_NAME).map(([k, m]) => [k, m.defaultMessage])),
);

/** `workDate` -> `Date`; a name with no words of its own -> undefined (say "a value", never the code's name). */
export function fieldWord(name: string | undefined): string | undefined {
  return name !== undefined && Object.prototype.hasOwnProperty.call(FIELD_WORDS, name) ? FIELD_WORDS[name] : undefined;
}

/** `workDate` -> the Date label as a phrase of its own (a value of a refusal: `{ said }`); undefined when it has none. */
export function fieldSaid(name: string | undefined): { said: Said } | undefined {
  if (name === undefined || !Object.prototype.hasOwnProperty.call(BY_NAME, name)) return undefined;
  return { said: { code: BY_NAME[name].id, values: {} } };
}

/** A label message as a value of another message. */
export const labelSaid = (m: MessageDescriptor): { said: Said } => ({ said: { code: m.id, values: {} } });

/** A wait in words: `in 40 s`, `in 5 min`, `in 1 h 10 min`. */
export function waitWords(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  if (s < 60) return `in ${s} s`;
  const min = Math.ceil(s / 60);
  if (min < 60) return `in ${min} min`;
  return `in ${Math.floor(min / 60)} h${min % 60 ? ` ${min % 60} min` : ''}`;
}
