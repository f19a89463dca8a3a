/**
 * One log of a timesheet under review (./TimesheetReview.tsx): its day, job, description, own state and hours, and,
 * while the timesheet waits for a decision, the box that approves it (unticked: rejected). A day the service wrote in
 * a form that cannot be read ("31-Foo-2026": real services send odd things; the wire keeps such a log apart, and the
 * review draws it last with its date as it came) is said in a plain sentence, and the row stays decidable: formatted,
 * it threw, and the manager lost the screen.
 */
import type { TimeLog } from '../../../../shared/domain';
import { defineMessages } from '../../../../shared/i18n/messages';
import { isValidDate } from '../../../../shared/time/week';
import { useWording } from '../../i18n/I18n';

const M = defineMessages({
  logState: {
    id: 'team.review.log-state',
    defaultMessage: '{state, select, approved {Approved} rejected {Rejected} pending {Waiting} draft {Not submitted} other {{state}}}',
    description: "A time log's own approval state, under its job (pending: not decided yet).",
  },
  oddDate: {
    id: 'team.review.odd-date-said',
    defaultMessage:
      '{given, select, yes {The service sent a date Punchcard cannot read: {raw}} other {The service sent this log without a date.}}',
    description:
      'In a log\'s day cell when the service wrote its date in no known form; {raw}: the date as it came (e.g. "31-Foo-2026"), kept as is.',
  },
  approveLog: {
    id: 'team.review.approve-log',
    defaultMessage: 'Approve {hours} on {job}, {day}',
    description: "Screen reader name of a log's checkbox: {hours} as HH:MM, {job} the job's name, {day} its date.",
  },
});

export function ReviewLogRow({
  log: l,
  decidable,
  approved,
  onChange,
}: {
  log: TimeLog;
  decidable: boolean;
  approved: boolean;
  onChange: (on: boolean) => void;
}) {
  const w = useWording();
  // a day the service wrote oddly is shown as it came, with a note, rather than formatted (which would throw)
  const day = isValidDate(l.workDate) ? w.formats.day(l.workDate) : null;
  return (
    <tr>
      {decidable && (
        <td>
          <input
            type="checkbox"
            checked={approved}
            aria-label={w.say(M.approveLog, { hours: l.hours, job: l.jobName, day: day ?? l.workDate })}
            onChange={(e) => onChange(e.target.checked)}
          />
        </td>
      )}
      {day ? (
        <td className="nowrap">{day}</td>
      ) : (
        <td data-testid="odd-date" className="odd-date">
          {/* the date as it came, isolated (U+2068 ... U+2069): right to left, "31-Foo-2026" was drawn "Foo-2026-31" */}
          {w.say(M.oddDate, { given: l.workDate.trim() ? 'yes' : 'no', raw: `\u2068${l.workDate}\u2069` })}
        </td>
      )}
      <td>
        <span translate="no">{l.jobName}</span>
        {l.description && (
          <span className="muted small block" translate="no">
            {l.description}
          </span>
        )}
        {l.approvalStatus && (!decidable || l.approvalStatus === 'approved') && (
          <span className={`log-state log-state-${l.approvalStatus} block`}>{w.say(M.logState, { state: l.approvalStatus })}</span>
        )}
      </td>
      <td className="num mono">{l.hours}</td>
    </tr>
  );
}
