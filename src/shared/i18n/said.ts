/**
 * What the core says, as a code with values, so each shell words it in the user's language (docs/i18n.md "The
 * core's words"). The code is the message's id in the catalogs; the values are facts, never words: a local day, a
 * duration `HH:MM`, a number, a job's name. The English `message` beside it stays, for logs and as the fallback of
 * a shell whose catalog has no such code (an older app talking to a newer core).
 */
import type { MessageValues, Wording } from './messages';

/**
 * A value of a said thing: text and numbers as they are; a local day (`YYYY-MM-DD`, with its year when `year`) and a
 * week (its Monday, said as its first and last day) formatted by the region; a choice of names (`'A', 'B' or 'C'`)
 * joined as the language joins a list.
 */
export type SaidValue = string | number | { day: string; year?: boolean } | { week: string } | { choice: string[] };

/** How a shell formats the dated values. */
export interface SaidDates {
  day(day: string, year: boolean): string;
  week(monday: string): string;
  choice(names: string[]): string;
}

export interface Said {
  code: string;
  values: Record<string, SaidValue>;
}

/** The values as a message takes them, days and weeks formatted by `dates`. */
export function saidValues(values: Said['values'], dates: SaidDates): MessageValues {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [
      k,
      typeof v !== 'object' || v === null
        ? v
        : 'week' in v
          ? dates.week(v.week)
          : 'choice' in v
            ? dates.choice(v.choice)
            : dates.day(v.day, v.year === true),
    ]),
  );
}

/** A said thing in the user's words; `fallback` (the core's English) when there is none or the catalog lacks its code. */
export function sayIt(w: Wording, said: Said | undefined, fallback: string): string {
  if (!said || typeof said.code !== 'string' || !w.has(said.code)) return fallback;
  try {
    return w.say(
      { id: said.code, defaultMessage: fallback },
      saidValues(said.values ?? {}, {
        day: (d, year) => w.formats.day(d, { year }),
        week: (m) => w.formats.week(m),
        choice: (names) =>
          w.formats.list(
            names.map((n) => `'${n}'`),
            'or',
          ),
      }),
    );
  } catch {
    return fallback;
  }
}

/** Whether `x` has the shape of a Said (it crossed a bridge: checked before use). */
export function isSaid(x: unknown): x is Said {
  if (!x || typeof x !== 'object') return false;
  const o = x as { code?: unknown; values?: unknown };
  return typeof o.code === 'string' && !!o.values && typeof o.values === 'object';
}
