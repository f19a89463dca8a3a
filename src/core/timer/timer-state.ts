/**
 * The timer's persisted shape and how it is read back: the store holds only a start timestamp plus what it is for
 * (elapsed time is always computed from the clock), and anything damaged or foreign in it reads as "not running".
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { once } from '../../shared/lazy/once';
import type { KeyValueStore } from '../store';
import type { TimerState, TimerView } from '../../shared/domain';
import { addDays, isValidDate } from '../../shared/time/week';
import { dayIn, isZone, systemZone } from '../../shared/time/zone';
import type { Clock } from '../context';
import { booleanIn, isPlainObject, numberIn, stringIn, type StoreSchema } from '../store';
import { defineMessages } from '../../shared/i18n/messages';
import { said } from '../../shared/i18n/english';
import type { Words } from '../../shared/i18n/said';

const M = defineMessages({
  what: { id: 'core.timer.file.what', defaultMessage: 'the timer', description: 'What a damaged file is.' },
  notTimer: { id: 'core.timer.file.not-timer', defaultMessage: 'the timer is not a timer record' },
  noStart: { id: 'core.timer.file.no-start', defaultMessage: 'the running timer has no readable start time' },
  noJob: { id: 'core.timer.file.no-job', defaultMessage: "the running timer's job name could not be read" },
  notText: {
    id: 'core.timer.file.not-text',
    defaultMessage: "the timer's {field, select, workItem {work item} other {description}} is not text",
  },
  billable: { id: 'core.timer.file.billable', defaultMessage: "the timer's billable flag is not yes or no" },
  logTo: {
    id: 'core.timer.file.log-to',
    defaultMessage: "the day chosen for the timer's time could not be read (it is asked again when the timer stops)",
  },
  idle: {
    id: 'core.timer.file.idle',
    defaultMessage: 'the question about idle time could not be read (the timer runs on; stop it to log)',
  },
  zone: {
    id: 'core.timer.file.zone',
    defaultMessage: "the timer's time zone could not be read (its days are counted in this computer's zone)",
  },
  nothing: { id: 'core.timer.file.nothing', defaultMessage: 'nothing' },
  running: {
    id: 'core.timer.file.running',
    defaultMessage: 'the running timer on {job} started {at}',
    description: "{job}: a job's name; {at}: a day and time.",
  },
  ifNothing: {
    id: 'core.timer.file.if-nothing',
    defaultMessage: 'no running timer could be read from it, so the timer starts stopped (if one was running, log its time by hand)',
  },
});

/**
 * A running timer as `timer.json` holds it, written once as a zod schema. Reading is field by field with these
 * schemas (`loadTimerState`, TIMER_SCHEMA below): what must be there is the start (the hours) and the job's name;
 * everything else is left out when unreadable rather than stop the timer.
 */
const IDLE_REASON_LIST = ['idle', 'suspend', 'lock', 'shutdown'] as const;
/**
 * The schemas, built when a timer file is first read or checked, not at load (about 45: a command that finds no
 * running timer never needs them; docs/benchmarks.md "punch status, third pass").
 */
const schemas = once(() => {
  const IDLE_PROMPT = z.object({
    idleSince: z.number(),
    reason: z.enum(IDLE_REASON_LIST),
    until: z.number().optional(),
  });
  /**
   * The wall clock and the monotonic clock read at one moment (the start, or when the user last answered about time
   * away): how far each moved since tells whether the computer slept, or its clock jumped, while the timer ran.
   */
  const ANCHOR = z.object({ at: z.number(), mono: z.number(), boot: z.string().min(1) });
  const RUNNING_TIMER = z.object({
    running: z.literal(true),
    startedAt: z.number().positive(),
    jobName: z.string().refine((name) => name.trim() !== ''),
    jobId: z.string().min(1).optional(),
    billable: z.boolean().optional(),
    workItem: z.string().optional(),
    description: z.string().optional(),
    logTo: z.string().refine(isValidDate).optional(),
    idlePrompt: IDLE_PROMPT.optional(),
    id: z.string().min(1).max(64).optional(),
    zone: z.string().refine(isZone).optional(),
    anchor: ANCHOR.optional(),
  });
  return { IDLE_PROMPT, ANCHOR, FIELD: RUNNING_TIMER.shape };
});
type Schemas = ReturnType<typeof schemas>;
const fits = (schema: z.ZodType, v: unknown) => schema.safeParse(v).success;

