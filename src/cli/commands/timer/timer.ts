/**
 * `punch timer start|stop|discard|status`. The timer lives in the core's store with its wall-clock start time,
 * so it keeps running between commands (and across sleep or a restart); stopping rounds it by the user's rule and
 * logs one time log per day it ran through (days of the zone it started in).
 *
 * Nothing is logged without the user's word when the time is in doubt (src/core/timer/timer-attention.ts): a timer
 * that ran long (past the end of day, over midnight, longer than a day's maximum, or through a sleep) is stopped only
 * with `--yes` (all of it) or `--at` (until then), and a clock that now reads before the start only with `--at`; both
 * exit 1 with the timer still running and say what to type. `timer start` over a running timer stops and logs it
 * first and says so, but over one that ran long it starts nothing without `--yes` or `--at`; it exits 1 when another
 * `punch` or the app started a timer at the same moment (that one runs on).
 *
 * A week that is submitted or approved takes no new time (src/core/timer/timer-week.ts): `timer start` on such a week
 * is refused before anything starts, naming an open day, and `--log-to DATE` starts it with its time going there; a
 * `timer stop` whose week was locked while it ran logs nothing and exits 1 with the timer still running, until
 * `timer stop --log-to DATE` names an open day. The time is never dropped to get out.
 */
import { defineMessage, type Wording } from '../../../shared/i18n/messages';
import type { StopResult, TimerStart } from '../../../shared/contract';
import type { TimerView } from '../../../shared/domain';
import { addDays } from '../../../shared/time/week';
import { clockIn, dayIn, systemZone } from '../../../shared/time/zone';
import { EXIT, type Command, type CommandResult, flagOption, textOption } from '../../command';
import { CoreFailure, UsageError, describeFailure } from '../../failure';
import { parseDay, str } from '../../input';
import { DAY_FORMS, dayWords, elapsedWords, momentWords, syncWords, words } from '../../words';
import { billingChoice, eitherOr, jobChoice, logOptions, logTexts } from '../../log-fields';
import { parseMoment } from './moment';
import { coreWithRules, billedAsJob } from '../logging';
import { describeLog } from '../log-words';
import { loggedWords, replacedWords, T } from './timer-words';
import { logMessage, stopNotice } from '../../../shared/said-words';
import { forgottenLines } from './forgotten';

/**
 * A timer in words. `started`: it started just now (`timer start`), so its raw and rounded hours ("Raw 00:00, logged
 * as 00:00") say nothing yet and are left out.
 */
function describeTimer(t: TimerView, w: Wording, o: { started?: boolean } = {}): string {
  if (!t.running) return w.say(T.none);
  const lines = [
    w.say(T.running, {
      job: t.jobName ?? t.jobId ?? '',
      since: t.startedAt ? momentWords(w, t.startedAt) : w.say(T.unknown),
      elapsed: elapsedWords(t.elapsedMs),
    }),
  ];
  if (!o.started) lines.push(w.say(T.rounding, { raw: t.rawHhmm, rounded: t.roundedHhmm, mode: t.rule.mode, step: t.rule.stepMinutes }));
  if (t.zone && t.zone !== systemZone()) lines.push(w.say(T.zone, { zone: t.zone }));
  if (t.description) lines.push(w.say(T.description, { text: t.description }));
  if (t.logTo) lines.push(w.say(T.logTo, { day: dayWords(w, t.logTo) }));
  if (t.idlePrompt) lines.push(w.say(T.away, { since: momentWords(w, t.idlePrompt.idleSince), reason: t.idlePrompt.reason }));
  return lines.join('\n');
}

/** `--log-to`: the open day for time that runs on a submitted or approved week. */
const logToOption = textOption('DATE', words(T.logToOption, { forms: DAY_FORMS }));
const logToOf = (v: Record<string, unknown>) => {
  const day = str(v, 'log-to');
  return day !== undefined ? { logTo: parseDay('log-to', day) } : {};
};

/** `--at`: when the timer stopped, as the user says it (`first`: a running timer is stopped then, before the start). */
const atOption = (first: boolean) => textOption('[DAY] HH:MM', words(T.atOption, { first: String(first), example: '"yesterday 18:00"' }));

/** The `--at` given, as a moment in the running timer's zone; the timer is read first to know its start. */
async function atOf(ctx: { values: Record<string, unknown> }, timer: () => Promise<TimerView>): Promise<number | undefined> {
  const text = str(ctx.values, 'at');
  if (text === undefined) return undefined;
  const t = await timer();
  if (!t.running || t.startedAt === undefined) throw new UsageError(words(T.atNothing, { option: '--at' }));
  return parseMoment('at', text, { after: t.startedAt, zone: t.zone ?? systemZone(), now: Date.now() });
}

