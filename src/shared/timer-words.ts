/**
 * The sentences that say what a stop of the timer logged, one function per message from values (job, hours, days),
 * shared by the core (a switch's answer), `punch` and the renderer (the stop notice), so a stop reads the same
 * everywhere and each sentence can later become a message code plus values (issue 24). Pure: the renderer uses it.
 */
import { durationWords, plainDate } from './words';

export interface LoggedPart {
  hours: string;
  workDate: string;
}

/** "00:02 on Fri 27 Nov", "01:10 on Thu 26 Nov and 00:20 on Fri 27 Nov". */
export function loggedDaysWords(parts: LoggedPart[]): string {
  const each = parts.map((p) => `${p.hours} on ${plainDate(p.workDate)}`);
  return each.length < 2 ? (each[0] ?? '') : `${each.slice(0, -1).join(', ')} and ${each.at(-1)}`;
}

/** Where the logs went, said after them: waiting in the outbox, or on the service. */
export function whereWords(state: 'synced' | 'queued'): string {
  return state === 'queued' ? 'Queued - will sync when online.' : 'Synced.';
}

/**
 * The stop notice: "Logged 00:01 on Job 2, Fri 27 Nov. Synced." (over days: "Logged 01:10 on Job 2, Thu 26 Nov and
 * 00:20 on Fri 27 Nov."). `ran`: how long the timer ran, when it adds something ("timer ran 59 s").
 */
export function stopNoticeWords(jobName: string, parts: LoggedPart[], ran?: string): string {
  const [first, ...rest] = parts;
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
