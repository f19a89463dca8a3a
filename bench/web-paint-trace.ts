/**
 * What one traced page load's renderer main thread did before the first contentful paint, read from a Chromium trace
 * (the JSON `browser.stopTracing()` returns): bench/web-paint.ts calls it once per load. What is counted: the events
 * of the page's main thread (`CrRendererMain` of the process that painted) from the navigation's `navigationStart`
 * to its `firstContentfulPaint`.
 *
 * The kinds counted are those the paint waits for on the main thread. They nest (a <script> in the page runs inside
 * the ParseHTML that reached it; a forced layout inside the script), so each is counted by its own time, what is left
 * once the counted events inside it are taken out: the kinds add up to the busy time, never more.
 */

/** The main thread's work before the paint, by kind (the DevTools Performance panel's names). */
export const WORK_KINDS = ['ParseHTML', 'EvaluateScript', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint'] as const;
export type WorkKind = (typeof WORK_KINDS)[number];

export interface PaintWork {
  /** navigation start -> first contentful paint, ms */
  fcp: number;
  /** the six kinds' own times, summed (ms); also per kind */
  work: number;
  byKind: Record<WorkKind, number>;
  /** the main thread's tasks (RunTask) before the paint, whatever they did (ms): the kinds above and the rest */
  busy: number;
  /**
   * Font lookups the main thread waited for before the paint: on Linux each is a synchronous call to the browser
   * process (a family by name and weight; a size's rendering settings), made while style and layout run. A count,
   * so steadier than a time; and their time (ms).
   */
  fontCalls: number;
  fontMs: number;
}

/** Chromium's names (Linux) for the synchronous font calls: a family matched by name, a size's render style. */
const FONT_CALLS = new Set(['FontDataManager::onMatchFamilyStyle', 'WebSandboxSupportLinux::GetWebFontRenderStyleForStrike']);

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { navigationId?: string; frame?: string } };
}

interface Span {
  name: string;
  start: number;
  end: number;
}

/** X events as they are; B/E pairs on one thread matched by nesting. Microseconds. */
function spans(events: TraceEvent[], names: ReadonlySet<string>): Span[] {
  const out: Span[] = [];
  const open: TraceEvent[] = [];
  for (const e of [...events].sort((a, b) => a.ts - b.ts)) {
    if (!names.has(e.name)) continue;
    if (e.ph === 'X' && e.dur !== undefined) out.push({ name: e.name, start: e.ts, end: e.ts + e.dur });
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const i = open.map((o) => o.name).lastIndexOf(e.name);
      if (i >= 0) out.push({ name: e.name, start: open.splice(i, 1)[0].ts, end: e.ts });
    }
  }
  return out.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** Each span's own time within [from, to): its length there less that of the counted spans nested in it. */
function ownTimes(list: Span[], from: number, to: number): Map<string, number> {
  const own = new Map<string, number>();
  const stack: Span[] = [];
  const clip = (s: Span) => Math.max(0, Math.min(s.end, to) - Math.max(s.start, from));
  for (const s of list) {
    while (stack.length && stack[stack.length - 1].end <= s.start) stack.pop();
    const parent = stack[stack.length - 1];
    // a span that starts inside another is that one's child (events on one thread nest or follow, never overlap)
    if (parent) own.set(parent.name, (own.get(parent.name) ?? 0) - clip({ ...s, end: Math.min(s.end, parent.end) }));
    own.set(s.name, (own.get(s.name) ?? 0) + clip(s));
    stack.push(s);
  }
  return own;
}

/**
 * The load's figures, or an Error saying what the trace lacks. `fcp` is the paint's time as the page reported it
 * (Paint Timing, from the navigation's start): a renderer started for the navigation may have run its first lines
 * before the trace reached it, its `navigationStart` among them; its main thread then did nothing before them for
 * another page, so its work is counted from its first event.
 */
export function paintWork(trace: string | Buffer, fcp: number): PaintWork | Error {
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const painted = events.filter((e) => e.name === 'firstContentfulPaint').pop();
  if (!painted) return new Error('no firstContentfulPaint in the trace');
  const navigationId = painted.args?.data?.navigationId;
  const starts = events.filter((e) => e.name === 'navigationStart' && e.pid === painted.pid && e.ts <= painted.ts);
  const start = starts.find((e) => navigationId && e.args?.data?.navigationId === navigationId)?.ts ?? -Infinity;
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === painted.pid && e.args?.name === 'CrRendererMain');
  const tid = main?.tid ?? painted.tid;
  const mine = events.filter((e) => e.pid === painted.pid && e.tid === tid);
  const own = ownTimes(spans(mine, new Set(WORK_KINDS)), start, painted.ts);
  const byKind = Object.fromEntries(WORK_KINDS.map((k) => [k, (own.get(k) ?? 0) / 1000])) as Record<WorkKind, number>;
  const tasks = ownTimes(spans(mine, new Set(['RunTask'])), start, painted.ts);
  const calls = mine.filter((e) => FONT_CALLS.has(e.name) && e.ph === 'X' && e.ts >= start && e.ts < painted.ts);
  return {
    fontCalls: calls.length,
    fontMs: calls.reduce((n, e) => n + (e.dur ?? 0), 0) / 1000,
    fcp,
    work: WORK_KINDS.reduce((n, k) => n + byKind[k], 0),
    byKind,
    busy: (tasks.get('RunTask') ?? 0) / 1000,
  };
}

/** The categories a trace needs for paintWork: the timeline's events, the navigation's marks, the thread's tasks, fonts. */
export const PAINT_TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'loading',
  'blink.user_timing',
  'toplevel',
  'fonts',
];
