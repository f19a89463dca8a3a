/**
 * The core's words in the user's language, for every shell (the app, `punch`, the tray): each piece of data that
 * carries the core's English beside its code and values (src/shared/i18n/said.ts) said with the catalog, the English
 * when it has no code (an older core, or words not converted). One function per field, so a screen or a command
 * never reaches for `.message` and shows English by mistake.
 */
import type {
  AccountInfo,
  DamageReport,
  DecisionEstimate,
  DecisionOutcome,
  LocalTimeLog,
  OutboxAttempt,
  OutboxEntry,
  Reminder,
  SubmitPreview,
} from './domain';
import type { ReplacedTimer, StopResult } from './contract';
import type { Wording } from './i18n/messages';
import { sayIt } from './i18n/said';

/** Why an outbox entry needs attention (or what its last answer was). */
export const entryMessage = (w: Wording, e: Pick<OutboxEntry, 'message' | 'said'>): string | undefined =>
  e.message ? sayIt(w, e.said, e.message) : undefined;

/** The account an entry of another account waits for ("waits for maya@acme.com on ...: sign in to ..."). */
export const waitsForText = (w: Wording, e: Pick<OutboxEntry, 'waitsFor' | 'waitsForSaid'>): string | undefined =>
  e.waitsFor ? sayIt(w, e.waitsForSaid, e.waitsFor) : undefined;

/** Why an entry is held: the user's answer to a torn delete ("waiting for your answer: you deleted this log ..."). */
export const waitsForAnswerText = (w: Wording, e: Pick<OutboxEntry, 'waitsForAnswer' | 'waitsForAnswerSaid'>): string | undefined =>
  e.waitsForAnswer ? sayIt(w, e.waitsForAnswerSaid, e.waitsForAnswer) : undefined;

/**
 * Why an entry (or a log) waits longer than the network explains: the service's calendar is still on an earlier day
 * ("Waiting for the service's day to begin: it is still Sat 28 Nov there (another time zone). ...").
 */
export const serviceDayText = (
  w: Wording,
  e: Pick<OutboxEntry | LocalTimeLog, 'waitsForServiceDay' | 'waitsForServiceDaySaid'>,
): string | undefined => (e.waitsForServiceDay ? sayIt(w, e.waitsForServiceDaySaid, e.waitsForServiceDay) : undefined);

/** What one attempt of an entry said. */
export const attemptMessage = (w: Wording, a: OutboxAttempt): string | undefined => (a.message ? sayIt(w, a.said, a.message) : undefined);

/** Why a log needs attention. */
export const logMessage = (w: Wording, l: Pick<LocalTimeLog, 'message' | 'said'>): string | undefined =>
  l.message ? sayIt(w, l.said, l.message) : undefined;

/** A damaged file's report: what it is, why it could not be read, what became of it. */
export function damageWords(w: Wording, r: DamageReport): { what: string; reason: string; outcome: string } {
  return {
    what: sayIt(w, r.said?.what, r.what),
    reason: sayIt(w, r.said?.reason, r.reason),
    outcome: sayIt(w, r.said?.outcome, r.outcome),
  };
}

/** Why no account can be used (the account file could not be read). */
export const accountProblem = (w: Wording, a: Pick<AccountInfo, 'problem' | 'problemSaid'>): string | undefined =>
  a.problem ? sayIt(w, a.problemSaid, a.problem) : undefined;

/** A reminder's sentence. */
export const reminderText = (w: Wording, r: Reminder): string => sayIt(w, r.said, r.message);

/** Why a week cannot be submitted now, one sentence each. */
export const blockerTexts = (w: Wording, p: Pick<SubmitPreview, 'blockers' | 'blockersSaid'>): string[] =>
  p.blockers.map((b, i) => sayIt(w, p.blockersSaid?.[i], b));

/** Why one timesheet of "Approve N" was not decided. */
export const decisionReason = (w: Wording, o: Extract<DecisionOutcome, { ok: false }>): string => sayIt(w, o.reasonSaid, o.reason);

/** How long deciding several timesheets takes. */
export const estimateText = (w: Wording, e: DecisionEstimate): string => sayIt(w, e.said, e.words);

/** What a stop of the timer said besides what it logged (under a minute, a day capped, a question). */
export const stopNotice = (w: Wording, r: Pick<StopResult, 'notice' | 'noticeSaid'>): string | undefined =>
  r.notice ? sayIt(w, r.noticeSaid, r.notice) : undefined;

/** What a start said of the timer it stopped ("Stopped Job 1: 00:02 logged on Fri 27 Nov."). */
export const replacedText = (w: Wording, t: Pick<ReplacedTimer, 'words' | 'said'>): string => sayIt(w, t.said, t.words);