export type IdleReason = z.infer<Schemas['IDLE_PROMPT']>['reason'];

/** Key inside the store handed in (the caller picks the store, e.g. `timer.json`). */
export const TIMER_KEY = 'timer';

export type Anchor = z.infer<Schemas['ANCHOR']>;
export type Persisted = TimerState & { idlePrompt?: TimerView['idlePrompt']; anchor?: Anchor };

/** A new timer's id: random, so the logs of its stop can be told from those of any other timer. */
export function newTimerId(): string {
  return `t-${randomBytes(8).toString('hex')}`;
}

/** Both clocks read now, for a new timer or after time away was answered (undefined: the clock has no monotonic reading). */
export function anchorOf(clock: Clock): Persisted['anchor'] {
  const mono = clock.monotonic?.();
  const boot = clock.boot?.();
  return mono !== undefined && boot ? { at: clock.now(), mono, boot } : undefined;
}

/** A timer starting now: its own id, its zone, both clocks read, and what it is for. */
export function newTimerState(
  input: { jobId?: string; jobName: string; workItem?: string; description?: string; billable?: boolean; logTo?: string },
  clock: Clock,
  zone: string,
): Persisted {
  const next: Persisted = { running: true, startedAt: clock.now(), jobName: input.jobName, billable: input.billable !== false };
  next.id = newTimerId();
  next.zone = zone;
  const anchor = anchorOf(clock);
  if (anchor) next.anchor = anchor;
  if (input.jobId) next.jobId = input.jobId;
  if (input.workItem !== undefined) next.workItem = input.workItem;
  if (input.description !== undefined) next.description = input.description;
  if (input.logTo !== undefined) next.logTo = input.logTo;
  return next;
}

/** How many days of a timer's own the logs of its stop are looked for (a day chosen elsewhere is added). */
const MAX_DAYS = 400;

/** The days the logs of a stop of `t` can be on: its days so far (a day either side), and the open day chosen for them. */
export function stopDaysOf(t: Persisted, now: number): string[] {
  if (!t.running || t.startedAt === undefined) return [];
  const zone = t.zone ?? systemZone();
  const first = addDays(dayIn(zone, t.startedAt), -1);
  const last = addDays(dayIn(zone, Math.max(now, t.startedAt)), 1);
  const days: string[] = [];
  for (let d = first; d <= last && days.length < MAX_DAYS; d = addDays(d, 1)) days.push(d);
  if (t.logTo && !days.includes(t.logTo)) days.push(t.logTo);
  return days;
}

export const STOPPED: Persisted = { running: false, billable: true };
export const IDLE_REASONS: IdleReason[] = [...IDLE_REASON_LIST];

/** A damaged or foreign store value must not crash the app: anything unreadable counts as "not running". */
export function loadTimerState(store: KeyValueStore): Persisted {
  const raw = store.get<Record<string, unknown>>(TIMER_KEY);
  if (!isPlainObject(raw) || raw.running !== true) return { ...STOPPED };
  const startedAt = z.number().safeParse(raw.startedAt);
  const jobName = z.string().min(1).safeParse(raw.jobName);
  if (!startedAt.success || !jobName.success) return { ...STOPPED };
  const state: Persisted = { running: true, startedAt: startedAt.data, jobName: jobName.data, billable: raw.billable !== false };
  for (const k of ['jobId', 'workItem', 'description'] as const) if (typeof raw[k] === 'string') state[k] = raw[k];
  const { FIELD, IDLE_PROMPT } = schemas();
  if (raw.logTo !== undefined && fits(FIELD.logTo, raw.logTo)) state.logTo = raw.logTo as string;
  const p = IDLE_PROMPT.safeParse(raw.idlePrompt);
  if (p.success) state.idlePrompt = p.data;
  readIdentity(raw, state);
  return state;
}

