/**
 * `--at`: a moment as people say it when they stopped working: `18:00` (the first 18:00 after the timer started that
 * has come),
 * `yesterday 18:00`, `18:00 yesterday`, `2026-11-23 18:00`, `today 9:05`. Read in the zone whose days the timer counts
 * (its own, src/shared/time/zone.ts), so "18:00" means 18:00 where the timer's days are. Each refusal names the option, the
 * rule and an example, and is raised before the core is asked anything (exit 1, nothing changed).
 */
import { addDays, isValidDate } from '../../../shared/time/week';
import { atIn, dayIn } from '../../../shared/time/zone';
import { defineMessages } from '../../../shared/i18n/messages';
import { UsageError } from '../../failure';
import { words } from '../../words';

const M = defineMessages({
  form: {
    id: 'cli.moment.form',
    defaultMessage: '{option} must be a time as HH:MM, with a day if needed (got "{value}"), for example {examples}.',
    description: '{examples}: "--at 18:00, --at "yesterday 18:00" or ..." as typed, joined as the language joins a choice.',
  },
  notADay: {
    id: 'cli.moment.not-a-day',
    defaultMessage: '{option}: "{said}" is not a day: use {forms}, for example {examples}.',
    description: '{forms}: "today, yesterday or YYYY-MM-DD", as typed.',
  },
});

const TIME = /^([01]?\d|2[0-3])[:.h]([0-5]\d)$/;

export function parseMoment(option: string, value: string, o: { after: number; zone: string; now: number }): number {
  const parts = value.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const times = parts.filter((p) => TIME.test(p));
  const days = parts.filter((p) => !TIME.test(p));
  const examples = { choice: [`--${option} 18:00`, `--${option} "yesterday 18:00"`, `--${option} "2026-11-23 18:00"`] };
  if (times.length !== 1 || days.length > 1) throw new UsageError(words(M.form, { option: `--${option}`, value, examples }));
  const [, hh, mm] = TIME.exec(times[0])!;
  const today = dayIn(o.zone, o.now);
  const said = days[0];
  if (said === undefined) {
    // the first such time after the start: "stop at 18:00" of a timer forgotten since yesterday morning is yesterday's.
    // One that would be the next day and has not come yet is a slip (06:00 for a timer started at 06:21): taken on the
    // start's day, so the refusal says it is before the start rather than log until tomorrow
    const startDay = dayIn(o.zone, o.after);
    const first = atIn(o.zone, startDay, Number(hh), Number(mm));
    if (first >= o.after) return first;
    const next = atIn(o.zone, addDays(startDay, 1), Number(hh), Number(mm));
    return next <= o.now ? next : first;
  }
  const day = said === 'today' ? today : said === 'yesterday' ? addDays(today, -1) : said;
  if (!isValidDate(day))
    throw new UsageError(
      words(M.notADay, { option: `--${option}`, said, examples, forms: { choice: ['today', 'yesterday', 'YYYY-MM-DD'] } }),
    );
  return atIn(o.zone, day, Number(hh), Number(mm));
}
