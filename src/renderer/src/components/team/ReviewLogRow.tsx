/**
 * One log of a timesheet under review (./TimesheetReview.tsx): its day, job, description, own state and hours, and,
 * while the timesheet waits for a decision, the box that approves it (unticked: rejected). A day the service wrote in
 * a form that cannot be read ("31-Foo-2026": real services send odd things) is shown as it came, with a note, and the
 * row stays decidable: formatted, it threw, and the manager lost the screen.
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
    id: 'team.review.odd-date',
    defaultMessage: 'The service sent this date in a form Punchcard cannot read.',
    description: 'Under a log\'s date as the service sent it (e.g. "31-Foo-2026"), shown as it came.',
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
        <td data-testid="odd-date">
          <span translate="no">{l.workDate}</span>
          <span className="muted small block">{w.say(M.oddDate)}</span>
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
