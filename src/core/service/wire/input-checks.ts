/**
 * Input refused before anything is sent (InvalidInputError): a request the service would refuse anyway costs one of
 * ~20 calls a minute. Only what the operations' callers pass besides a log: ids, texts and days of the timesheet,
 * report and employee operations. A time log's values are not checked here: they were checked once where they came
 * in (the one schema of a log, src/shared/log.ts), and the client only encodes them (./time-log-params.ts).
 */
import { isValidDate } from '../../../shared/time/week';
import { DATE_WORDS } from '../../../shared/input-words';
import { fieldWord } from '../../../shared/words';
import { InvalidInputError } from '../errors';

type Violation = { field: string; rule: string; message: string };

/** A parameter by the name people know it by (`timesheetName` -> "Timesheet name"); the field keeps the code's name. */
const words = (field: string) =>
  fieldWord(field) ?? ({ timesheetName: 'Timesheet name', fromDate: 'From', toDate: 'To' } as Record<string, string>)[field] ?? 'A value';

function fail(what: string, violations: Violation[]): never {
  throw new InvalidInputError(`${what}: ${violations.map((v) => v.message).join(' ')}`, violations);
}

function requireText(violations: Violation[], field: string, value: string | undefined, hint: string): void {
  if (value === undefined || value.trim() === '') {
    violations.push({ field, rule: 'required', message: `${words(field)}: ${hint}.` });
  }
}

function checkDay(violations: Violation[], field: string, value: string): void {
  if (!isValidDate(value)) {
    // spec 4.1, 4.3: fromDate and toDate as `YYYY-MM-DD` (sent with dateFormat), a real calendar day
    violations.push({ field, rule: 'format', message: `${words(field)}: ${DATE_WORDS}.` });
  }
}

/** What to do about a missing value, where more can be said than "this cannot be empty". */
const HINTS: Record<string, string> = {
  user: 'give the employee email or employee id',
  timeLogId: 'the service has no id for this log yet',
};

/** Checks required ids/texts and YYYY-MM-DD dates of the other operations in one go. */
export function checkFields(
  what: string,
  required: Record<string, string | undefined>,
  days: Record<string, string | undefined> = {},
): void {
  const v: Violation[] = [];
  for (const [field, value] of Object.entries(required)) requireText(v, field, value, HINTS[field] ?? 'this cannot be empty');
  for (const [field, value] of Object.entries(days)) if (value !== undefined) checkDay(v, field, value);
  if (v.length > 0) fail(what, v);
}