/** "18:00", "yesterday 18:00" or "2026-11-23 18:00": what to type for `--at` to mean `at`. */
function atWords(at: number, zone: string): string {
  const day = dayIn(zone, at);
  const today = dayIn(zone, Date.now());
  const time = clockIn(zone, at);
  if (day === today) return time;
  // what is typed: `yesterday` in English in every language (src/cli/commands/timer/moment.ts reads it)
  return `"${day === addDays(today, -1) ? 'yesterday' : day} ${time}"`;
}

/** What to type when a stop (or a switch) asks for the timer's end first. */
function endHint(r: StopResult, command: string, w: Wording): string {
  const e = r.needsEnd!;
  const discard = '`punch timer discard`';
  if (e.why === 'clock-moved')
    return w.say(T.clockMoved, { at: `\`punch ${command} --at HH:MM\``, start: clockIn(e.zone, e.startedAt), discard });
  const at = e.suggestedEnd !== undefined ? atWords(e.suggestedEnd, e.zone) : 'HH:MM';
  return w.say(T.ranLong, { at: `\`punch ${command} --at ${at}\``, yes: `\`punch ${command} --yes\``, discard });
}

export const timerStartCommand: Command = {
  name: 'timer start',
  summary: defineMessage({
    id: 'cli.timer-start.summary',
    defaultMessage: 'start the timer on a job (a running timer is stopped and logged first)',
  }),
  usage:
    'timer start --job ID | --job-name NAME [--description TEXT] [--work-item TEXT] [--billable | --non-billable] [--log-to DATE] [--yes | --at [DAY] HH:MM]',
  options: {
    ...logOptions('job', 'job-name', 'description', 'work-item', 'billable', 'non-billable'),
    'log-to': logToOption,
    yes: flagOption(T.startYes),
    at: atOption(true),
  },
  details: [
    billedAsJob,
    words(T.startLocked, { logTo: '--log-to' }),
    words(T.startRunning, { yes: '--yes', at: '--at' }),
    T.startSameMoment,
  ],
  async run(ctx) {
    const v = ctx.values;
    if (v.yes && str(v, 'at') !== undefined) throw new UsageError(eitherOr('--yes', '--at'));
    const core = await ctx.core();
    // what runs now is what this start replaces: another timer started meanwhile elsewhere is not stopped by it, and
    // neither is one started a moment ago (another `punch timer start` at the same time: the first one wins)
    const seen = await core.call('getTimer', {});
    const replaces = seen.running && !startedJustNow(seen) ? (seen.id ?? null) : null;
    const at = await atOf(ctx, async () => seen);
    let t: TimerStart;
    try {
      t = await core.call('startTimer', {
        ...jobChoice(v),
        ...logTexts(v),
        ...billingChoice(v),
        ...logToOf(v),
        replaces,
        ...(v.yes ? { confirmLong: true } : {}),
        ...(at !== undefined ? { stopPreviousAt: at } : {}),
      });
    } catch (e) {
      const refused = startRefusal(e, seen, ctx.words);
      if (refused) return refused;
      throw e;
    }
    // what became of the timer it replaced, first
    const text = describeTimer(t, ctx.words, { started: true });
    return { json: t, text: t.replaced ? `${replacedWords(ctx.words, t.replaced)}\n${text}` : text };
  },
};

/**
 * A timer started this long ago or less was started at the same moment as this start (two `punch timer start` at
 * once, or the app and `punch`): nobody saw it, so this start does not switch it away; it loses, and says so.
 */
export const SAME_MOMENT_MS = 5_000;
const startedJustNow = (t: TimerView) => t.startedAt !== undefined && Date.now() - t.startedAt < SAME_MOMENT_MS;

/** A start that changed nothing because of the running timer: the refusal, with what to type. */
function startRefusal(e: unknown, seen: TimerView, w: Wording): CommandResult | undefined {
  if (!(e instanceof CoreFailure)) return undefined;
  const rule = e.error.violations?.find((x) => x.rule === 'timer-long' || x.rule === 'timer-running')?.rule;
  if (!rule) return undefined;
  const [status, stop, discard] = ['`punch timer status`', '`punch timer stop`', '`punch timer discard`'];
  const hint =
    rule === 'timer-running'
      ? w.say(seen.running && startedJustNow(seen) ? T.sameMoment : T.seeIt, { status, stop })
      : w.say(T.startLong, { at: '--at HH:MM', yes: '--yes', discard, job: seen.jobName ?? '', named: String(!!seen.jobName) });
  // the refusal itself is the core's (its rules' words, said by code where it has one)
  return { json: { error: e.error }, text: '', exitCode: EXIT.badInput, problem: describeFailure(e, w).message, hint };
}

