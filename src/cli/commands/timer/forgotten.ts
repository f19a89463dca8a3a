/**
 * A timer left running past the end of day or over midnight (src/core/timer/forgotten.ts), as `punch status` and
 * `punch timer status` say it: when it started, and the command for each answer (log until the end of that day, all
 * of it, or until midnight), in the zone its days are counted in. And the morning reminder's line in `punch status`.
 */
import { defineMessages, type Wording } from '../../../shared/i18n/messages';
import type { TimerView } from '../../../shared/domain';
import type { MorningReminder } from '../../../shared/contract';
import { addDays } from '../../../shared/time/week';
import { clockIn, dayIn } from '../../../shared/time/zone';

const M = defineMessages({
  since: {
    id: 'cli.forgotten.since',
    defaultMessage:
      'The timer on {job} has run since {when, select, today {{time}} yesterday {{time} yesterday} other {{day}, {time}}}: {reason, select, midnight {over midnight} other {past your end of day}}.',
    description: '{job}: the job name; {time}: HH:MM; {day}: a date.',
  },
  untilEnd: { id: 'cli.forgotten.until-end', defaultMessage: 'Log until the end of that day ({time}): {command}' },
  all: { id: 'cli.forgotten.all', defaultMessage: 'Log all of it: {command}' },
  untilMidnight: { id: 'cli.forgotten.until-midnight', defaultMessage: 'Discard the overnight part (log until midnight): {command}' },
});

/** `--at` as punch reads it: "yesterday 18:00", "today 00:00", or the date. */
function atWords(zone: string, at: number, now: number): string {
  const day = dayIn(zone, at);
  const today = dayIn(zone, now);
  const said = day === today ? 'today' : day === addDays(today, -1) ? 'yesterday' : day;
  return `punch timer stop --at "${said} ${clockIn(zone, at)}"`;
}

/** The lines about a forgotten timer (none when it is not). */
export function forgottenLines(t: TimerView, now: number, w: Wording): string[] {
  const f = t.forgotten;
  if (!f) return [];
  const start = dayIn(f.zone, f.startedAt);
  const today = dayIn(f.zone, now);
  const when = start === today ? 'today' : start === addDays(today, -1) ? 'yesterday' : 'other';
  const lines = [
    w.say(M.since, {
      job: t.jobName ?? '',
      when,
      // on the region's clock (a 12-hour one: 5:40 PM), as every time punch shows; the commands keep punch's own form
      time: w.formats.time(f.startedAt, f.zone),
      day: w.formats.day(start),
      reason: f.reasons.includes('midnight') && !f.reasons.includes('end-of-day') ? 'midnight' : 'end-of-day',
    }),
  ];
  if (f.endOfDay !== undefined)
    lines.push(`  ${w.say(M.untilEnd, { time: w.formats.time(f.endOfDay, f.zone), command: atWords(f.zone, f.endOfDay, now) })}`);
  lines.push(`  ${w.say(M.all, { command: 'punch timer stop --yes' })}`);
  if (f.midnight !== undefined) lines.push(`  ${w.say(M.untilMidnight, { command: atWords(f.zone, f.midnight, now) })}`);
  return lines;
}

const R = defineMessages({
  morning: {
    id: 'cli.morning.due',
    defaultMessage:
      'Nothing is logged yet today. {hasJob, select, yes {Start the timer on {job}: {command}} other {Start the timer: {command}}}',
    description: 'The morning reminder in punch status. {job}: the usual job; {command}: a punch command, kept as it is.',
  },
});

/** The morning reminder's line in `punch status`, when it is due (src/core/week/morning.ts). */
export function morningLine(r: MorningReminder | null, w: Wording): string[] {
  if (!r?.due) return [];
  const job = r.job?.jobName ?? '';
  const command = r.job ? `punch timer start --job-name "${job}"` : 'punch timer start --job-name NAME';
  return [w.say(R.morning, { hasJob: r.job ? 'yes' : 'no', job, command })];
}
