/**
 * The timer's persisted shape and how it is read back: the store holds only a start timestamp plus what it is for
 * (elapsed time is always computed from the clock), and anything damaged or foreign in it reads as "not running".
 */
import type { KeyValueStore } from '../context';
import type { TimerState, TimerView } from '../../../shared/domain';

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
  const p = raw.idlePrompt;
  if (p && typeof p.idleSince === 'number' && IDLE_REASONS.includes(p.reason)) state.idlePrompt = { idleSince: p.idleSince, reason: p.reason };
  return state;
}