/** The id, zone and anchor, each kept when readable (a timer of an older Punchcard has none: ./timer.ts gives it an id). */
function readIdentity(raw: Record<string, unknown>, state: Persisted): void {
  const { FIELD, ANCHOR } = schemas();
  if (fits(FIELD.id, raw.id) && raw.id !== undefined) state.id = raw.id as string;
  if (fits(FIELD.zone, raw.zone) && raw.zone !== undefined) state.zone = raw.zone as string;
  const a = ANCHOR.safeParse(raw.anchor);
  if (a.success) state.anchor = a.data;
}

/* ------------------------------------------------------------------ the timer's file, checked when it is opened */

/** A local time people read: `2026-11-20 09:12`. */
export function localTimeWords(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/**
 * The shape check of `timer.json` (../store/store-schema.ts). A running timer's start is what must never be lost (it
 * is the hours): it is recovered whenever it can be read at all, even from a file cut short, with the job it was
 * for when that can be read too, else under a name that says so (the user can pick the job before stopping).
 */
export const TIMER_SCHEMA: StoreSchema = {
  what: said(M.what.id),
  check(key, value) {
    if (key !== TIMER_KEY) return { keep: value, problems: [] };
    if (!isPlainObject(value)) return { keep: undefined, problems: [said(M.notTimer.id)] };
    if (value.running !== true) return { keep: value, problems: [] };
    const problems: Words[] = [];
    const { FIELD, IDLE_PROMPT } = schemas();
    const startedAt = FIELD.startedAt.safeParse(value.startedAt);
    if (!startedAt.success) return { keep: undefined, problems: [said(M.noStart.id)] };
    const state: Persisted = { running: true, startedAt: startedAt.data, jobName: '', billable: value.billable !== false };
    if (fits(FIELD.jobId, value.jobId) && value.jobId !== undefined) state.jobId = value.jobId as string;
    if (fits(FIELD.jobName, value.jobName)) state.jobName = value.jobName as string;
    else {
      problems.push(said(M.noJob.id));
      state.jobName = state.jobId ? `Job ${state.jobId}` : 'Job unknown (the timer file was damaged)';
    }
    for (const k of ['workItem', 'description'] as const) {
      if (value[k] === undefined) continue;
      if (fits(FIELD[k], value[k])) state[k] = value[k] as string;
      else problems.push(said(M.notText.id, { field: k }));
    }
    if (!fits(FIELD.billable, value.billable)) problems.push(said(M.billable.id));
    if (value.logTo !== undefined && fits(FIELD.logTo, value.logTo)) state.logTo = value.logTo as string;
    else if (value.logTo !== undefined) problems.push(said(M.logTo.id));
    if (value.idlePrompt !== undefined) {
      const p = IDLE_PROMPT.safeParse(value.idlePrompt);
      if (p.success) state.idlePrompt = p.data;
      else problems.push(said(M.idle.id));
    }
    readIdentity(value, state);
    if (value.zone !== undefined && state.zone === undefined) problems.push(said(M.zone.id));
    return { keep: state, problems };
  },
  salvage(text) {
    const startedAt = numberIn(text, 'startedAt');
    if (startedAt === undefined || booleanIn(text, 'running') === false) return {};
    const raw: Record<string, unknown> = { running: true, startedAt };
    for (const k of ['jobId', 'jobName', 'workItem', 'description', 'logTo', 'id', 'zone']) {
      const v = stringIn(text, k);
      if (v !== undefined) raw[k] = v;
    }
    const billable = booleanIn(text, 'billable');
    if (billable !== undefined) raw.billable = billable;
    return { [TIMER_KEY]: raw };
  },
  describe(doc) {
    const t = doc[TIMER_KEY] as Persisted | undefined;
    if (!t?.running || t.startedAt === undefined) return { text: said(M.nothing.id), count: 0 };
    return { text: said(M.running.id, { job: t.jobName ?? '', at: { at: t.startedAt } }), count: 1 };
  },
  ifNothing: said(M.ifNothing.id),
};
