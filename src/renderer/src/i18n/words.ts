/**
 * Words a store keeps for a component to say later (docs/i18n.md "zustand store action"): a message and its values,
 * never a sentence. A store answers before it knows the language a screen will use (and the language may change
 * while a line is on screen), so it keeps the facts: a local day, a clock time, a duration, a name, or another
 * message; the component says them with its Wording, each value formatted by the user's region.
 */
import type { MessageDescriptor, MessageValues, Wording } from '../../../shared/i18n/messages';
import { sayIt, sayValue, type Said, type SaidValue } from '../../../shared/i18n/said';

/** A value of kept words: a fact formatted by the region when said, or more words said inside them. */
export type WordValue =
  | SaidValue
  /** A moment, said as its clock time (`3:05 PM`, `15:05`). */
  | { time: number }
  /** A duration in whole minutes, in words ("1 hr, 7 min", "1 Std., 7 Min."). */
  | { minutes: number }
  /** Several local days, said as a list ("Thu 19 Nov and Fri 20 Nov"). */
  | { days: string[] }
  /** Words said inside these words (a sentence's second half). */
  | { words: Words }
  /** Several words said as a list ("A, B and C"). */
  | { list: Words[] }
  /** What the core said, with its English as the fallback (src/shared/i18n/said.ts). */
  | { said: Said | undefined; english: string };

export interface Words {
  message: MessageDescriptor;
  values?: Record<string, WordValue>;
}

/** Kept words: `words(M.logged, { hours: '01:30', day: { day: '2026-11-19' } })`. */
export function words(message: MessageDescriptor, values?: Record<string, WordValue>): Words {
  return values ? { message, values } : { message };
}

function valueOf(w: Wording, v: WordValue): string | number {
  if (typeof v !== 'object' || v === null) return v;
  if ('time' in v) return w.formats.time(v.time);
  if ('minutes' in v) return w.formats.durationWords(v.minutes);
  if ('days' in v) return w.formats.list(v.days.map((d) => w.formats.day(d)));
  if ('words' in v) return sayWords(w, v.words);
  if ('english' in v) return sayIt(w, v.said, v.english);
  // a list of kept words here; a list of the core's phrases (strings or codes) is a SaidValue
  if ('list' in v && v.list.every((x) => typeof x === 'object' && 'message' in x))
    return w.formats.list((v.list as Words[]).map((x) => sayWords(w, x)));
  // what the core said (a day, a week, a choice, a moment, a list of phrases, a phrase): src/shared/i18n/said.ts
  return sayValue(w, v as SaidValue);
}

/** Kept words in the user's language, each value formatted by the user's region. */
export function sayWords(w: Wording, kept: Words): string {
  const values: MessageValues = {};
  for (const [k, v] of Object.entries(kept.values ?? {})) values[k] = valueOf(w, v);
  return w.say(kept.message, values);
}

/**
 * What the core wrote for people about a thing (a log's refusal, an entry's message, an attempt's answer): its code in
 * the user's words where the core said one (`said`), else its English `message`, until that message is converted.
 */
export function coreText(w: Wording, thing: { message?: string; said?: Said }): string {
  return sayIt(w, thing.said, thing.message ?? '');
}

/** The core's words about a thing, kept: its English and, where the core gave one, its code (read by coreText). */
export function coreOf(thing: { message?: string; said?: Said }): { message: string; said?: Said } {
  return { message: thing.message ?? '', ...(thing.said ? { said: thing.said } : {}) };
}
