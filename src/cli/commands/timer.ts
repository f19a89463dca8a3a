/**
 * `punch timer start|stop|discard|status`. The timer lives in the core's store with its wall-clock start time,
 * so it keeps running between commands (and across sleep or a restart); stopping rounds it by the user's rule and
 * logs one time log per local day it ran through.
 *
 * A week that is submitted or approved takes no new time (src/core/timer/timer-week.ts): `timer start` on such a week
 * is refused before anything starts, naming an open day, and `--log-to DATE` starts it with its time going there; a
 * `timer stop` whose week was locked while it ran logs nothing and exits 1 with the timer still running, until
 * `timer stop --log-to DATE` names an open day. The time is never dropped to get out.
 */
import { defineMessage } from '../../shared/i18n/messages';
import type { TimerView } from '../../shared/domain';
import { plainDate, plainMoment } from '../../shared/words';
import { EXIT, type Command, flagOption, textOption } from '../command';
import { parseDay, str } from '../input';
import { elapsedWords } from '../words';
import { billingChoice, jobChoice, logOptions, logTexts } from '../log-fields';
import { coreWithRules, describeLog } from './logging';

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

export const timerStartCommand: Command = {
  name: 'timer start',
  summary: defineMessage({
    id: 'cli.timer-start.summary',
    defaultMessage: 'start the timer on a job (a running timer is stopped and logged first)',
  }),
  usage: 'timer start --job ID | --job-name NAME [--description TEXT] [--work-item TEXT] [--billable | --non-billable] [--log-to DATE]',
  options: { ...logOptions('job', 'job-name', 'description', 'work-item', 'billable', 'non-billable'), 'log-to': logToOption },
  details: [
    'Billed as the job is (see `punch jobs`) unless --billable or --non-billable says otherwise, as in the app.',
    'On a week that is submitted or approved the timer does not start unless --log-to names an open day for its time.',
  ],
  async run(ctx) {
    const v = ctx.values;
    const t = await (await ctx.core()).call('startTimer', { ...jobChoice(v), ...logTexts(v), ...billingChoice(v), ...logToOf(v) });
    return { json: t, text: describeTimer(t) };
  },
};

export const timerStopCommand: Command = {
  name: 'timer stop',
  summary: defineMessage({ id: 'cli.timer-stop.summary', defaultMessage: 'stop the timer and log the rounded hours' }),
  usage: 'timer stop [--yes] [--log-to DATE]',
  options: { yes: flagOption('log even when the hours are capped at the company maximum per day'), 'log-to': logToOption },
  async run(ctx) {
    const core = await coreWithRules(ctx);
    const r = await core.call('stopTimer', { ...(ctx.values.yes ? { confirmOverMax: true } : {}), ...logToOf(ctx.values) });
    if (r.needsDay) {
      // Nothing was logged and the timer still runs: its week was locked while it ran (exit 1, nothing changed).
      const open = r.needsDay.openDay;
      return {
        json: r,
        text: describeTimer(r.timer),
        exitCode: EXIT.badInput,
        problem: r.notice ?? 'the week the timer ran in is submitted or approved.',
        hint: `Run \`punch timer stop --log-to ${open ?? 'DATE'}\` to log it to ${open ? plainDate(open) : 'an open day'}, or leave the timer running.`,
      };
    }
    if (r.needsConfirm && !ctx.values.yes) {
      // Nothing was logged and the timer still runs: the user decides about the cut hours (exit 1, nothing changed).
      return {
        json: r,
        text: describeTimer(r.timer),
        exitCode: EXIT.badInput,
        problem: r.notice ?? 'the hours are over the company maximum per day.',
        hint: 'Run `punch timer stop --yes` to log what fits, or `punch timer discard` to drop it.',
      };
    }
    const lines = [`Stopped: raw ${r.rawHhmm}, rounded ${r.roundedHhmm}.`];
    if (r.notice) lines.push(r.notice);
    for (const l of r.logged) lines.push(`${l.state}  ${describeLog(l.log)}`);
    if (r.logged.length === 0) lines.push('Nothing was logged.');
    const refused = r.logged.filter((l) => l.log.sync === 'needs-attention');
    if (refused.length) {
      return {
        json: r,
        text: lines.join('\n'),
        exitCode: EXIT.serviceFailed,
        problem: `the service refused ${refused.map((l) => `${l.log.localId} (${l.log.message ?? 'no reason given'})`).join(', ')}; kept in the outbox as "needs attention".`,
        hint: 'See `punch outbox`.',
      };
    }
    return { json: r, text: lines.join('\n') };
  },
};

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
    return { json: t, text: describeTimer(t) };
  },
};
