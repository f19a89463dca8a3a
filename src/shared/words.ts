/**
 * Words people read: days as people say them (`Thu 19 Nov`, never the wire's `2026-11-19`), the
 * fields of a log by the names the screens give them (never `workDate` or `timeLogId`), waits in seconds or minutes.
 * Pure (date-fns, no Node imports): the core's messages, `punch` and the renderer all use it, so a day reads the same
 * in a notice, the outbox and a terminal.
 */
import { format } from 'date-fns';
import { isValidDate, toLocalDate } from './time/week';

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
 * The fields of the contract's inputs by the names the screens give them. A name not listed here is never shown (the
 * message says "a value" instead): a field name is the code's word, not the user's.
 */
export const FIELD_WORDS: Readonly<Record<string, string>> = Object.freeze({
  workDate: 'Date',
  date: 'Date',
  hours: 'Hours',
  jobId: 'Job',
  jobName: 'Job',
  job: 'Job',
  description: 'Description',
  workItem: 'Work item',
  billable: 'Billable',
  week: 'Week',
  weekStart: 'Week',
  from: 'From',
  to: 'To',
  user: 'Employee',
  email: 'Email',
  employeeId: 'Employee ID',
  modifiedSince: 'Changed since',
  fields: 'Fields',
  recordId: 'Employee record',
  baseUrl: 'Service address',
  dataCentre: 'Data centre',
  token: 'Access token',
  clientId: 'Client ID',
  clientSecret: 'Client secret',
  authScheme: 'Sign-in scheme',
  status: 'Status',
  decision: 'Decision',
  comments: 'Comment',
  allLevels: 'All levels',
  logs: 'Decisions per log',
  rounding: 'Rounding',
  mode: 'Rounding',
  stepMinutes: 'Rounding step',
  idleThresholdMinutes: 'Idle after',
  shortcut: 'Shortcut',
  startAtLogin: 'Start at login',
  notifications: 'Notifications',
  autoUpdate: 'Updates',
  theme: 'Theme',
  onSuspend: 'When the computer sleeps',
  endOfDay: 'End of my working day',
  timeZone: 'Time zone for days',
  at: 'Stopped at',
  action: 'Choice',
  ids: 'Reports',
  all: 'All',
  localId: 'Log',
  id: 'Entry',
  timeLogId: 'Log',
  timesheetId: 'Timesheet',
});

/** `workDate` -> `Date`; a name with no words of its own -> undefined (say "a value", never the code's name). */
export function fieldWord(name: string | undefined): string | undefined {
  return name !== undefined && Object.prototype.hasOwnProperty.call(FIELD_WORDS, name) ? FIELD_WORDS[name] : undefined;
}

/** A wait in words: `in 40 s`, `in 5 min`, `in 1 h 10 min`. */
export function waitWords(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  if (s < 60) return `in ${s} s`;
  const min = Math.ceil(s / 60);
  if (min < 60) return `in ${min} min`;
  return `in ${Math.floor(min / 60)} h${min % 60 ? ` ${min % 60} min` : ''}`;
}
