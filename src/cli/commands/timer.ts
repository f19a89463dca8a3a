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
import { defineMessage } from '../../shared/i18n/messages';
import type { StopResult, TimerStart } from '../../shared/contract';
import type { TimerView } from '../../shared/domain';
import { stopNoticeWords, whereWords } from '../../shared/timer-words';
import { plainDate, plainMoment } from '../../shared/words';
import { addDays } from '../../shared/time/week';
import { clockIn, dayIn, systemZone } from '../../shared/time/zone';
import { EXIT, type Command, type CommandResult, flagOption, textOption } from '../command';
import { CoreFailure, UsageError } from '../failure';
import { parseDay, str } from '../input';
import { elapsedWords } from '../words';
import { billingChoice, jobChoice, logOptions, logTexts } from '../log-fields';
import { parseMoment } from '../moment';
import { coreWithRules, describeLog } from './logging';
import { forgottenLines } from '../forgotten';
import { logMessage, replacedText, stopNotice } from '../../shared/said-words';
import { englishWording } from '../../shared/i18n/english';
import type { Wording } from '../../shared/i18n/messages';

/** Why the timer asks about time away, in words. */
const AWAY: Record<string, string> = {
  idle: 'no keyboard or mouse activity',
  suspend: 'the computer slept',
  lock: 'the screen was locked',
  shutdown: 'the computer shut down',
};

function describeTimer(t: TimerView): string {
  if (!t.running) return 'No timer running.';
  const since = t.startedAt ? plainMoment(t.startedAt) : 'unknown';
  const lines = [
    `Running on ${t.jobName ?? t.jobId} since ${since} (${elapsedWords(t.elapsedMs)}).`,
    `Raw ${t.rawHhmm}, logged as ${t.roundedHhmm} (rounding ${t.rule.mode} to ${t.rule.stepMinutes} min).`,
  ];
  if (t.zone && t.zone !== systemZone()) lines.push(`Its days are counted in ${t.zone} time.`);
  if (t.description) lines.push(`Description: ${t.description}`);
  if (t.logTo) lines.push(`Its time goes to ${plainDate(t.logTo)} (the week it runs in is submitted or approved).`);
  if (t.idlePrompt)
    lines.push(
      `Away since ${plainMoment(t.idlePrompt.idleSince)} (${AWAY[t.idlePrompt.reason] ?? 'no activity'}): keep or discard that time in the app.`,
    );
  return lines.join('\n');
}

/** `--log-to`: the open day for time that runs on a submitted or approved week. */
const logToOption = textOption(
  'DATE',
  'when this week is submitted or approved: the open day its time goes to (YYYY-MM-DD, today or yesterday)',
);
const logToOf = (v: Record<string, unknown>) => {
  const day = str(v, 'log-to');
  return day !== undefined ? { logTo: parseDay('log-to', day) } : {};
};

/** `--at`: when the timer stopped, as the user says it. */
const atOption = (what: string) => textOption('[DAY] HH:MM', `${what}: HH:MM after its start, or "yesterday 18:00"`);

/** The `--at` given, as a moment in the running timer's zone; the timer is read first to know its start. */
async function atOf(ctx: { values: Record<string, unknown> }, timer: () => Promise<TimerView>): Promise<number | undefined> {
  const text = str(ctx.values, 'at');
  if (text === undefined) return undefined;
  const t = await timer();
  if (!t.running || t.startedAt === undefined) throw new UsageError('--at: no timer is running, so there is nothing to stop.');
  return parseMoment('at', text, { after: t.startedAt, zone: t.zone ?? systemZone(), now: Date.now() });
}

/** "18:00", "yesterday 18:00" or "2026-11-23 18:00": what to type for `--at` to mean `at`. */
function atWords(at: number, zone: string): string {
  const day = dayIn(zone, at);
  const today = dayIn(zone, Date.now());
  const time = clockIn(zone, at);
  if (day === today) return time;
  return `"${day === addDays(today, -1) ? 'yesterday' : day} ${time}"`;
}

/** What to type when a stop (or a switch) asks for the timer's end first. */
function endHint(r: StopResult, command: string): string {
  const e = r.needsEnd!;
  if (e.why === 'clock-moved')
    return `Run \`punch ${command} --at HH:MM\` with the time you stopped working (after ${clockIn(e.zone, e.startedAt)}), or \`punch timer discard\`.`;
  const at = e.suggestedEnd !== undefined ? atWords(e.suggestedEnd, e.zone) : 'HH:MM';
  return `Run \`punch ${command} --at ${at}\` to log until then (or another time), \`punch ${command} --yes\` to log all of it, or \`punch timer discard\` to drop it.`;
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
    yes: flagOption('a running timer that ran long (past your end of day, over midnight, ...): log all of it first'),
    at: atOption('stop a running timer at this time first'),
  },
  details: [
    'Billed as the job is (see `punch jobs`) unless --billable or --non-billable says otherwise, as in the app.',
    'On a week that is submitted or approved the timer does not start unless --log-to names an open day for its time.',
    'A running timer is stopped and logged first; one that ran past your end of day, over midnight, longer than a day',
    'allows or through a sleep is not: nothing starts (exit 1) until --yes (log all of it) or --at (log until then).',
    'Another timer started at the same moment (another punch, the app) wins: this one exits 1 and starts nothing.',
  ],
  async run(ctx) {
    const v = ctx.values;
    if (v.yes && str(v, 'at') !== undefined) throw new UsageError('give either --yes or --at, not both.');
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
      const refused = startRefusal(e, seen);
      if (refused) return refused;
      throw e;
    }
    const text = describeTimer(t);
    return { json: t, text: t.replaced ? `${replacedText(ctx.words, t.replaced)}\n${text}` : text };
  },
};

