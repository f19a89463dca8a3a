/**
 * What the contract's schemas refuse, in the user's words: each problem is named at its field by the
 * name the screens give it ("Date: ...", "Hours: ..."), with what to do, and never with the operation's name, a field's
 * code name or the wire's date format. The log's own fields also come back as violations, so a form shows each message
 * at its field, the same way as the company's rules (src/core/rules/check.ts).
 */
import type { core } from 'zod';
import type { RuleViolation } from './domain';
import { FIELDS, fieldSaid, labelSaid } from './words';
import { defineMessages, type MessageDescriptor } from './i18n/messages';
import type { Said, SaidValue } from './i18n/said';

/** A Said from a message's id and values. */
const said = (code: string, values: Said['values'] = {}): Said => ({ code, values });

/**
 * The contract's own words for a value it refuses (its zod messages: src/shared/contract/), each a phrase that
 * follows a field's name ("Hours: use a duration ..."). The schemas carry the English; it is looked up here.
 */
export const OWN = defineMessages({
  hours: { id: 'core.input.own.hours', defaultMessage: 'use a duration like 1:30, 1h30 or 90m' },
  date: { id: 'core.input.own.date', defaultMessage: 'that day is not on the calendar. Pick a real date' },
  eachOnce: { id: 'core.input.own.each-timesheet-once', defaultMessage: 'name each timesheet once' },
  reports: { id: 'core.input.own.reports', defaultMessage: 'choose the reports you have seen, or all of them' },
  giveTo: {
    id: 'core.input.own.give-to-job',
    defaultMessage: 'give the job (jobId or jobName) with give-to-job, and only then',
    description: '"jobId", "jobName" and "give-to-job" are the names a script gives: keep them as they are.',
  },
  stopAt: {
    id: 'core.input.own.stop-at',
    defaultMessage: 'give the time (at) with stop-at, and only then',
    description: '"at" and "stop-at" are the names a script gives: keep them as they are.',
  },
  comment: { id: 'core.input.own.comment', defaultMessage: 'Say what to fix in a comment, so the employee knows what to change' },
});

/** The words of the two formats people type (the contract's own messages: src/shared/contract/). */
export const HOURS_WORDS = OWN.hours.defaultMessage;
export const DATE_WORDS = OWN.date.defaultMessage;

const M = defineMessages({
  hoursMissing: {
    id: 'core.input.hours-missing',
    defaultMessage: '{field}: enter the time worked, use a duration like 1:30, 1h30 or 90m.',
  },
  dateMissing: { id: 'core.input.date-missing', defaultMessage: '{field}: pick a date.' },
  jobMissing: { id: 'core.input.job-missing', defaultMessage: '{field}: pick a job.' },
  missing: {
    id: 'core.input.missing',
    defaultMessage: '{field}: fill this in.',
    description: "A refusal of an input, at its field. {field}: the field's name as the screens show it (Date, Hours, Comment...).",
  },
  own: {
    id: 'core.input.own',
    defaultMessage: '{field}: {words}.',
    description: "{field}: the field's name; {words}: what to do (a core.input.own.* phrase).",
  },
  expected: {
    id: 'core.input.expected',
    defaultMessage:
      '{field}: {expected, select, string {enter text} number {enter a number} int {enter a whole number} boolean {choose yes or no} array {choose from the list} other {this cannot be used here}}.',
  },
  empty: { id: 'core.input.empty', defaultMessage: '{field}: this cannot be empty.' },
  minChars: {
    id: 'core.input.min-chars',
    defaultMessage: '{field}: use at least {count, plural, one {# character} other {# characters}}.',
  },
  minItems: { id: 'core.input.min-items', defaultMessage: '{field}: choose at least {count, number}.' },
  min: { id: 'core.input.min', defaultMessage: '{field}: use {count, number} or more.' },
  maxChars: { id: 'core.input.max-chars', defaultMessage: '{field}: use at most {count, plural, one {# character} other {# characters}}.' },
  tooMany: { id: 'core.input.too-many', defaultMessage: '{field}: that is too many: choose fewer.' },
  max: { id: 'core.input.max', defaultMessage: '{field}: use {count, number} or less.' },
  oneOf: {
    id: 'core.input.one-of',
    defaultMessage: '{field}: choose one of {values}.',
    description: '{values}: the values a script may give, as it types them (nearest, up, down): kept as they are.',
  },
  url: { id: 'core.input.url', defaultMessage: '{field}: enter a full address, like https://people.zoho.eu/people.' },
  unusable: { id: 'core.input.unusable', defaultMessage: '{field}: this cannot be used here.' },
  unknownKeys: {
    id: 'core.input.unknown-keys',
    defaultMessage: 'Punchcard does not take {keys} here: leave {count, plural, one {it} other {them}} out.',
    description: '{keys}: the names a script gave that Punchcard does not know, quoted as it typed them.',
  },
  sentences: {
    id: 'core.sentences',
    defaultMessage: '{first} {then}',
    description: 'Two sentences said one after the other (each is a message of its own).',
  },
});

/** Several sentences said one after the other, as one Said (a chain of `core.sentences`). */
export function sentencesSaid(all: Said[]): Said | undefined {
  if (all.length === 0) return undefined;
  return all
    .slice(0, -1)
    .reduceRight<Said>((then, first) => ({ code: M.sentences.id, values: { first: { said: first }, then: { said: then } } }), all.at(-1)!);
}

/** Fields whose problem the forms show at the field itself. */
const LOG_FIELDS: Partial<Record<string, RuleViolation['field']>> = {
  workDate: 'workDate',
  hours: 'hours',
  jobId: 'job',
  jobName: 'job',
  description: 'description',
};

