/**
 * The words of `punch timer start|stop|discard|status`: the running timer, the choices when its end must be said, and
 * the help. Typed things (commands, options, `yesterday 18:00`) are values, the same in every language. What a stop
 * logged and what a start stopped are worded here from their values (the job, the hours of each day), in the same
 * English as the app's (src/shared/timer-words.ts); `--json` keeps the core's `replaced.words`.
 */
import { defineMessages, type Wording } from '../../../shared/i18n/messages';
import type { ReplacedTimer } from '../../../shared/contract';
import type { LoggedPart } from '../../../shared/timer-words';
import { dayWords } from '../../words';
import { stopNotice } from '../../../shared/said-words';

export const T = defineMessages({
  none: { id: 'cli.timer.none', defaultMessage: 'No timer running.' },
  unknown: { id: 'cli.timer.unknown', defaultMessage: 'unknown', description: 'When the timer started, when that cannot be said.' },
  running: {
    id: 'cli.timer.running',
    defaultMessage: 'Running on {job} since {since} ({elapsed}).',
    description: "{job}: a job's name; {since}: a day and time; {elapsed}: H:MM:SS.",
  },
  rounding: {
    id: 'cli.timer.rounding',
    defaultMessage:
      'Raw {raw}, logged as {rounded} ({mode, select, up {rounding up to {step, number} min} down {rounding down to {step, number} min} other {rounding to the nearest {step, number} min}}).',
    description: 'Hours as HH:MM before and after rounding (glossary: rounding); {step}: minutes.',
  },
  zone: {
    id: 'cli.timer.zone',
    defaultMessage: 'Its days are counted in {zone} time.',
    description: '{zone}: a time zone name (Europe/Berlin), as it is.',
  },
  description: { id: 'cli.timer.description', defaultMessage: 'Description: {text}' },
  logTo: {
    id: 'cli.timer.log-to',
    defaultMessage: 'Its time goes to {day} (the week it runs in is submitted or approved).',
  },
  away: {
    id: 'cli.timer.away',
    defaultMessage:
      'Away since {since} ({reason, select, idle {no keyboard or mouse activity} suspend {the computer slept} lock {the screen was locked} shutdown {the computer shut down} other {no activity}}): keep or discard that time in the app.',
  },
  logToOption: {
    id: 'cli.timer.option.log-to',
    defaultMessage: 'when this week is submitted or approved: the open day its time goes to ({forms})',
    description: '{forms}: how a day is typed, as typed.',
  },
  atOption: {
    id: 'cli.timer.option.at',
    defaultMessage:
      '{first, select, true {stop a running timer at this time first} other {when you stopped working, if not now}}: HH:MM after its start, or {example}',
    description: '{example}: "yesterday 18:00" as typed (keep "yesterday" in English).',
  },
  atNothing: { id: 'cli.timer.at-nothing', defaultMessage: '{option}: no timer is running, so there is nothing to stop.' },
  clockMoved: {
    id: 'cli.timer.hint.clock-moved',
    defaultMessage: 'Run {at} with the time you stopped working (after {start}), or {discard}.',
    description: 'Commands as typed; {start}: a clock time (HH:MM).',
  },
  ranLong: {
    id: 'cli.timer.hint.ran-long',
    defaultMessage: 'Run {at} to log until then (or another time), {yes} to log all of it, or {discard} to drop it.',
    description: 'Commands as typed.',
  },
  startYes: {
    id: 'cli.timer-start.option.yes',
    defaultMessage: 'a running timer that ran long (past your end of day, over midnight, ...): log all of it first',
  },
  startLocked: {
    id: 'cli.timer-start.details.locked',
    defaultMessage: 'On a week that is submitted or approved the timer does not start unless {logTo} names an open day for its time.',
  },
  startRunning: {
    id: 'cli.timer-start.details.running',
    defaultMessage:
      'A running timer is stopped and logged first; one that ran past your end of day, over midnight, longer than a day\nallows or through a sleep is not: nothing starts (exit 1) until {yes} (log all of it) or {at} (log until then).',
    description: 'Options as typed. Break the lines where they read well.',
  },
  startSameMoment: {
    id: 'cli.timer-start.details.same-moment',
    defaultMessage: 'Another timer started at the same moment (another punch, the app) wins: this one exits 1 and starts nothing.',
  },
  sameMoment: {
    id: 'cli.timer-start.hint.same-moment',
    defaultMessage:
      'It was started a moment ago, at the same time as this one. See it with {status}; to switch to this job, run this again in a few seconds.',
  },
  seeIt: {
    id: 'cli.timer-start.hint.see-it',
    defaultMessage: 'See it with {status}; stop it with {stop}, or run this again to switch to this job.',
  },
  startLong: {
    id: 'cli.timer-start.hint.long',
    defaultMessage:
      'Run this again with {at} (when you stopped working on {named, select, true {{job}} other {it}}) or {yes} (log all of it), or {discard} first to drop it.',
    description: "Options and commands as typed; {job}: the running timer's job.",
  },
  stopYes: {
    id: 'cli.timer-stop.option.yes',
    defaultMessage: 'log all of it, also when it ran long or the company maximum per day cuts it',
  },
  stopLong: {
    id: 'cli.timer-stop.details.long',
    defaultMessage:
      'A timer that ran past your end of day (Settings; 18:00 unless changed), over midnight, longer than a day allows,\nor through a sleep logs nothing and runs on (exit 1) until {yes} (all of it) or {at} (until then).',
    description: 'Options as typed. Break the lines where they read well.',
  },
  stopClock: {
    id: 'cli.timer-stop.details.clock',
    defaultMessage: 'A clock set back while it ran (it now reads before the start) needs {at}: the clock cannot say how long it ran.',
  },
  weekLocked: { id: 'cli.timer-stop.week-locked', defaultMessage: 'the week the timer ran in is submitted or approved.' },
  logToHint: {
    id: 'cli.timer-stop.hint.log-to',
    defaultMessage: 'Run {command} to log it to {day, select, none {an open day} other {{day}}}, or leave the timer running.',
    description: '{command}: as typed; {day}: the open day suggested.',
  },
  overMax: { id: 'cli.timer-stop.over-max', defaultMessage: 'the hours are over the company maximum per day.' },
  confirmHint: {
    id: 'cli.timer-stop.hint.confirm',
    defaultMessage: 'Run {yes} to log what fits, or {discard} to drop it.',
  },
  stopped: { id: 'cli.timer-stop.stopped', defaultMessage: 'Stopped: raw {raw}, rounded {rounded}.', description: 'Hours as HH:MM.' },
  nothingLogged: { id: 'cli.timer-stop.nothing-logged', defaultMessage: 'Nothing was logged.' },
  refused: {
    id: 'cli.timer-stop.refused',
    defaultMessage: 'the service refused {logs}; kept in the outbox as "needs attention".',
    description: '{logs}: each log with why, joined as a list. "needs attention" is the state (glossary).',
  },
  refusedLog: { id: 'cli.timer-stop.refused-log', defaultMessage: '{id} ({why})', description: "A log's id and why it was refused." },
  noReason: { id: 'cli.timer-stop.no-reason', defaultMessage: 'no reason given' },
  seeOutbox: { id: 'cli.timer-stop.hint.outbox', defaultMessage: 'See {outbox}.' },
  discarded: { id: 'cli.timer-discard.discarded', defaultMessage: 'Discarded the timer; nothing was logged.' },
});

