/**
 * The first screen's answers kept ready (./first-answers.ts), so serving the page does no core work: the core's ten
 * first calls (5-15 ms, more on a busy machine) ran while Chromium painted the page on the same two CPUs, and cost the
 * first paint 2.15x a blank page's against 1.95x without them (docs/benchmarks.md, "Fourth pass: answers kept ready").
 *
 * They are worked out once the server has a session (only a browser holding its cookie is given them), again after
 * every change once nothing has changed for `settleMs`, and every `refreshMs` while nothing changes (a few answers
 * depend on the hour: the morning reminder, a timer past the end of the day). Never stale: every change bumps a
 * version, counted from the core's pushes (whatever changed, through this server or not: a sync, `punch` on the same
 * data directory) and from every call that is not a plain read; the answers carry the version they were begun at, and
 * a page asked for when the version has moved since, or the day has turned, or they are older than `maxAgeMs`, gets
 * answers worked out then, as before this was kept. What the core has not pushed yet, a fresh answer would not say
 * either; and the page reads everything again from the core once it is idle (src/renderer/src/boot.tsx `catchUp`).
 */
import { EVENT_NAMES, type EventName } from '../shared/contract';
import type { FirstAnswers } from '../shared/first-screen/answers';
import { userDay } from '../shared/time/zone';
import type { Subscribe } from './event-stream';
import { firstAnswersScript } from './first-answers';

export interface KeptAnswers {
  /** The answers' script for a page asked for now: the kept one while it is current, else one worked out now. */
  script(): Promise<string>;
  /** Something may have changed (a call that is not a plain read): what is kept is stale from now on. */
  changed(): void;
  /** Begin keeping them (the server's first session); until then a page asks them fresh. */
  start(): void;
  close(): void;
}

export interface KeepOptions {
  /** The core's `getFirstScreen`; null when it failed. */
  work: () => Promise<FirstAnswers | null>;
  subscribe: Subscribe;
  /** The user's day (the answers' `date` must be it); default: in the zone their preferences, answered with them, name. */
  today?: () => string;
  now?: () => number;
  /** Quiet time after a change before the answers are worked out again (a burst of pushes is one change). */
  settleMs?: number;
  /** How often they are worked out again while nothing changes. */
  refreshMs?: number;
  /** The oldest answers a page is given. */
  maxAgeMs?: number;
}

/** The pushes that are no change of what the answers say (the shell asking for a screen). */
const NOT_A_CHANGE: ReadonlySet<EventName> = new Set<EventName>(['navigate']);

interface Kept {
  version: number;
  at: number;
  date: string;
  /** The preference `timeZone` the answers carry: their day is counted in it. */
  zone?: string;
  script: string;
}

/** The zone the user's days are counted in, as the answers' own `getPreferences` says it (none: the process's). */
const zoneOf = (a: FirstAnswers): string | undefined =>
  (a.answers?.find((x) => x.name === 'getPreferences')?.value as { timeZone?: string } | undefined)?.timeZone;

export function keepFirstAnswers(opts: KeepOptions): KeptAnswers {
  const now = opts.now ?? Date.now;
  const today = (k: Kept) => (opts.today ? opts.today() : userDay(now(), k.zone));
  const settleMs = opts.settleMs ?? 300;
  const refreshMs = opts.refreshMs ?? 30_000;
  const maxAgeMs = opts.maxAgeMs ?? 45_000;
  let version = 0;
  let kept: Kept | null = null;
  let keeping = false;
  let closed = false;
  let working: Promise<Kept | null> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const current = (k: Kept | null): k is Kept => k !== null && k.version === version && now() - k.at < maxAgeMs && k.date === today(k);

  /** One run of the core's work, stamped with the version it began at; kept only if nothing changed meanwhile. */
  const workOut = (): Promise<Kept | null> => {
    working ??= (async () => {
      const at = version;
      const started = now();
      try {
        const answers = await opts.work();
        if (!answers) return null;
        const fresh: Kept = { version: at, at: started, date: answers.date, zone: zoneOf(answers), script: firstAnswersScript(answers) };
        if (keeping && fresh.version === version) kept = fresh;
        return fresh;
      } catch {
        return null;
      } finally {
        working = null;
      }
    })();
    return working;
  };

  const schedule = (ms: number) => {
    if (!keeping || closed) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      void workOut().then(() => schedule(current(kept) ? refreshMs : settleMs));
    }, ms);
    timer.unref?.();
  };

  const changed = () => {
    version += 1;
    kept = null;
    schedule(settleMs);
  };
  const unsubscribes = EVENT_NAMES.filter((e) => !NOT_A_CHANGE.has(e)).map((e) => opts.subscribe(e, changed));

  return {
    async script() {
      if (current(kept)) return kept.script;
      const asked = version;
      let fresh = await workOut(); // joins a run already under way
      // a run begun before the latest change says what was true before it: one more, begun now
      if (fresh && fresh.version < asked) fresh = await workOut();
      return fresh?.script ?? '';
    },
    changed,
    start() {
      if (keeping || closed) return;
      keeping = true;
      schedule(settleMs);
    },
    close() {
      closed = true;
      clearTimeout(timer);
      for (const unsubscribe of unsubscribes) unsubscribe();
    },
  };
}