/** `id` means an entry for the outbox's operations, a timesheet for the managers'. */
const ID_WORDS: Partial<Record<string, MessageDescriptor>> = {
  getTimesheet: FIELDS.timesheet,
  decideTimesheet: FIELDS.timesheet,
  deleteTimesheet: FIELDS.timesheet,
};

export interface InputWords {
  message: string;
  /** The same as a code and values (one sentence, or several chained). */
  said?: Said;
  violations: RuleViolation[];
}

/** The field's words: the last segment of the path that has any ("rounding.stepMinutes" -> "Rounding step"). */
function fieldOf(operation: string, path: ReadonlyArray<PropertyKey>): { key?: string; words: SaidValue } {
  for (let i = path.length - 1; i >= 0; i--) {
    const key = path[i];
    if (typeof key !== 'string') continue;
    if (key === 'id' && ID_WORDS[operation]) return { key, words: labelSaid(ID_WORDS[operation]!) };
    const words = fieldSaid(key);
    if (words) return { key, words };
  }
  return { words: labelSaid(FIELDS.value) };
}

function valueAt(input: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let v: unknown = input;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

const EXPECTED = new Set(['string', 'number', 'int', 'boolean', 'array']);

/** The contract's own phrase for `text` (a zod message it set), as a value; undefined when it is not one of them. */
function ownWords(text: string): SaidValue | undefined {
  const plain = text.trim().replace(/\.$/, '');
  const m = Object.values(OWN).find((o) => o.defaultMessage === plain);
  return m ? labelSaid(m) : undefined;
}

function what(issue: core.$ZodIssue, field: { key?: string; words: SaidValue }, missing: boolean): Said {
  const { key } = field;
  const f = { field: field.words };
  const isDay = key === 'workDate' || key === 'date' || key === 'weekStart';
  if (missing) {
    if (key === 'hours') return said(M.hoursMissing.id, f);
    if (isDay) return said(M.dateMissing.id, f);
    if (key === 'jobId' || key === 'jobName') return said(M.jobMissing.id, f);
    return said(M.missing.id, f);
  }
  if (issue.code === 'invalid_type' && key === 'hours') return said(M.own.id, { ...f, words: labelSaid(OWN.hours) });
  if (issue.code === 'invalid_type' && isDay) return said(M.own.id, { ...f, words: labelSaid(OWN.date) });
  switch (issue.code) {
    case 'invalid_type':
      return said(M.expected.id, { ...f, expected: EXPECTED.has(issue.expected) ? issue.expected : 'other' });
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? said(M.empty.id, f) : said(M.minChars.id, { ...f, count: Number(issue.minimum) });
      if (issue.origin === 'array' || issue.origin === 'set') return said(M.minItems.id, { ...f, count: Number(issue.minimum) });
      return said(M.min.id, { ...f, count: Number(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return said(M.maxChars.id, { ...f, count: Number(issue.maximum) });
      if (issue.origin === 'array' || issue.origin === 'set') return said(M.tooMany.id, f);
      return said(M.max.id, { ...f, count: Number(issue.maximum) });
    case 'invalid_value':
      return said(M.oneOf.id, { ...f, values: issue.values.map(String).join(', ') });
    case 'invalid_format':
      if (issue.format === 'url') return said(M.url.id, f);
      // the contract's own patterns carry their own words (HHMM)
      return said(M.own.id, { ...f, words: ownWords(issue.message) ?? issue.message.replace(/\.$/, '') });
    // the contract's own checks (a real calendar day, "ids or all") carry their own words
    case 'custom':
      return said(M.own.id, { ...f, words: ownWords(issue.message) ?? issue.message.replace(/\.$/, '') });
    default:
      return said(M.unusable.id, f);
  }
}

/**
 * The contract's refusal of an input, in words: one sentence per problem, and the log's fields as violations.
 * `english` words a Said in English (src/shared/i18n/english.ts, Node only: this module stays pure for the renderer).
 */
export function inputWords(operation: string, input: unknown, issues: readonly core.$ZodIssue[], english: (s: Said) => string): InputWords {
  const sentences: Array<Said & { message: string }> = [];
  const violations: RuleViolation[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    // one problem per value: what follows a wrong kind of value (a length of it) says nothing more
    const where = issue.path.map(String).join('.');
    if (issue.code !== 'unrecognized_keys' && seen.has(where)) continue;
    seen.add(where);
    let s: Said;
    const field = fieldOf(operation, issue.path);
    const missing = issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined;
    if (issue.code === 'unrecognized_keys') {
      // the caller's own words (a script's typo), quoted back so it can be found; nothing else of the code is named
      s = said(M.unknownKeys.id, { keys: issue.keys.map((k) => `"${k}"`).join(', '), count: issue.keys.length });
    } else {
      s = what(issue, field, missing);
    }
    const sentence = { ...s, message: english(s) };
    if (issue.code !== 'unrecognized_keys') {
      const logField = field.key !== undefined && issue.path.length === 1 ? LOG_FIELDS[field.key] : undefined;
      if (logField && !violations.some((v) => v.field === logField)) {
        violations.push({
          field: logField,
          rule: missing ? 'required' : 'format',
          message: sentence.message,
          said: { code: sentence.code, values: sentence.values },
        });
      }
    }
    if (!sentences.some((x) => x.message === sentence.message)) sentences.push(sentence);
  }
  const chained = sentencesSaid(sentences.map((x) => ({ code: x.code, values: x.values })));
  return { message: sentences.map((x) => x.message).join(' '), ...(chained ? { said: chained } : {}), violations };
}
