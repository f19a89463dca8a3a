/**
 * The service's failures in the user's words. The error classes (./errors.ts) keep the technical
 * facts for logs and tests (`endpoint`, `code`, `httpStatus`, the service's own text in `said`); their `message` says
 * what was being done, what went wrong and what to do, with no endpoint, error code, HTTP status or wire date.
 */
import type { RuleViolation } from '../../shared/domain';
import { plainDates } from '../../shared/words';

/** What the app was doing when it called an endpoint (the path after `/api/`), as a sentence's object: "while <...>". */
const DOING: ReadonlyArray<[RegExp, string]> = [
  [/\/gettimesheetdetails$/, 'reading a timesheet'],
  [/\/gettimesheet$/, 'reading timesheets'],
  [/\/createtimesheet$/, 'submitting the week'],
  [/\/modifytimesheet$/, 'submitting the week again'],
  [/\/deletetimesheet$/, 'deleting a timesheet'],
  [/\/approvetimesheet$/, 'recording the decision on a timesheet'],
  [/\/gettimelogdetails$/, 'reading a log'],
  [/\/addtimelog$/, 'sending a new log'],
  [/\/edittimelog$/, 'sending a change to a log'],
  [/\/deletetimelog$/, 'deleting a log'],
  [/\/gettimelogs$/, 'reading your logs'],
  [/\/getpayrollreport$/, 'running the payroll report'],
  [/\/gettimetrackersettings$/, "reading your company's settings"],
  [/\/getjobs$/, 'reading the job list'],
  [/\/getDataByID$/, 'reading an employee record'],
  [/\/insertRecord$/, 'adding an employee record'],
  [/\/updateRecord$/, 'updating an employee record'],
  [/^forms\/.*\/records$/, 'reading employee records'],
];

/** `timetracker/addtimelog` -> "sending a new log". */
export function doingWords(endpoint: string): string {
  return DOING.find(([pattern]) => pattern.test(endpoint))?.[1] ?? 'talking to the service';
}

/**
 * The service's refusals by code (real-service-notes "Envelopes and errors"), in words with what to do, and the field
 * of a log that the refusal concerns (the Fix form opens on it). A code not listed keeps the service's own words, its
 * days made readable (`plainWords`).
 */
const REFUSALS: Readonly<Record<number, { words: string; field?: RuleViolation['field']; theirsFirst?: true }>> = {
  8000: { words: 'the log needs a job. Pick a job', field: 'job' },
  8001: { words: 'the service does not know this job, or it is finished. Pick another job', field: 'job' },
  8002: { words: "that would go over your company's maximum hours for the day. Log fewer hours, or pick another day", field: 'hours' },
  8003: {
    words: 'that day is in the future, and your company does not allow logging ahead. Pick today or an earlier day',
    field: 'workDate',
  },
  8004: { words: 'that day is further back than your company allows. Pick a more recent day, or ask your manager', field: 'workDate' },
  8005: {
    words: "that log's week is submitted or approved, so it cannot change. Ask your manager to reject the week first",
    field: 'workDate',
  },
  8008: { words: 'that day is a weekend, a company holiday or a day of leave for you. Pick another day', field: 'workDate' },
  // a missing or bad value: the service's own text says which (made plain), these words only when it says nothing
  9002: { words: 'something it needs was missing. Check the values and try again', theirsFirst: true },
  9003: { words: 'one of the values cannot be used. Check the values and try again', theirsFirst: true },
  9004: { words: 'it could not read the date. Pick the date again', field: 'workDate' },
  9005: { words: 'time tracking is turned off for your company. Ask your administrator' },
  9006: { words: 'the end of the period is before its start. Pick the dates again' },
  9007: { words: 'the period is longer than a month. Pick a month or less' },
  9008: { words: 'that timesheet is not on the service (any more). Reload the list' },
  9009: { words: 'that pay period is already processed. Pick a later day or period', field: 'workDate' },
  7024: { words: 'there are no records for that' },
  7049: { words: 'that record is not on the service (any more). Reload the list' },
  // mandatory fields of a record: the service names them ("First Name: is mandatory")
  7052: { words: 'a field it requires is empty. Fill in the required fields', theirsFirst: true },
};

/**
 * A bad-value refusal (9002, 9003) names the parameter in the service's text ("Invalid value for hours: ..."): the log's
 * field it is, when it is one.
 */
function fieldNamed(text: string): RuleViolation['field'] | undefined {
  if (/\bhours\b/i.test(text)) return 'hours';
  if (/\bworkDate\b|\bdate\b/i.test(text)) return 'workDate';
  if (/\bjob(Id|Name)?\b/i.test(text)) return 'job';
  if (/\bdescription\b/i.test(text)) return 'description';
  return undefined;
}

/** Which field of a log a refusal concerns (by its code, else by the parameter its text names). */
export function refusalField(code: number | undefined, said: string): RuleViolation['field'] | undefined {
  const known = code !== undefined ? REFUSALS[code] : undefined;
  if (known?.field) return known.field;
  return code === 9002 || code === 9003 || code === undefined ? fieldNamed(said) : undefined;
}

/**
 * The service's own text made readable: days as people read them; endpoint names as "the service"; field names in
 * words (known ones by their screen names, any other camelCase name split into words: `jobStatus` -> "job status");
 * error codes left out.
 */
export function plainWords(said: string): string {
  return plainDates(said)
    .replace(
      /\b(?:get|add|edit|delete|create|modify|approve)(?:timelogs?|timesheets?|timelogdetails|timesheetdetails|jobs|payrollreport|timetrackersettings)\b/gi,
      'the service',
    )
    .replace(/\b[a-z]+(?:[A-Z][a-z]*)+\b/g, (w) => WIRE_WORDS[w] ?? w.replace(/([A-Z])/g, ' $1').toLowerCase())
    .replace(/\s*\((?:(?:code|error)\s*)?[1-9]\d{3}\)/gi, '')
    .replace(/\s*\b(?:code|error)\s*[1-9]\d{3}\b/gi, '')
    .replace(/\b[1-9]\d{3}\b:\s+/g, '')
    .trim();
}

const WIRE_WORDS: Record<string, string> = {
  workDate: 'date',
  timeLogId: 'log',
  timelogId: 'log',
  timesheetId: 'timesheet',
  jobId: 'job',
  jobName: 'job',
  billingStatus: 'billing',
  recordId: 'record',
  fromDate: 'start date',
  toDate: 'end date',
  sIndex: 'page',
  dateFormat: 'date format',
};

/** "The service refused the new log: that day is a weekend ... Pick another day." */
export function refusalWords(code: number | undefined, said: string, endpoint: string): string {
  const known = code !== undefined ? REFUSALS[code] : undefined;
  const theirs = said.trim() ? plainWords(said).replace(/[.\s]+$/, '') : '';
  const why = known && !(known.theirsFirst && theirs) ? known.words : theirs || 'it gave no reason';
  return `The service refused this while ${doingWords(endpoint)}: ${why}.`;
}