/**
 * A timer started this long ago or less was started at the same moment as this start (two `punch timer start` at
 * once, or the app and `punch`): nobody saw it, so this start does not switch it away; it loses, and says so.
 */
export const SAME_MOMENT_MS = 5_000;
const startedJustNow = (t: TimerView) => t.startedAt !== undefined && Date.now() - t.startedAt < SAME_MOMENT_MS;

/** A start that changed nothing because of the running timer: the refusal, with what to type. */
function startRefusal(e: unknown, seen: TimerView): CommandResult | undefined {
  if (!(e instanceof CoreFailure)) return undefined;
  const rule = e.error.violations?.find((x) => x.rule === 'timer-long' || x.rule === 'timer-running')?.rule;
  if (!rule) return undefined;
  const hint =
    rule === 'timer-running'
      ? seen.running && startedJustNow(seen)
        ? 'It was started a moment ago, at the same time as this one. See it with `punch timer status`; to switch to this job, run this again in a few seconds.'
        : 'See it with `punch timer status`; stop it with `punch timer stop`, or run this again to switch to this job.'
      : `Run this again with --at HH:MM (when you stopped working on ${seen.jobName ?? 'it'}) or --yes (log all of it), or \`punch timer discard\` first to drop it.`;
  return { json: { error: e.error }, text: '', exitCode: EXIT.badInput, problem: e.error.message, hint };
}

export const timerStopCommand: Command = {
  name: 'timer stop',
  summary: defineMessage({ id: 'cli.timer-stop.summary', defaultMessage: 'stop the timer and log the rounded hours' }),
  usage: 'timer stop [--yes] [--at [DAY] HH:MM] [--log-to DATE]',
  options: {
    yes: flagOption('log all of it, also when it ran long or the company maximum per day cuts it'),
    at: atOption('when you stopped working, if not now'),
    'log-to': logToOption,
  },
  details: [
    'A timer that ran past your end of day (Settings; 18:00 unless changed), over midnight, longer than a day allows,',
    'or through a sleep logs nothing and runs on (exit 1) until --yes (all of it) or --at (until then).',
    'A clock set back while it ran (it now reads before the start) needs --at: the clock cannot say how long it ran.',
  ],
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

function stopOutcome(r: StopResult, yes: boolean, w: Wording = englishWording()): CommandResult {
  const notice = stopNotice(w, r);
  // Nothing was logged and the timer still runs (exit 1, nothing changed): the user says when it ended, or which day
  if (r.needsEnd)
    return { json: r, text: describeTimer(r.timer), exitCode: EXIT.badInput, problem: notice ?? '', hint: endHint(r, 'timer stop') };
  if (r.needsDay) {
    const open = r.needsDay.openDay;
    return {
      json: r,
      text: describeTimer(r.timer),
      exitCode: EXIT.badInput,
      problem: notice ?? 'the week the timer ran in is submitted or approved.',
      hint: `Run \`punch timer stop --log-to ${open ?? 'DATE'}\` to log it to ${open ? plainDate(open) : 'an open day'}, or leave the timer running.`,
    };
  }
  if (r.needsConfirm && !yes) {
    return {
      json: r,
      text: describeTimer(r.timer),
      exitCode: EXIT.badInput,
      problem: notice ?? 'the hours are over the company maximum per day.',
      hint: 'Run `punch timer stop --yes` to log what fits, or `punch timer discard` to drop it.',
    };
  }
  const lines = [`Stopped: raw ${r.rawHhmm}, rounded ${r.roundedHhmm}.`];
  const jobName = r.logged[0]?.log.jobName;
  if (jobName) {
    const queued = r.logged.some((l) => l.state === 'queued');
    lines.push(
      `${stopNoticeWords(
        jobName,
        r.logged.map((l) => l.log),
      )} ${whereWords(queued ? 'queued' : 'synced')}`,
    );
  }
  if (notice) lines.push(notice);
  for (const l of r.logged) lines.push(`${l.state}  ${describeLog(l.log)}`);
  if (r.logged.length === 0) lines.push('Nothing was logged.');
  const refused = r.logged.filter((l) => l.log.sync === 'needs-attention');
  if (refused.length) {
    return {
      json: r,
      text: lines.join('\n'),
      exitCode: EXIT.serviceFailed,
      problem: `the service refused ${refused.map((l) => `${l.log.localId} (${logMessage(w, l.log) ?? 'no reason given'})`).join(', ')}; kept in the outbox as "needs attention".`,
      hint: 'See `punch outbox`.',
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
    return { json: t, text: `Discarded the timer; nothing was logged.\n${describeTimer(t)}` };
  },
};

export const timerStatusCommand: Command = {
  name: 'timer status',
  summary: defineMessage({ id: 'cli.timer-status.summary', defaultMessage: 'show the running timer (raw and rounded)' }),
  usage: 'timer status',
  options: {},
  async run(ctx) {
    const t = await (await ctx.core()).call('getTimer', {});
    return { json: t, text: [describeTimer(t), ...forgottenLines(t, Date.now(), ctx.words)].join('\n') };
  },
};
