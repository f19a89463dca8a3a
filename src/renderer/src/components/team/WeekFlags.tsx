/**
 * An unusual week, said where a manager decides (src/shared/team/week-flags.ts): on a list row, what its total shows;
 * on the opened timesheet, also the working days without hours. Words first, a mark beside them (never colour alone).
 */
import { defineMessages } from '../../../../shared/i18n/messages';
import type { WeekFlag } from '../../../../shared/team/week-flags';
import { useWording } from '../../i18n/I18n';
import { flagWords } from '../../team-words';

const M = defineMessages({
  title: {
    id: 'team.flags.title',
    defaultMessage: 'Worth a look before deciding:',
    description: 'Above the list of what is unusual about a week (hours well over or under a working week, days without hours).',
  },
  label: { id: 'team.flags.label', defaultMessage: 'Worth a look before deciding', description: 'Screen reader name of that note.' },
});

export function RowFlags({ flags, thisYear }: { flags: WeekFlag[]; thisYear?: number }) {
  const w = useWording();
  if (flags.length === 0) return null;
  return (
    <span className="week-flag small" data-testid="week-flag">
      <span aria-hidden="true">{'\u26A0\uFE0E'} </span>
      {w.formats.list(flags.map((f) => flagWords(w, f, 'row', thisYear)))}
    </span>
  );
}

export function ReviewFlags({ flags, thisYear }: { flags: WeekFlag[]; thisYear?: number }) {
  const w = useWording();
  if (flags.length === 0) return null;
  return (
    <div className="callout callout-warn week-flags" role="note" aria-label={w.say(M.label)}>
      <span className="callout-icon" aria-hidden="true">
        !
      </span>
      <div className="callout-text">
        <p>{w.say(M.title)}</p>
        <ul>
          {flags.map((f) => (
            <li key={f.kind}>{flagWords(w, f, 'review', thisYear)}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
