/** What a stop (or a switch) of the timer ended in, and the sentence that says it: the stop notice's words. */
import type { StopResult, TimerStart } from '../../../../shared/contract';
import { isHhmm, parseHhmm } from '../../../../shared/time/hours';
import { stopNoticeWords, whereWords } from '../../../../shared/timer-words';
import { durationWords } from '../../../../shared/words';

/**
 * Where what the user asked for ended up: with the service (`synced`), in the outbox (`queued`), or nowhere
 * (`refused`: nothing was logged, e.g. a capped stop waiting for confirmation). Screens pick their tone from it.
 */
export type OutcomeState = 'synced' | 'queued' | 'refused';

/** What happened when the timer stopped, kept until the user dismisses it. */
export interface StopOutcome {
  state: OutcomeState;
  message: string;
  /** The company maximum capped the time: the user must confirm before anything is logged. */
  needsConfirm: boolean;
  /**
   * The timer ran on a day of a week that was submitted or approved meanwhile: nothing was logged and it runs on
   * until the user picks an open day (`openDay` suggested) or keeps it running.
   */
  needsDay?: { openDay?: string; lockedDays: string[] };
  /**
   * Nothing was logged and the timer runs on: its end is asked first (the clock moved back, or it ran long: past the
   * end of day, over midnight, over a day's maximum, through a sleep). App: TimerEndPrompt.
   */
  needsEnd?: NonNullable<StopResult['needsEnd']>;
  rawHhmm: string;
  roundedHhmm: string;
}

/**
 * How long the timer ran, when saying so adds something to "Logged HH:MM", in words that cannot be misread ("59 s",
 * "1 h 7 min": "0:59" read as 59 minutes as often as 59 seconds). Under a minute the core's raw HH:MM is "00:00", so
 * the seconds come from `rawMs`, measured by the renderer; a raw time equal to the logged one is left out; without
 * the seconds, "00:00" would only mislead and is left out too.
 */
export function timerRan(r: Pick<StopResult, 'rawHhmm' | 'roundedHhmm'>, rawMs?: number): string | null {
  if (r.rawHhmm === '00:00') {
    if (rawMs === undefined || rawMs < 0 || rawMs >= 60_000) return null;
    return durationWords(rawMs);
  }
  if (r.rawHhmm === r.roundedHhmm || !isHhmm(r.rawHhmm)) return null;
  return durationWords(parseHhmm(r.rawHhmm) * 60_000);
}

/** Where a stop's time went: nowhere, or queued if any day's log waits in the outbox, else synced. */
export function stopState(r: StopResult): OutcomeState {
  // a day the service refused while the stop waited is never said as synced or queued
  if (r.needsConfirm || r.logged.length === 0 || r.logged.some((l) => l.state === 'needs-attention')) return 'refused';
  return r.logged.some((l) => l.state === 'queued') ? 'queued' : 'synced';
}

/**
 * The sentence shown after a stop: what was logged (and whether it waits in the outbox), or why nothing was.
 * `rawMs`: how long the timer ran, as the renderer saw it (the core's result has whole minutes only).
 */
export function describeStop(r: StopResult, rawMs?: number): string {
  if (r.needsEnd) return r.notice ?? "The timer's end is asked first: nothing was logged and it runs on.";
  if (r.needsDay) return r.notice ?? "The timer's week is submitted or approved: pick an open day for its time, or keep it running.";
  if (r.needsConfirm)
    return r.notice ?? `The timer ran ${r.rawHhmm}, more than the company allows in a day. Confirm to log the capped time.`;
  if (r.logged.length === 0) return r.notice ?? 'Nothing was logged.';
  const refused = r.logged.find((l) => l.state === 'needs-attention');
  const where = refused
    ? `${refused.log.message ?? 'The service refused it.'} Fix it in the outbox.`
    : whereWords(stopState(r) === 'queued' ? 'queued' : 'synced');
  const ran = timerRan(r, rawMs);
  // "Logged 00:01 on Job 2, Fri 27 Nov. Synced.": the job and the day(s), as the service holds them
  const logged = `${stopNoticeWords(
    r.logged[0].log.jobName,
    r.logged.map((l) => l.log),
    ran ?? undefined,
  )} ${where}`;
  return r.notice ? `${logged} ${r.notice}` : logged;
}

/** What a start said of the timer it replaced ("Stopped Job 1: 00:02 logged on Fri 27 Nov."), as a stop's outcome. */
export function replacedOutcome(t: TimerStart): StopOutcome | null {
  const r = t.replaced;
  if (!r) return null;
  const state: OutcomeState = r.logged.length === 0 ? 'synced' : r.logged.some((l) => l.state === 'queued') ? 'queued' : 'synced';
  const logged = r.logged.reduce((sum, l) => sum + parseHhmm(l.log.hours), 0);
  const hhmm = `${String(Math.floor(logged / 60)).padStart(2, '0')}:${String(logged % 60).padStart(2, '0')}`;
  return { state, message: r.words, needsConfirm: false, rawHhmm: hhmm, roundedHhmm: hhmm };
}
