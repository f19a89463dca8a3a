/**
 * The timer's persisted shape and how it is read back: the store holds only a start timestamp plus what it is for
 * (elapsed time is always computed from the clock), and anything damaged or foreign in it reads as "not running".
 */
import type { KeyValueStore } from '../store';
import type { TimerState, TimerView } from '../../shared/domain';
import { isValidDate } from '../../shared/week';
import { booleanIn, isFiniteNumber, isPlainObject, numberIn, stringIn, type StoreSchema } from '../store';

export type IdleReason = 'idle' | 'suspend' | 'lock' | 'shutdown';

/** Key inside the store handed in (the caller picks the store, e.g. `timer.json`). */
export const TIMER_KEY = 'timer';

export type Persisted = TimerState & { idlePrompt?: TimerView['idlePrompt'] };

export const STOPPED: Persisted = { running: false, billable: true };
export const IDLE_REASONS: IdleReason[] = ['idle', 'suspend', 'lock', 'shutdown'];

/** A damaged or foreign store value must not crash the app: anything unreadable counts as "not running". */
export function loadTimerState(store: KeyValueStore): Persisted {
  const raw = store.get<Partial<Persisted>>(TIMER_KEY);
  if (!raw || typeof raw !== 'object' || raw.running !== true) return { ...STOPPED };
  if (typeof raw.startedAt !== 'number' || !Number.isFinite(raw.startedAt)) return { ...STOPPED };
  if (typeof raw.jobName !== 'string' || raw.jobName === '') return { ...STOPPED };
  const state: Persisted = {
    running: true,
    startedAt: raw.startedAt,
    jobName: raw.jobName,
    billable: raw.billable !== false,
  };
  if (typeof raw.jobId === 'string') state.jobId = raw.jobId;
  if (typeof raw.workItem === 'string') state.workItem = raw.workItem;
  if (typeof raw.description === 'string') state.description = raw.description;
  if (isValidDate(raw.logTo)) state.logTo = raw.logTo;
  const p = raw.idlePrompt;
  if (p && typeof p.idleSince === 'number' && IDLE_REASONS.includes(p.reason)) state.idlePrompt = { idleSince: p.idleSince, reason: p.reason };
  return state;
}

/* ------------------------------------------------------------------ the timer's file, checked when it is opened */

const isText = (v: unknown): v is string => typeof v === 'string';

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
  what: 'the timer',
  check(key, value) {
    if (key !== TIMER_KEY) return { keep: value, problems: [] };
    if (!isPlainObject(value)) return { keep: undefined, problems: ['the timer is not a timer record'] };
    if (value.running !== true) return { keep: value, problems: [] };
    const problems: string[] = [];
    const startedAt = value.startedAt;
    if (!isFiniteNumber(startedAt) || startedAt <= 0) {
      return { keep: undefined, problems: ['the running timer has no readable start time'] };
    }
    const state: Persisted = { running: true, startedAt, jobName: '', billable: value.billable !== false };
    if (isText(value.jobId) && value.jobId) state.jobId = value.jobId;
    if (isText(value.jobName) && value.jobName.trim()) state.jobName = value.jobName;
    else {
      problems.push('the running timer\'s job name could not be read');
      state.jobName = state.jobId ? `Job ${state.jobId}` : 'Job unknown (the timer file was damaged)';
    }
    for (const k of ['workItem', 'description'] as const) {
      if (value[k] === undefined) continue;
      if (isText(value[k])) state[k] = value[k];
      else problems.push(`the timer's ${k === 'workItem' ? 'work item' : 'description'} is not text`);
    }
    if (value.billable !== undefined && typeof value.billable !== 'boolean') problems.push('the timer\'s billable flag is not yes or no');
    if (isValidDate(value.logTo)) state.logTo = value.logTo;
    else if (value.logTo !== undefined) problems.push('the day chosen for the timer\'s time could not be read (it is asked again when the timer stops)');
    const p = value.idlePrompt as Persisted['idlePrompt'] | undefined;
    if (p !== undefined) {
      if (isPlainObject(p) && isFiniteNumber(p.idleSince) && IDLE_REASONS.includes(p.reason)) state.idlePrompt = { idleSince: p.idleSince, reason: p.reason };
      else problems.push('the question about idle time could not be read (the timer runs on; stop it to log)');
    }
    return { keep: state, problems };
  },
  salvage(text) {
    const startedAt = numberIn(text, 'startedAt');
    if (startedAt === undefined || booleanIn(text, 'running') === false) return {};
    const raw: Record<string, unknown> = { running: true, startedAt };
    for (const k of ['jobId', 'jobName', 'workItem', 'description', 'logTo']) {
      const v = stringIn(text, k);
      if (v !== undefined) raw[k] = v;
    }
    const billable = booleanIn(text, 'billable');
    if (billable !== undefined) raw.billable = billable;
    return { [TIMER_KEY]: raw };
  },
  describe(doc) {
    const t = doc[TIMER_KEY] as Persisted | undefined;
    if (!t?.running || t.startedAt === undefined) return { text: 'nothing', count: 0 };
    return { text: `the running timer on ${t.jobName} started ${localTimeWords(t.startedAt)}`, count: 1 };
  },
  ifNothing: 'no running timer could be read from it, so the timer starts stopped (if one was running, log its time by hand)',
};
