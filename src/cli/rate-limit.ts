/**
 * The service's "too many requests" pause (AppStatus.rateLimited, shared by every Punchcard process on the data
 * directory) in the user's words: until when, by the clock on the wall.
 */
import type { AppStatus } from '../shared/domain';
import { sayIt } from '../shared/i18n/said';
import { defineMessages, type Wording } from '../shared/i18n/messages';
import { englishWording } from '../shared/i18n/english';
import { timeOfDayWords } from './words';

const M = defineMessages({
  wait: {
    id: 'cli.rate-limit.wait',
    defaultMessage: 'The service asked Punchcard to wait until {until} (too many requests): nothing is sent before then ({what}).',
    description: '{until}: a clock time, with its day when not today; {what}: what waits, e.g. "sending a new log".',
  },
});

/** The clock time in the user's zone (./words.ts), as the region writes it; with the day when the pause ends on another day. */
export function clockWords(at: number, now = Date.now(), w: Wording = englishWording()): string {
  return timeOfDayWords(w, at, now);
}

/** "The service asked Punchcard to wait until 14:05 (too many requests) ..." or undefined when no pause is in force. */
export async function rateLimitWords(
  status: Pick<AppStatus, 'rateLimited'>,
  w: Wording = englishWording(),
  now = Date.now(),
): Promise<string | undefined> {
  const r = status.rateLimited;
  if (!r || r.until <= now) return undefined;
  // The endpoints' words are the core's. Imported here, when a pause is in force (the core is open by then), not by
  // punch's start: `--help` never loads the core (test/integration/cli-loads.test.ts).
  const { doingSaid, doingWords } = await import('../core');
  // what waits, in words ("sending a new log"), never the endpoints' names
  const what = w.formats.list([...new Set(r.endpoints.map((e) => sayIt(w, doingSaid(e).said, doingWords(e))))]);
  return w.say(M.wait, { until: clockWords(r.until, now, w), what });
}
