/**
 * What the timer says to people, one function per message, built from values (a job, a moment, a duration), so each
 * can later become a message code plus its values in the catalogs (issue 24). Plain words: no field names, moments as
 * people read them ("10:02" today, "Mon 23 Nov 17:40" another day), durations that cannot be misread ("1 h 7 min").
 */
import { toHhmm } from '../../shared/time/hours';
import { durationWords, plainDate } from '../../shared/words';
import { clockIn, dayIn, systemZone } from '../../shared/time/zone';
import type { LongReason, LongRun } from './timer-attention';

/** "10:02" on `now`'s day, else "Mon 23 Nov 17:40"; the zone named when it is not this computer's. */
export function momentIn(zone: string, at: number, now: number): string {
  const day = dayIn(zone, at);
  const text = day === dayIn(zone, now) ? clockIn(zone, at) : `${plainDate(day)} ${clockIn(zone, at)}`;
  return zone === systemZone() ? text : `${text} (${zone} time)`;
}

/** How long, as the hours that would be logged unrounded: "64:20". */
const spanWords = (ms: number) => toHhmm(Math.floor(Math.max(0, ms) / 60_000));

/** A start that found a timer running which the caller did not know of (started elsewhere, or a moment ago). */
export function runningWords(jobName: string, startedAt: number, zone: string, now: number): string {
  return (
    `A timer is already running on ${jobName} (started ${momentIn(zone, startedAt, now)}, here, in another window or by punch): ` +
    'it runs on, and this one was not started.'
  );
}

/** Two stops of one timer: the other one recorded it. */
export function stoppedElsewhereWords(): string {
  return 'The timer was stopped elsewhere (punch or another window) and its time was logged there; nothing was logged here.';
}

/** A switch whose running timer was stopped elsewhere meanwhile: nothing started. */
export function switchLostWords(jobName: string): string {
  return `The timer changed meanwhile (stopped or started in another window or by punch): ${jobName} was not started. Look at the timer, then start again.`;
}

/** The clock now reads before the timer's start: nothing can be measured. */
export function clockMovedWords(jobName: string, startedAt: number, now: number, zone: string): string {
  return (
    `The computer's clock reads ${momentIn(zone, now, now)}, earlier than the start of the timer on ${jobName} ` +
    `(${momentIn(zone, startedAt, now)}): the clock was set back while it ran, so how long it ran cannot be told. ` +
    'Nothing was logged and the timer runs on: give the time you stopped working, or discard the timer.'
  );
}

function reasonWords(r: LongReason, run: LongRun, endOfDay: string, maxMinutes: number): string {
  switch (r) {
    case 'end-of-day':
      return `past your end of day (${endOfDay})`;
    case 'midnight':
      return 'over midnight';
    case 'day-maximum':
      return `longer than the company allows in a day (${toHhmm(maxMinutes)})`;
    case 'asleep':
      return `with ${durationWords(run.asleepMs ?? 0)} in it when the computer slept or its clock jumped forward`;
  }
}

const listWords = (parts: string[]) => (parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`);

/** A timer that ran long (./timer-attention.ts), asked about before anything is logged. */
export function longRunWords(
  t: { jobName: string; startedAt: number; zone: string },
  end: number,
  run: LongRun,
  limits: { endOfDay: string; maxMinutesPerDay: number },
): string {
  const why = listWords(run.reasons.map((r) => reasonWords(r, run, limits.endOfDay, limits.maxMinutesPerDay)));
  const suggestion = run.suggestedEnd !== undefined ? ` (for example at ${momentIn(t.zone, run.suggestedEnd, end)})` : '';
  return (
    `The timer on ${t.jobName} has run since ${momentIn(t.zone, t.startedAt, end)} (${spanWords(end - t.startedAt)}), ${why}. ` +
    `Nothing was logged and the timer runs on: log all of it, stop it at the time you stopped working${suggestion}, or discard it.`
  );
}

/** Before a switch: what is asked about the running timer, and that the next one did not start. */
export function notSwitchedWords(question: string, nextJob: string): string {
  return `${question} ${nextJob} was not started.`;
}

/** An end given for the stop that is not after the start. */
export function endBeforeStartWords(at: number, startedAt: number, zone: string, now: number): string {
  return `Stopped at: ${momentIn(zone, at, now)} is not after the timer's start (${momentIn(zone, startedAt, now)}). Give a later time.`;
}

/** An end given for the stop that has not come yet. */
export function endAheadWords(at: number, now: number, zone: string): string {
  return `Stopped at: ${momentIn(zone, at, now)} has not come yet (it is ${momentIn(zone, now, now)}). Give a time that has passed, or stop without one.`;
}

/** The clock jumped back while a long-running process watched it, a timer running. */
export function clockSetBackWords(jobName: string, from: number, to: number, zone: string): string {
  return (
    `The computer's clock was set back ${durationWords(from - to)} (from ${momentIn(zone, from, to)} to ${momentIn(zone, to, to)}) ` +
    `while the timer on ${jobName} ran. The timer counts from its start by the clock, so it now shows that much less: when you stop it, ` +
    'give the real end if the time is wrong.'
  );
}

/** The stop on sleep found an unanswered question about time away, and left that time out. */
export function awayLeftOutWords(since: number, zone: string, now: number): string {
  return `The timer stopped when the computer went to sleep; the time you were away before that (since ${momentIn(zone, since, now)}) was not logged.`;
}
