/**
 * The week's logs whose date the service wrote in no form Punchcard reads (WeekView.undatedLogs, read by the wire
 * apart from the dated ones: src/core/service/wire/normalize-logs.ts): said above the grid, each with its job, hours
 * and date as it came, and that the days and totals leave them out, so a total that is short says why. Refused
 * whole before, the week could not be shown at all for one odd date.
 */
import type { UndatedTimeLog } from '../../../../shared/domain';
import { defineMessages } from '../../../../shared/i18n/messages';
import { parseHhmm, toHhmm } from '../../../../shared/time/hours';
import { useWording } from '../../i18n/I18n';

const M = defineMessages({
  note: {
    id: 'week.undated.note',
    defaultMessage:
      '{count, plural, one {One log of this week ({hours}) came from the service with a date Punchcard cannot read: the days and totals leave it out.} other {# logs of this week ({hours}) came from the service with a date Punchcard cannot read: the days and totals leave them out.}}',
    description: 'Above the week grid; {hours}: their hours together, HH:MM. The logs are listed under it.',
  },
  dateAsCame: {
    id: 'week.undated.date',
    defaultMessage: '{given, select, yes {date as sent: {raw}} other {no date}}',
    description: 'After the job and hours of such a log; {raw}: the date as the service wrote it (e.g. "31-Foo-2026").',
  },
});

const minutes = (hhmm: string) => {
  try {
    return parseHhmm(hhmm);
  } catch {
    return 0; // the wire read them as HH:MM: nothing else to add
  }
};

export function UndatedLogs({ logs }: { logs: readonly UndatedTimeLog[] }) {
  const w = useWording();
  if (logs.length === 0) return null;
  const hours = toHhmm(logs.reduce((sum, l) => sum + minutes(l.hours), 0));
  return (
    <div className="banner undated-logs" role="note" data-testid="undated-logs">
      <p>
        <span aria-hidden="true">{'\u26A0\uFE0E'}</span> {w.say(M.note, { count: logs.length, hours })}
      </p>
      <ul className="small">
        {logs.map((l) => (
          <li key={l.timeLogId}>
            <span translate="no">{l.jobName}</span> <span className="mono">{l.hours}</span>
            {' \u00B7 '}
            {/* the date as it came, isolated: right to left, "31-Foo-2026" would be drawn "Foo-2026-31" */}
            {w.say(M.dateAsCame, { given: l.rawWorkDate ? 'yes' : 'no', raw: `\u2068${l.rawWorkDate}\u2069` })}
          </li>
        ))}
      </ul>
    </div>
  );
}
