/**
 * What the contract's schemas refuse, in the user's words: each problem is named at its field by the
 * name the screens give it ("Date: ...", "Hours: ..."), with what to do, and never with the operation's name, a field's
 * code name or the wire's date format. The log's own fields also come back as violations, so a form shows each message
 * at its field, the same way as the company's rules (src/core/rules/check.ts).
 */
import type { core } from 'zod';
import type { RuleViolation } from './domain';
import { fieldWord } from './words';

/** The words of the two formats people type (the contract's own messages: src/shared/contract.ts). */
export const HOURS_WORDS = 'use a duration like 1:30, 1h30 or 90m';
export const DATE_WORDS = 'that day is not on the calendar. Pick a real date';

/** Fields whose problem the forms show at the field itself. */
const LOG_FIELDS: Partial<Record<string, RuleViolation['field']>> = {
  workDate: 'workDate',
  hours: 'hours',
  jobId: 'job',
  jobName: 'job',
  description: 'description',
};

/** `id` means an entry for the outbox's operations, a timesheet for the managers'. */
const ID_WORDS: Partial<Record<string, string>> = {
  getTimesheet: 'Timesheet',
  decideTimesheet: 'Timesheet',
  deleteTimesheet: 'Timesheet',
};

export interface InputWords {
  message: string;
  violations: RuleViolation[];
}

/** The field's words: the last segment of the path that has any ("rounding.stepMinutes" -> "Rounding step"). */
function fieldOf(operation: string, path: ReadonlyArray<PropertyKey>): { key?: string; words: string } {
  for (let i = path.length - 1; i >= 0; i--) {
    const key = path[i];
    if (typeof key !== 'string') continue;
    if (key === 'id' && ID_WORDS[operation]) return { key, words: ID_WORDS[operation]! };
    const words = fieldWord(key);
    if (words) return { key, words };
  }
  return { words: 'A value' };
}

function valueAt(input: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let v: unknown = input;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

const EXPECTED: Record<string, string> = {
  string: 'enter text',
  number: 'enter a number',
  int: 'enter a whole number',
  boolean: 'choose yes or no',
  array: 'choose from the list',
  object: 'this cannot be used here',
  record: 'this cannot be used here',
};

function what(issue: core.$ZodIssue, field: { key?: string; words: string }, missing: boolean): string {
  const { key } = field;
  // 2,000 not 2000: a figure, never something that reads like a code
  const num = (n: number | bigint) => Number(n).toLocaleString('en-GB');
  const counted = (n: number | bigint, one: string, many: string) => `${num(n)} ${Number(n) === 1 ? one : many}`;
  if (missing) {
    if (key === 'hours') return `enter the time worked, ${HOURS_WORDS}.`;
    if (key === 'workDate' || key === 'date' || key === 'weekStart') return 'pick a date.';
    if (key === 'jobId' || key === 'jobName') return 'pick a job.';
    return 'fill this in.';
  }
  if (issue.code === 'invalid_type' && key === 'hours') return `${HOURS_WORDS}.`;
  if (issue.code === 'invalid_type' && (key === 'workDate' || key === 'date' || key === 'weekStart')) return `${DATE_WORDS}.`;
  switch (issue.code) {
    case 'invalid_type':
      return `${EXPECTED[issue.expected] ?? 'this cannot be used here'}.`;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? 'this cannot be empty.' : `use at least ${counted(issue.minimum, 'character', 'characters')}.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `choose at least ${num(issue.minimum)}.`;
      return `use ${num(issue.minimum)} or more.`;
    case 'too_big':
      if (issue.origin === 'string') return `use at most ${counted(issue.maximum, 'character', 'characters')}.`;
      if (issue.origin === 'array' || issue.origin === 'set') return 'that is too many: choose fewer.';
      return `use ${num(issue.maximum)} or less.`;
    case 'invalid_value':
      return `choose one of ${issue.values.map(String).join(', ')}.`;
    case 'invalid_format':
      if (issue.format === 'url') return 'enter a full address, like https://people.zoho.eu/people.';
      // the contract's own patterns carry their own words (HHMM)
      return `${issue.message}.`;
    // the contract's own checks (a real calendar day, "ids or all") carry their own words
    case 'custom':
      return `${issue.message}.`;
    default:
      return 'this cannot be used here.';
  }
}

/** The contract's refusal of an input, in words: one sentence per problem, and the log's fields as violations. */
export function inputWords(operation: string, input: unknown, issues: readonly core.$ZodIssue[]): InputWords {
  const sentences: string[] = [];
  const violations: RuleViolation[] = [];
  const said = new Set<string>();
  for (const issue of issues) {
    // one problem per value: what follows a wrong kind of value (a length of it) says nothing more
    const where = issue.path.map(String).join('.');
    if (issue.code !== 'unrecognized_keys' && said.has(where)) continue;
    said.add(where);
    let sentence: string;
    const field = fieldOf(operation, issue.path);
    if (issue.code === 'unrecognized_keys') {
      // the caller's own words (a script's typo), quoted back so it can be found; nothing else of the code is named
      sentence = `Punchcard does not take ${issue.keys.map((k) => `"${k}"`).join(', ')} here: leave ${issue.keys.length === 1 ? 'it' : 'them'} out.`;
    } else {
      const missing = issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined;
      sentence = `${field.words}: ${what(issue, field, missing)}`;
      const logField = field.key !== undefined && issue.path.length === 1 ? LOG_FIELDS[field.key] : undefined;
      if (logField && !violations.some((v) => v.field === logField)) {
        violations.push({ field: logField, rule: missing ? 'required' : 'format', message: sentence });
      }
    }
    if (!sentences.includes(sentence)) sentences.push(sentence);
  }
  return { message: sentences.join(' '), violations };
}
