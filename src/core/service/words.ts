/**
 * The service's failures in the user's words. The error classes (./errors.ts) keep the technical
 * facts for logs and tests (`endpoint`, `code`, `httpStatus`, the service's own text in `said`); their `message` says
 * what was being done, what went wrong and what to do, with no endpoint, error code, HTTP status or wire date.
 */
import type { RuleViolation } from '../../shared/domain';
import { plainDates } from '../../shared/words';
import { defineMessages } from '../../shared/i18n/messages';
import { said as sayCore, sayInEnglish } from '../../shared/i18n/english';
import type { Said, SaidValue, Words } from '../../shared/i18n/said';

const DOING = defineMessages({
  readTimesheet: { id: 'core.service.doing.read-timesheet', defaultMessage: 'reading a timesheet' },
  readTimesheets: { id: 'core.service.doing.read-timesheets', defaultMessage: 'reading timesheets' },
  submitWeek: { id: 'core.service.doing.submit-week', defaultMessage: 'submitting the week' },
  resubmitWeek: { id: 'core.service.doing.resubmit-week', defaultMessage: 'submitting the week again' },
  deleteTimesheet: { id: 'core.service.doing.delete-timesheet', defaultMessage: 'deleting a timesheet' },
  decide: { id: 'core.service.doing.decide', defaultMessage: 'recording the decision on a timesheet' },
  readLog: { id: 'core.service.doing.read-log', defaultMessage: 'reading a log' },
  addLog: { id: 'core.service.doing.add-log', defaultMessage: 'sending a new log' },
  editLog: { id: 'core.service.doing.edit-log', defaultMessage: 'sending a change to a log' },
  deleteLog: { id: 'core.service.doing.delete-log', defaultMessage: 'deleting a log' },
  readLogs: { id: 'core.service.doing.read-logs', defaultMessage: 'reading your logs' },
  payroll: { id: 'core.service.doing.payroll', defaultMessage: 'running the payroll report' },
  settings: { id: 'core.service.doing.settings', defaultMessage: "reading your company's settings" },
  jobs: { id: 'core.service.doing.jobs', defaultMessage: 'reading the job list' },
  readRecord: { id: 'core.service.doing.read-record', defaultMessage: 'reading an employee record' },
  addRecord: { id: 'core.service.doing.add-record', defaultMessage: 'adding an employee record' },
  updateRecord: { id: 'core.service.doing.update-record', defaultMessage: 'updating an employee record' },
  readRecords: { id: 'core.service.doing.read-records', defaultMessage: 'reading employee records' },
  other: {
    id: 'core.service.doing.other',
    defaultMessage: 'talking to the service',
    description:
      'What Punchcard was doing when the service failed or refused, said inside other sentences ("... while {doing}", "... ({doing})"). Every core.service.doing.* phrase fits those sentences: translate them so they read after the words the sentences put before them.',
  },
});

/** What the app was doing when it called an endpoint (the path after `/api/`), as a sentence's object: "while <...>". */
const DOING_BY_ENDPOINT: ReadonlyArray<[RegExp, { id: string }]> = [
  [/\/gettimesheetdetails$/, DOING.readTimesheet],
  [/\/gettimesheet$/, DOING.readTimesheets],
  [/\/createtimesheet$/, DOING.submitWeek],
  [/\/modifytimesheet$/, DOING.resubmitWeek],
  [/\/deletetimesheet$/, DOING.deleteTimesheet],
  [/\/approvetimesheet$/, DOING.decide],
  [/\/gettimelogdetails$/, DOING.readLog],
  [/\/addtimelog$/, DOING.addLog],
  [/\/edittimelog$/, DOING.editLog],
  [/\/deletetimelog$/, DOING.deleteLog],
  [/\/gettimelogs$/, DOING.readLogs],
  [/\/getpayrollreport$/, DOING.payroll],
  [/\/gettimetrackersettings$/, DOING.settings],
  [/\/getjobs$/, DOING.jobs],
  [/\/getDataByID$/, DOING.readRecord],
  [/\/insertRecord$/, DOING.addRecord],
  [/\/updateRecord$/, DOING.updateRecord],
  [/^forms\/.*\/records$/, DOING.readRecords],
];

/** `timetracker/addtimelog` -> what was being done, as a phrase said by its own message (a value of other messages). */
export function doingSaid(endpoint: string): { said: Said } {
  const m = DOING_BY_ENDPOINT.find(([pattern]) => pattern.test(endpoint))?.[1] ?? DOING.other;
  return { said: { code: m.id, values: {} } };
}

/** `timetracker/addtimelog` -> "sending a new log" (the English). */
export function doingWords(endpoint: string): string {
  return sayInEnglish(doingSaid(endpoint).said);
}

