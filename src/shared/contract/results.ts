/** What the operations that log time answer: where a log stands, an undo, a timer's stop and start, the morning reminder. */
import type { Said } from '../i18n/said';
import type { LocalTimeLog, TimerView } from '../domain';

/**
 * Where a log (or its deletion) stands when the call answers: `synced` when the service confirmed it during the call,
 * `needs-attention` when the service refused it during the call (never shown as queued), `queued` when it
 * waits in the outbox (or is being sent).
 */
export type LoggedState = 'synced' | 'queued' | 'needs-attention';

export interface LogResult {
  /** The log as the ledger holds it now (a *log*; an *entry* is only ever an outbox entry: docs/ARCHITECTURE.md). */
  log: LocalTimeLog;
  /** See LoggedState; `log.message` says why when it needs attention. */
  state: LoggedState;
  /** Queued before the company's rules were known: they are checked before it is sent (docs/outbox.md). */
  unchecked?: boolean;
  /** The change as this device remembers it for Undo (`undoChange`); absent where it cannot be undone. */
  undoId?: string;
}

/** The morning reminder: "Nothing logged yet today. Start the timer on Job 7?" (src/core/week/morning.ts). */
export interface MorningReminder {
  /** True: show it now. False: it is due at `at` (the shell asks again then, on a timer). */
  due: boolean;
  at: number;
  /** The usual job: the most hours in the last two weeks, else the last one used. */
  job?: { jobId?: string; jobName: string };
  snoozes: number;
  canSnooze: boolean;
}

/** What an undo did (src/core/undo.ts). */
export interface UndoResult {
  /** The change undone (its `undoId`). */
  id: string;
  /** What the change was: an add is undone by a delete, an edit by an edit back, a delete by the log again. */
  kind: 'add' | 'edit' | 'delete';
  /** Where the undo stands: as LoggedState says of a log (`synced` also when nothing had to be sent). */
  state: LoggedState;
  /** The log as it is now; for an undone add, as it was. */
  log: LocalTimeLog;
  /** The change had not left this device: it is gone from the outbox, and nothing was or will be sent for it. */
  withdrawn?: true;
  /**
   * The change made several logs at once (copy a week, several days, a duplicated day: its `undoId` came with the
   * batch's answer): each of them, in the order made. `log` is then the first one undone, `state` the least settled of
   * their undos, and `withdrawn` is set when none of those undone had left.
   */
  logs?: UndoneLog[];
}

/** One log of several made at once, and what the undo did to it (UndoResult.logs). */
export interface UndoneLog {
  /** The log as it was before the undo. */
  log: LocalTimeLog;
  /** Undone: where its deletion stands (absent when it was withdrawn or kept). */
  state?: LoggedState;
  /** Undone before it reached the service: out of the outbox, nothing was or will be sent for it. */
  withdrawn?: true;
  /** Not undone, and why: its week is submitted (awaiting approval) or approved, or the log is not here any more. */
  kept?: 'submitted' | 'approved' | 'gone';
}

export interface StopResult {
  timer: TimerView;
  /** One log per local calendar day the timer ran through. */
  logged: LogResult[];
  rawHhmm: string;
  roundedHhmm: string;
  /** Why nothing (or less) was logged: under a minute after rounding, or over the company maximum (needs confirm). */
  notice?: string;
  /** `notice` as a code and values (src/shared/i18n/said.ts), worded by each shell in the user's language. */
  noticeSaid?: Said;
  needsConfirm?: boolean;
  /**
   * Nothing was logged and the timer runs on: it ran on a day of a submitted or approved week, whose logs cannot
   * change. The user picks an open day (stopTimer `logTo`; `openDay` is a suggestion) or keeps the timer running;
   * the time is never dropped to get out. `notice` says which week.
   */
  needsDay?: { lockedDays: string[]; openDay?: string };
  /**
   * Nothing was logged and the timer runs on: its end must be said first. `why: 'clock-moved'`: the clock now reads
   * before the start (it was set back); only an end (`at`) or a discard settles it. `why: 'long'`: it ran past the end
   * of day, over midnight, longer than a day's maximum, or through a sleep (`reasons`); `confirmLong` logs all of it,
   * `at` stops it at a time (`suggestedEnd`: the end of the working day it started in), or discard. `notice` says it.
   */
  needsEnd?: {
    why: 'clock-moved' | 'long';
    reasons: Array<'end-of-day' | 'midnight' | 'day-maximum' | 'asleep'>;
    startedAt: number;
    /** The clock when asked. */
    now: number;
    /** The zone the timer's days are counted in (its `zone`). */
    zone: string;
    suggestedEnd?: number;
    /** How long the computer slept (or its clock jumped forward) while it ran, when measured. */
    asleepMs?: number;
  };
}

/** A timer stopped by a start (a switch): what became of it. */
export interface ReplacedTimer {
  jobName: string;
  startedAt: number;
  /** How long it ran, by the clock. */
  ranMs: number;
  /** The logs its stop recorded, one per day (empty: under a minute, nothing logged). */
  logged: LogResult[];
  notice?: string;
  /** `notice` as a code and values. */
  noticeSaid?: Said;
  /** In words: "Stopped Job 1: 00:02 logged on Fri 27 Nov." */
  words: string;
  /** `words` as a code and values, worded by each shell. */
  said?: Said;
}

/** startTimer's answer: the new timer, and what became of the one it replaced (if one ran). */
export type TimerStart = TimerView & { replaced?: ReplacedTimer };
