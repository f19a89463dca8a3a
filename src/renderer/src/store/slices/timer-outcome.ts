/**
 * What a stop (or a switch) of the timer ended in, and the words that say it: the stop notice's. The store keeps the
 * facts as words with values (../../i18n/words.ts), said by the component in the user's language; what the core said
 * besides (`notice`: a day capped at the maximum, which week is locked) is kept as the core gave it.
 */
import type { LogResult, StopResult, TimerStart } from '../../../../shared/contract';
import { isHhmm, parseHhmm } from '../../../../shared/time/hours';
import { defineMessages, type Wording } from '../../../../shared/i18n/messages';
import type { Said } from '../../../../shared/i18n/said';
import { coreOf, coreText, sayWords, words, type WordValue, type Words } from '../../i18n/words';

/**
 * Where what the user asked for ended up: with the service (`synced`), in the outbox (`queued`), or nowhere
 * (`refused`: nothing was logged, e.g. a capped stop waiting for confirmation). Screens pick their tone from it.
 */
export type OutcomeState = 'synced' | 'queued' | 'refused';

/** What the core said about a stop, in English, with its code where it gave one. */
export interface CoreWords {
  message: string;
  said?: Said;
}

/** What happened when the timer stopped, kept until the user dismisses it. */
export interface StopOutcome {
  state: OutcomeState;
  /** What was logged, or why nothing was; null when the core's `notice` says it all. */
  message: Words | null;
  /** What the core said besides, said after `message`. */
  notice?: CoreWords;
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

const M = defineMessages({
  endAsked: { id: 'timer.stop.end-asked', defaultMessage: 'The timer’s end is asked first: nothing was logged and it runs on.' },
  dayAsked: {
    id: 'timer.stop.day-asked',
    defaultMessage: 'The timer’s week is submitted or approved: pick an open day for its time, or keep it running.',
  },
  capped: {
    id: 'timer.stop.capped',
    defaultMessage: 'The timer ran {ran}, more than the company allows in a day. Confirm to log the capped time.',
    description: '{ran}: HH:MM.',
  },
  nothing: { id: 'timer.stop.nothing', defaultMessage: 'Nothing was logged.' },
  logged: {
    id: 'timer.stop.logged',
    defaultMessage:
      'Logged {hours} on {job}, {day}{more, select, yes {, and {rest}} other {}}{hasRan, select, yes { (timer ran {ran})} other {}}. {where}',
    description:
      'After the timer stopped. {hours}: HH:MM logged on {day}; {rest}: the other days ("00:20 on Fri 27 Nov"), when it ran over midnight; {ran}: how long it ran ("7 s", "1 hr, 7 min"); {where}: a sentence saying whether it synced.',
  },
  part: {
    id: 'timer.stop.part',
    defaultMessage: '{hours} on {day}',
    description: 'One day of a stop: "00:20 on Fri 27 Nov". {hours}: HH:MM.',
  },
  seconds: {
    id: 'timer.ran.seconds',
    defaultMessage: '{seconds, number} s',
    description: 'How long the timer ran, under a minute: seconds.',
  },
  synced: { id: 'timer.stop.synced', defaultMessage: 'Synced.' },
  queued: { id: 'timer.stop.queued', defaultMessage: 'Queued - will sync when online.' },
  refused: {
    id: 'timer.stop.refused',
    defaultMessage: '{hasWhy, select, yes {{why}} other {The service refused it.}} Fix it in the outbox.',
    description: '{why}: the service’s refusal, in its own words.',
  },
  replacedNothing: {
    id: 'timer.replaced.nothing',
    defaultMessage: 'Stopped {job}: it ran {ran}, nothing logged.',
    description: 'A start stopped the timer before it, which ran under a minute. {ran}: "40 s".',
  },
  replaced: {
    id: 'timer.replaced.logged',
    defaultMessage:
      'Stopped {job}: {hours} logged on {day}{more, select, yes { and {rest}} other {}}{state, select, refused {, and the service refused it: see the outbox.} queued { (queued: it will sync when online).} other {.}}',
    description:
      'A start stopped the timer before it. {hours}: HH:MM logged on {day}; {rest}: its other days ("01:00 on Wed 25 Nov"). state: refused, queued (waits in the outbox) or synced.',
  },
});

/**
 * How long the timer ran, when saying so adds something to "Logged HH:MM", in words that cannot be misread ("59 s",
 * "1 hr, 7 min": "0:59" read as 59 minutes as often as 59 seconds). Under a minute the core's raw HH:MM is "00:00", so
 * the seconds come from `rawMs`, measured by the renderer; a raw time equal to the logged one is left out; without
 * the seconds, "00:00" would only mislead and is left out too.
 */
export function timerRan(r: Pick<StopResult, 'rawHhmm' | 'roundedHhmm'>, rawMs?: number): WordValue | null {
  if (r.rawHhmm === '00:00') {
    if (rawMs === undefined || rawMs < 0 || rawMs >= 60_000) return null;
    return ranFor(rawMs);
  }
  if (r.rawHhmm === r.roundedHhmm || !isHhmm(r.rawHhmm)) return null;
  return ranFor(parseHhmm(r.rawHhmm) * 60_000);
}

/** A run's length: seconds under a minute, else hours and minutes in words. */
function ranFor(ms: number): WordValue {
  const s = Math.max(0, Math.floor(ms / 1000));
  return s < 60 ? { words: words(M.seconds, { seconds: s }) } : { minutes: Math.floor(s / 60) };
}

/** Where a stop's time went: nowhere, or queued if any day's log waits in the outbox, else synced. */
export function stopState(r: StopResult): OutcomeState {
  // a day the service refused while the stop waited is never said as synced or queued
  if (r.needsConfirm || r.logged.length === 0 || r.logged.some((l) => l.state === 'needs-attention')) return 'refused';
  return r.logged.some((l) => l.state === 'queued') ? 'queued' : 'synced';
}

/** The core's notice with its code, so the question is said in the user's language and on the region's clock. */
const coreWords = (message: string | undefined, said: Said | undefined): CoreWords | undefined =>
  message ? { message, ...(said ? { said } : {}) } : undefined;

/** The other days of a stop, each "00:20 on Fri 27 Nov". */
const restOf = (logged: LogResult[]) => ({
  more: logged.length > 1 ? 'yes' : 'no',
  rest: { list: logged.slice(1).map((l) => words(M.part, { hours: l.log.hours, day: { day: l.log.workDate } })) },
});

/**
 * What is said after a stop: what was logged (and whether it waits in the outbox), or why nothing was.
 * `rawMs`: how long the timer ran, as the renderer saw it (the core's result has whole minutes only).
 */
export function describeStop(r: StopResult, rawMs?: number): Pick<StopOutcome, 'message' | 'notice'> {
  const notice = coreWords(r.notice, r.noticeSaid);
  const unless = (fallback: Words) => (notice ? { message: null, notice } : { message: fallback });
  if (r.needsEnd) return unless(words(M.endAsked));
  if (r.needsDay) return unless(words(M.dayAsked));
  if (r.needsConfirm) return unless(words(M.capped, { ran: r.rawHhmm }));
  if (r.logged.length === 0) return unless(words(M.nothing));
  const refused = r.logged.find((l) => l.state === 'needs-attention');
  const where = refused
    ? words(M.refused, {
        hasWhy: refused.log.message ? 'yes' : 'no',
        why: { said: coreOf(refused.log).said, english: refused.log.message ?? '' },
      })
    : words(stopState(r) === 'queued' ? M.queued : M.synced);
  const ran = timerRan(r, rawMs);
  const first = r.logged[0].log;
  // "Logged 00:01 on Job 2, Fri 27 Nov. Synced.": the job and the day(s), as the service holds them
  const message = words(M.logged, {
    hours: first.hours,
    job: first.jobName,
    day: { day: first.workDate },
    ...restOf(r.logged),
    hasRan: ran ? 'yes' : 'no',
    ran: ran ?? '',
    where: { words: where },
  });
  return notice ? { message, notice } : { message };
}

/** A stop's words in the user's language: what was logged, then what the core said besides. */
export function sayStop(w: Wording, o: Pick<StopOutcome, 'message' | 'notice'>): string {
  return [o.message ? sayWords(w, o.message) : '', o.notice ? coreText(w, o.notice) : ''].filter(Boolean).join(' ');
}

/** What a start said of the timer it replaced ("Stopped Job 1: 00:02 logged on Fri 27 Nov."), as a stop's outcome. */
export function replacedOutcome(t: TimerStart): StopOutcome | null {
  const r = t.replaced;
  if (!r) return null;
  const state: OutcomeState = r.logged.length === 0 ? 'synced' : r.logged.some((l) => l.state === 'queued') ? 'queued' : 'synced';
  const logged = r.logged.reduce((sum, l) => sum + parseHhmm(l.log.hours), 0);
  const hhmm = `${String(Math.floor(logged / 60)).padStart(2, '0')}:${String(logged % 60).padStart(2, '0')}`;
  const first = r.logged[0]?.log;
  const message = first
    ? words(M.replaced, {
        job: r.jobName,
        hours: first.hours,
        day: { day: first.workDate },
        ...restOf(r.logged),
        state: r.logged.some((l) => l.state === 'needs-attention')
          ? 'refused'
          : r.logged.some((l) => l.state === 'queued')
            ? 'queued'
            : 'synced',
      })
    : words(M.replacedNothing, { job: r.jobName, ran: ranFor(r.ranMs) });
  const notice = coreWords(r.notice, r.noticeSaid);
  return { state, message, ...(notice ? { notice } : {}), needsConfirm: false, rawHhmm: hhmm, roundedHhmm: hhmm };
}