/** What a stop logged, worded here from its values (job, hours, days): the same English as the app's stop notice. */
const L = defineMessages({
  logged: {
    id: 'cli.timer.logged',
    defaultMessage:
      'Logged {hours} on {job}, {day}{more, select, none {} other {, and {more}}}. {queued, select, true {Queued - will sync when online.} other {Synced.}}',
    description:
      'After a stop: {hours} HH:MM, {job} a job\'s name, {day} the first day; {more}: the other days\' parts ("00:20 on Fri 27 Nov").',
  },
  part: { id: 'cli.timer.logged-part', defaultMessage: '{hours} on {day}', description: 'Hours logged on one day: "00:20 on Fri 27 Nov".' },
  firstPart: {
    id: 'cli.timer.logged-first-part',
    defaultMessage: '{hours} logged on {day}',
    description: 'The first day of what a stopped timer logged: "00:02 logged on Fri 27 Nov".',
  },
  replaced: {
    id: 'cli.timer.replaced',
    defaultMessage:
      'Stopped {job}: {state, select, none {it ran {ran}, nothing logged} refused {{parts}, and the service refused it: see the outbox} queued {{parts} (queued: it will sync when online)} other {{parts}}}.',
    description: 'A start that stopped the timer before it: {job} its job, {parts} what it logged per day, {ran} how long it ran.',
  },
  seconds: {
    id: 'cli.timer.seconds',
    defaultMessage: '{seconds, number} s',
    description: 'A short duration in seconds ("s": the unit\'s symbol).',
  },
});

/** "Logged 01:10 on Job 2, Thu 26 Nov, and 00:20 on Fri 27 Nov. Synced." */
export function loggedWords(w: Wording, jobName: string, logs: ReadonlyArray<{ log: LoggedPart; state: string }>): string {
  const [first, ...rest] = logs.map((l) => l.log);
  const more = rest.map((p) => w.say(L.part, { hours: p.hours, day: dayWords(w, p.workDate) }));
  return w.say(L.logged, {
    hours: first.hours,
    job: jobName,
    day: dayWords(w, first.workDate),
    more: more.length ? w.formats.list(more) : 'none',
    queued: String(logs.some((l) => l.state === 'queued')),
  });
}

/** "Stopped Job 1: 00:02 logged on Fri 27 Nov." (and the core's notice, in its words, after it). */
export function replacedWords(w: Wording, r: ReplacedTimer): string {
  const [first, ...rest] = r.logged.map((l) => l.log);
  const parts = first
    ? w.formats.list([
        w.say(L.firstPart, { hours: first.hours, day: dayWords(w, first.workDate) }),
        ...rest.map((p) => w.say(L.part, { hours: p.hours, day: dayWords(w, p.workDate) })),
      ])
    : '';
  const state = !first
    ? 'none'
    : r.logged.some((l) => l.state === 'needs-attention')
      ? 'refused'
      : r.logged.some((l) => l.state === 'queued')
        ? 'queued'
        : 'synced';
  const ran =
    r.ranMs < 60_000 ? w.say(L.seconds, { seconds: Math.floor(r.ranMs / 1000) }) : w.formats.durationWords(Math.floor(r.ranMs / 60_000));
  const said = w.say(L.replaced, { job: r.jobName, state, parts, ran });
  const notice = stopNotice(w, r);
  return notice ? `${said} ${notice}` : said;
}
