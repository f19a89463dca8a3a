/**
 * The first screen's answers, carried with the window instead of asked for while it hydrates (docs/benchmarks.md,
 * "The first screen usable"): the calls the renderer makes when a window opens (its store's `loadEverything`, Track's
 * own reads), answered by the core before the window's script runs and handed to the page in one piece, in web mode
 * as a JSON script in the page the server sends (src/web/first-answers.ts), in Electron through one bridge call
 * (`getFirstScreen`). The renderer's bridge answers those same calls from them (src/renderer/src/first-screen/answers.ts),
 * so the store starts with what Track shows and no request for them is on the way to the first screen's mark.
 *
 * Only a call whose name and input match exactly is answered so, and only while the window starts: an answer is what
 * the core said when the page was made; what happened since comes with the core's next push, as for any page.
 *
 * Nothing imported here (no zod, no date-fns): the page's first script (main.tsx, loaded before the first paint)
 * imports this module. The calls themselves are in ./calls.ts.
 */
import type { ListedOperation } from '../operation-names';

/** The id of web mode's `<script type="application/json">` (not run: the page's strict CSP still holds). */
export const FIRST_ANSWERS_ID = 'punchcard-first-answers';

/** One call and what the core answered it (failed calls are left out: the page asks them again itself). */
export interface FirstAnswer {
  name: ListedOperation;
  input: Record<string, unknown>;
  value: unknown;
}

export interface FirstAnswers {
  /** The local day the answers are for (the page's own day may differ: then the week's do not match, and are asked). */
  date: string;
  answers: FirstAnswer[];
}

/** The key a call is matched by: its name and its input as JSON with the keys in order. */
export function answerKey(name: string, input: unknown): string {
  const sorted = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
        )
      : v;
  return `${name} ${JSON.stringify(sorted(input ?? {}))}`;
}
