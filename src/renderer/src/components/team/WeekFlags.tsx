/**
 * An unusual week, said where a manager decides (src/shared/team/week-flags.ts): on a list row, what its total shows;
 * on the opened timesheet, also the working days without hours. Words first, a mark beside them (never colour alone).
 */
import type { WeekFlag } from '../../../../shared/team/week-flags';

export function RowFlags({ flags }: { flags: WeekFlag[] }) {
  if (flags.length === 0) return null;
  return (
    <span className="week-flag small" data-testid="week-flag">
      <span aria-hidden="true">{'\u26A0\uFE0E'} </span>
      {flags.map((f) => f.words).join('; ')}
    </span>
  );
}

export function ReviewFlags({ flags }: { flags: WeekFlag[] }) {
  if (flags.length === 0) return null;
  return (
    <div className="callout callout-warn week-flags" role="note" aria-label="Worth a look before deciding">
      <span className="callout-icon" aria-hidden="true">
        !
      </span>
      <div className="callout-text">
        <p>Worth a look before deciding:</p>
        <ul>
          {flags.map((f) => (
            <li key={f.kind}>{f.words.charAt(0).toUpperCase() + f.words.slice(1)}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