const WHY = defineMessages({
  8000: { id: 'core.service.refusal.8000', defaultMessage: 'the log needs a job. Pick a job' },
  8001: { id: 'core.service.refusal.8001', defaultMessage: 'the service does not know this job, or it is finished. Pick another job' },
  8002: {
    id: 'core.service.refusal.8002',
    defaultMessage: "that would go over your company's maximum hours for the day. Log fewer hours, or pick another day",
  },
  8003: {
    id: 'core.service.refusal.8003',
    defaultMessage: 'that day is in the future, and your company does not allow logging ahead. Pick today or an earlier day',
  },
  8004: {
    id: 'core.service.refusal.8004',
    defaultMessage: 'that day is further back than your company allows. Pick a more recent day, or ask your manager',
  },
  8005: {
    id: 'core.service.refusal.8005',
    defaultMessage: "that log's week is submitted or approved, so it cannot change. Ask your manager to reject the week first",
  },
  8008: {
    id: 'core.service.refusal.8008',
    defaultMessage: 'that day is a weekend, a company holiday or a day of leave for you. Pick another day',
  },
  9002: { id: 'core.service.refusal.9002', defaultMessage: 'something it needs was missing. Check the values and try again' },
  9003: { id: 'core.service.refusal.9003', defaultMessage: 'one of the values cannot be used. Check the values and try again' },
  9004: { id: 'core.service.refusal.9004', defaultMessage: 'it could not read the date. Pick the date again' },
  9005: { id: 'core.service.refusal.9005', defaultMessage: 'time tracking is turned off for your company. Ask your administrator' },
  9006: { id: 'core.service.refusal.9006', defaultMessage: 'the end of the period is before its start. Pick the dates again' },
  9007: { id: 'core.service.refusal.9007', defaultMessage: 'the period is longer than a month. Pick a month or less' },
  9008: { id: 'core.service.refusal.9008', defaultMessage: 'that timesheet is not on the service (any more). Reload the list' },
  9009: { id: 'core.service.refusal.9009', defaultMessage: 'that pay period is already processed. Pick a later day or period' },
  7024: { id: 'core.service.refusal.7024', defaultMessage: 'there are no records for that' },
  7049: { id: 'core.service.refusal.7049', defaultMessage: 'that record is not on the service (any more). Reload the list' },
  7052: { id: 'core.service.refusal.7052', defaultMessage: 'a field it requires is empty. Fill in the required fields' },
  none: { id: 'core.service.refusal.no-reason', defaultMessage: 'it gave no reason' },
});

const M = defineMessages({
  refused: {
    id: 'core.service.refused',
    defaultMessage: 'The service refused this while {doing}: {why}.',
    description:
      "{doing}: what Punchcard was doing (a core.service.doing.* phrase). {why}: why, with what to do (a core.service.refusal.* phrase), or the service's own words as it sent them.",
  },
});

/**
 * The service's refusals by code (real-service-notes "Envelopes and errors"), in words with what to do, and the field
 * of a log that the refusal concerns (the Fix form opens on it). A code not listed keeps the service's own words, its
 * days made readable (`plainWords`).
 */
const REFUSALS: Readonly<Record<number, { words: { id: string }; field?: RuleViolation['field']; theirsFirst?: true }>> = {
  8000: { words: WHY[8000], field: 'job' },
  8001: { words: WHY[8001], field: 'job' },
  8002: { words: WHY[8002], field: 'hours' },
  8003: { words: WHY[8003], field: 'workDate' },
  8004: { words: WHY[8004], field: 'workDate' },
  8005: { words: WHY[8005], field: 'workDate' },
  8008: { words: WHY[8008], field: 'workDate' },
  // a missing or bad value: the service's own text says which (made plain), these words only when it says nothing
  9002: { words: WHY[9002], theirsFirst: true },
  9003: { words: WHY[9003], theirsFirst: true },
  9004: { words: WHY[9004], field: 'workDate' },
  9005: { words: WHY[9005] },
  9006: { words: WHY[9006] },
  9007: { words: WHY[9007] },
  9008: { words: WHY[9008] },
  9009: { words: WHY[9009], field: 'workDate' },
  7024: { words: WHY[7024] },
  7049: { words: WHY[7049] },
  // mandatory fields of a record: the service names them ("First Name: is mandatory")
  7052: { words: WHY[7052], theirsFirst: true },
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

/**
 * "The service refused this while sending a new log: that day is a weekend ... Pick another day." Its words for a
 * known code; otherwise the service's own text (a value: the service speaks its own language), made plain.
 */
export function refusalWords(code: number | undefined, said: string, endpoint: string): Words {
  const known = code !== undefined ? REFUSALS[code] : undefined;
  const theirs = said.trim() ? plainWords(said).replace(/[.\s]+$/, '') : '';
  const why: SaidValue =
    known && !(known.theirsFirst && theirs)
      ? { said: { code: known.words.id, values: {} } }
      : theirs || { said: { code: WHY.none.id, values: {} } };
  return sayCore(M.refused.id, { doing: doingSaid(endpoint), why });
}
