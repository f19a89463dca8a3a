/**
 * The sentences that say what a stop of the timer logged, one function per message from values (job, hours, days),
 * shared by the core (a switch's answer), `punch` and the renderer (the stop notice), so a stop reads the same
 * everywhere and each sentence can later become a message code plus values. Pure: the renderer uses it.
 */
import { durationWords, plainDate } from './words';
import { defineMessages, type Wording } from './i18n/messages';
import { sayIt, type Said, type SaidValue } from './i18n/said';

const M = defineMessages({
  onDay: { id: 'timer.logged.on-day', defaultMessage: '{hours} on {day}', description: 'Hours (HH:MM) logged on a day.' },
  loggedOnDay: { id: 'timer.logged.logged-on-day', defaultMessage: '{hours} logged on {day}' },
  queued: { id: 'timer.where.queued', defaultMessage: 'Queued - will sync when online.' },
  synced: { id: 'timer.where.synced', defaultMessage: 'Synced.' },
  nothing: { id: 'timer.stop.nothing', defaultMessage: 'Nothing was logged.' },
  stopNotice: {
    id: 'timer.notice.logged',
    defaultMessage:
      'Logged {hours} on {job}, {day}{more, select, none {} other {, and {more}}}{ran, select, none {} other { (timer ran {ran})}}.',
    description: '{more}: the other days\' hours ("00:20 on Fri 27 Nov"), or "none". {ran}: how long the timer ran, or "none".',
  },
  replacedNothing: {
    id: 'timer.notice.replaced-nothing',
    defaultMessage: 'Stopped {job}: it ran {ran}, nothing logged.{besides, select, none {} other { {besides}}}',
    description: 'A start stopped the timer before it. {besides}: what the stop said besides, or "none".',
  },
  replacedRefused: {
    id: 'timer.replaced.refused',
    defaultMessage: 'Stopped {job}: {parts}, and the service refused it: see the outbox.{besides, select, none {} other { {besides}}}',
  },
  replaced: {
    id: 'timer.notice.replaced-logged',
    defaultMessage:
      'Stopped {job}: {parts}{queued, select, yes { (queued: it will sync when online)} other {}}.{besides, select, none {} other { {besides}}}',
    description: '{parts}: the hours logged per day ("00:02 logged on Fri 27 Nov").',
  },
});

const day = (workDate: string): SaidValue => ({ day: workDate });
const onDay = (p: LoggedPart): Said => ({ code: M.onDay.id, values: { hours: p.hours, day: day(p.workDate) } });

export interface LoggedPart {
  hours: string;
  workDate: string;
}

/** "00:02 on Fri 27 Nov", "01:10 on Thu 26 Nov and 00:20 on Fri 27 Nov". */
export function loggedDaysWords(parts: LoggedPart[]): string {
  const each = parts.map((p) => `${p.hours} on ${plainDate(p.workDate)}`);
  return each.length < 2 ? (each[0] ?? '') : `${each.slice(0, -1).join(', ')} and ${each.at(-1)}`;
}

/** Where the logs went, said after them: waiting in the outbox, or on the service (in `w`'s language when given). */
export function whereWords(state: 'synced' | 'queued', w?: Wording): string {
  if (w) return w.say(state === 'queued' ? M.queued : M.synced);
  return state === 'queued' ? 'Queued - will sync when online.' : 'Synced.';
}

/**
 * The stop notice: "Logged 00:01 on Job 2, Fri 27 Nov. Synced." (over days: "Logged 01:10 on Job 2, Thu 26 Nov and
 * 00:20 on Fri 27 Nov."). `ran`: how long the timer ran, when it adds something ("timer ran 59 s").
 */
export function stopNoticeWords(jobName: string, parts: LoggedPart[], ran?: string, w?: Wording): string {
  const [first, ...rest] = parts;
  if (w) {
    if (!first) return w.say(M.nothing);
    const said: Said = {
      code: M.stopNotice.id,
      values: {
        hours: first.hours,
        job: jobName,
        day: day(first.workDate),
        more: rest.length ? { list: rest.map(onDay) } : 'none',
        ran: ran ?? 'none',
      },
    };
    return sayIt(w, said, stopNoticeWords(jobName, parts, ran));
  }
  if (!first) return 'Nothing was logged.';
  const more = rest.length ? `, and ${loggedDaysWords(rest)}` : '';
  return `Logged ${first.hours} on ${jobName}, ${plainDate(first.workDate)}${more}${ran ? ` (timer ran ${ran})` : ''}.`;
}

/** "00:02 logged on Fri 27 Nov", "02:30 logged on Tue 24 Nov and 01:00 on Wed 25 Nov". */
function loggedOnWords(parts: LoggedPart[]): string {
  const [first, ...rest] = parts;
  return `${first.hours} logged on ${plainDate(first.workDate)}${rest.length ? `${rest.length > 1 ? ',' : ' and'} ${loggedDaysWords(rest)}` : ''}`;
}

/**
 * The same as a code and values (the core words it in English with src/shared/i18n/english.ts; shells in the user's
 * language). `noticeSaid`: what the stop said besides, as a code, when it has one.
 */
export function replacedSaid(r: {
  jobName: string;
  ranMs: number;
  logged: Array<{ log: LoggedPart; state: 'synced' | 'queued' | 'needs-attention' }>;
  notice?: string;
  noticeSaid?: Said;
}): Said {
  const besides: SaidValue = r.noticeSaid ? { said: r.noticeSaid } : (r.notice ?? 'none');
  if (r.logged.length === 0) return { code: M.replacedNothing.id, values: { job: r.jobName, ran: { elapsed: r.ranMs }, besides } };
  const [first, ...rest] = r.logged.map((l) => l.log);
  const parts: SaidValue = {
    list: [{ code: M.loggedOnDay.id, values: { hours: first.hours, day: day(first.workDate) } }, ...rest.map(onDay)],
  };
  if (r.logged.some((l) => l.state === 'needs-attention'))
    return { code: M.replacedRefused.id, values: { job: r.jobName, parts, besides } };
  const queued = r.logged.some((l) => l.state === 'queued') ? 'yes' : 'no';
  return { code: M.replaced.id, values: { job: r.jobName, parts, queued, besides } };
}

/**
 * A start that stopped the timer before it: "Stopped Job 1: 00:02 logged on Fri 27 Nov." `notice`: what the stop
 * said besides (a day capped at the company's maximum).
 */
export function replacedWords(r: {
  jobName: string;
  ranMs: number;
  logged: Array<{ log: LoggedPart; state: 'synced' | 'queued' | 'needs-attention' }>;
  notice?: string;
}): string {
  const besides = r.notice ? ` ${r.notice}` : '';
  if (r.logged.length === 0) return `Stopped ${r.jobName}: it ran ${durationWords(r.ranMs)}, nothing logged.${besides}`;
  const parts = loggedOnWords(r.logged.map((l) => l.log));
  if (r.logged.some((l) => l.state === 'needs-attention'))
    return `Stopped ${r.jobName}: ${parts}, and the service refused it: see the outbox.${besides}`;
  const queued = r.logged.some((l) => l.state === 'queued');
  return `Stopped ${r.jobName}: ${parts}${queued ? ' (queued: it will sync when online)' : ''}.${besides}`;
}
