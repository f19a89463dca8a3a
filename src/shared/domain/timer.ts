/** The running timer as the core keeps it and as the UI shows it (src/core/timer/), and its rounding rule. */

export type RoundingMode = 'nearest' | 'up' | 'down';
export const ROUNDING_STEPS = [1, 5, 6, 10, 15, 30] as const;
export type RoundingStep = (typeof ROUNDING_STEPS)[number];
export interface RoundingRule {
  mode: RoundingMode;
  stepMinutes: RoundingStep;
}

export interface TimerState {
  running: boolean;
  jobId?: string;
  jobName?: string;
  workItem?: string;
  description?: string;
  billable: boolean;
  /** Epoch ms of the wall-clock start (elapsed time is derived from it, never counted in ticks). */
  startedAt?: number;
  /**
   * The open day (YYYY-MM-DD) the time goes to when the week it runs in is submitted or approved: chosen by the user
   * when starting on a locked week, or when stopping a timer whose week was locked while it ran.
   */
  logTo?: string;
  /**
   * The timer's own id, new at each start. The logs a stop records carry it, so whether this timer was stopped is
   * read from the outbox journal, the one place a stop is committed (src/core/timer/README.md).
   */
  id?: string;
  /** The time zone its days are counted in (IANA name): the user's choice, else the system's when it started. */
  zone?: string;
}

/** What the UI shows about the timer: raw vs rounded, before anything is applied. */
export interface TimerView extends TimerState {
  elapsedMs: number;
  rawHhmm: string;
  roundedHhmm: string;
  rule: RoundingRule;
  /** Set while the user is asked what to do with idle time (idle detection, suspend, lock). */
  idlePrompt?: {
    idleSince: number;
    reason: 'idle' | 'suspend' | 'lock' | 'shutdown';
    /** When the user came back (or the computer woke), when known: "You were away from 23:10 to 08:05". */
    until?: number;
  };
  /**
   * A timer left running past the user's end of day or over midnight, caught when the app opens or wakes, and by
   * `punch status` (src/core/timer/forgotten.ts): "The timer on Job 7 has run since 17:40 yesterday". Answered with a
   * stop: until `endOfDay` (`at`), all of it (`confirmLong`), or until `midnight` (`at`), or a discard.
   */
  forgotten?: {
    reasons: Array<'end-of-day' | 'midnight'>;
    startedAt: number;
    /** The zone the timer's days are counted in. */
    zone: string;
    /** The end of the working day it started in, when it ran past it. */
    endOfDay?: number;
    /** The midnight after the day it started, when it ran over it. */
    midnight?: number;
  };
}