export const timerStopCommand: Command = {
  name: 'timer stop',
  summary: defineMessage({ id: 'cli.timer-stop.summary', defaultMessage: 'stop the timer and log the rounded hours' }),
  usage: 'timer stop [--yes] [--at [DAY] HH:MM] [--log-to DATE]',
  options: {
    yes: flagOption(T.stopYes),
    at: atOption(false),
    'log-to': logToOption,
  },
  details: [words(T.stopLong, { yes: '--yes', at: '--at' }), words(T.stopClock, { at: '--at' })],
  async run(ctx) {
    const core = await coreWithRules(ctx);
    const at = await atOf(ctx, () => core.call('getTimer', {}));
    const r = await core.call('stopTimer', {
      ...(ctx.values.yes ? { confirmOverMax: true, confirmLong: true } : {}),
      ...logToOf(ctx.values),
      ...(at !== undefined ? { at } : {}),
    });
    return stopOutcome(r, ctx.values.yes === true, ctx.words);
  },
};

function stopOutcome(r: StopResult, yes: boolean, w: Wording): CommandResult {
  const timer = describeTimer(r.timer, w);
  // the notices are the core's words (why nothing or less was logged), said from their codes
  const notice = stopNotice(w, r);
  // Nothing was logged and the timer still runs (exit 1, nothing changed): the user says when it ended, or which day
  if (r.needsEnd) return { json: r, text: timer, exitCode: EXIT.badInput, problem: notice ?? '', hint: endHint(r, 'timer stop', w) };
  if (r.needsDay) {
    const open = r.needsDay.openDay;
    return {
      json: r,
      text: timer,
      exitCode: EXIT.badInput,
      problem: notice ?? w.say(T.weekLocked),
      hint: w.say(T.logToHint, { command: `\`punch timer stop --log-to ${open ?? 'DATE'}\``, day: open ? dayWords(w, open) : 'none' }),
    };
  }
  if (r.needsConfirm && !yes) {
    return {
      json: r,
      text: timer,
      exitCode: EXIT.badInput,
      problem: notice ?? w.say(T.overMax),
      hint: w.say(T.confirmHint, { yes: '`punch timer stop --yes`', discard: '`punch timer discard`' }),
    };
  }
  const lines = [w.say(T.stopped, { raw: r.rawHhmm, rounded: r.roundedHhmm })];
  const jobName = r.logged[0]?.log.jobName;
  if (jobName) lines.push(loggedWords(w, jobName, r.logged));
  if (notice) lines.push(notice);
  for (const l of r.logged) lines.push(`${syncWords(l.state, w)}  ${describeLog(l.log, w)}`);
  if (r.logged.length === 0) lines.push(w.say(T.nothingLogged));
  const refused = r.logged.filter((l) => l.log.sync === 'needs-attention');
  if (refused.length) {
    return {
      json: r,
      text: lines.join('\n'),
      exitCode: EXIT.serviceFailed,
      problem: w.say(T.refused, {
        logs: w.formats.list(
          refused.map((l) => w.say(T.refusedLog, { id: l.log.localId, why: logMessage(w, l.log) ?? w.say(T.noReason) })),
        ),
      }),
      hint: w.say(T.seeOutbox, { outbox: '`punch outbox`' }),
    };
  }
  return { json: r, text: lines.join('\n') };
}

export const timerDiscardCommand: Command = {
  name: 'timer discard',
  summary: defineMessage({ id: 'cli.timer-discard.summary', defaultMessage: 'stop the timer without logging anything' }),
  usage: 'timer discard',
  options: {},
  async run(ctx) {
    const t = await (await ctx.core()).call('discardTimer', {});
    return { json: t, text: `${ctx.words.say(T.discarded)}\n${describeTimer(t, ctx.words)}` };
  },
};

export const timerStatusCommand: Command = {
  name: 'timer status',
  summary: defineMessage({ id: 'cli.timer-status.summary', defaultMessage: 'show the running timer (raw and rounded)' }),
  usage: 'timer status',
  options: {},
  async run(ctx) {
    const t = await (await ctx.core()).call('getTimer', {});
    return { json: t, text: [describeTimer(t, ctx.words), ...forgottenLines(t, Date.now(), ctx.words)].join('\n') };
  },
};
