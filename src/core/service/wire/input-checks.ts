/**
 * Input refused before anything is sent (InvalidInputError): a request the service would refuse anyway costs one of
 * ~20 calls a minute, and an outbox entry that can never succeed should fail when it is made, not days later.
 * Only the spec's own rules live here; the company's rules (max per day, past days) belong to the rules module.
 */
import { isHhmm, parseHhmm, toHhmm } from '../../../shared/time/hours';
import { isValidDate } from '../../../shared/time/week';
import { DATE_WORDS, HOURS_WORDS } from '../../../shared/input-words';
import { fieldWord } from '../../../shared/words';
import { InvalidInputError } from '../errors';
import type { AddTimeLogInput, EditTimeLogInput } from '../types';

type Violation = { field: string; rule: string; message: string };

/** A parameter by the name people know it by (`timesheetName` -> "Timesheet name"); the field keeps the code's name. */
const words = (field: string) =>
  fieldWord(field) ?? ({ timesheetName: 'Timesheet name', fromDate: 'From', toDate: 'To' } as Record<string, string>)[field] ?? 'A value';

/**
 * spec 4.2: a log's hours travel as `HH:MM` (the one rule: shared/time/hours.ts), with one or two digits of hours (one
 * log is never 100 hours; only totals are). `7:05` -> `07:05`; undefined when not.
 */
export function paddedHours(v: string): string | undefined {
  const s = v.trim();
  return isHhmm(s) && s.indexOf(':') <= 2 ? toHhmm(parseHhmm(s)) : undefined;
}

function fail(what: string, violations: Violation[]): never {
  throw new InvalidInputError(`${what}: ${violations.map((v) => v.message).join(' ')}`, violations);
}

function requireText(violations: Violation[], field: string, value: string | undefined, hint: string): void {
  if (value === undefined || value.trim() === '') {
    violations.push({ field, rule: 'required', message: `${words(field)}: ${hint}.` });
  }
}

function checkHours(violations: Violation[], hours: string): void {
  if (paddedHours(hours) === undefined) {
    violations.push({ field: 'hours', rule: 'format', message: `Hours: ${HOURS_WORDS} (not "${hours}").` });
  }
}

function checkDay(violations: Violation[], field: string, value: string): void {
  if (!isValidDate(value)) {
    // spec 4.2: workDate `YYYY-MM-DD`, a real calendar day
    violations.push({ field, rule: 'format', message: `${words(field)}: ${DATE_WORDS}.` });
  }
}

/** spec 4.2 addtimelog rules, including "at least one of jobId and jobName must be given". */
export function checkAddTimeLog(input: AddTimeLogInput): AddTimeLogInput {
  const v: Violation[] = [];
  requireText(v, 'user', input.user, 'give the employee email or employee id');
  checkDay(v, 'workDate', input.workDate);
  checkHours(v, input.hours);
  if (!input.jobId?.trim() && !input.jobName?.trim()) {
    // spec 4.2: at least one of jobId and jobName
    v.push({ field: 'job', rule: 'required', message: 'Job: pick a job.' });
  }
  if (v.length > 0) fail('Cannot add the time log', v);
  return { ...input, hours: paddedHours(input.hours)! };
}

export function checkEditTimeLog(input: EditTimeLogInput): EditTimeLogInput {
  const v: Violation[] = [];
  requireText(v, 'timeLogId', input.timeLogId, 'the service has no id for this log yet');
  if (input.hours !== undefined) checkHours(v, input.hours);
  if (input.workDate !== undefined) checkDay(v, 'workDate', input.workDate);
  if (v.length > 0) fail('Cannot edit the time log', v);
  return input.hours === undefined ? input : { ...input, hours: paddedHours(input.hours)! };
}

/** Checks required ids/texts and YYYY-MM-DD dates of the other operations in one go. */
export function checkFields(
  what: string,
  required: Record<string, string | undefined>,
  days: Record<string, string | undefined> = {},
): void {
  const v: Violation[] = [];
  for (const [field, value] of Object.entries(required)) requireText(v, field, value, 'this cannot be empty');
  for (const [field, value] of Object.entries(days)) if (value !== undefined) checkDay(v, field, value);
  if (v.length > 0) fail(what, v);
}
