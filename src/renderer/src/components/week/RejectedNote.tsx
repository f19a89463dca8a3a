/**
 * A log the manager rejected, in words that say what to do next (Track's Today and the week's open day). In a
 * rejected week the week's own note says "fix the logs marked, then resubmit". In a week that still waits for
 * approval (the manager rejected this log and has not decided on the others), nothing can be changed yet: the service
 * refuses changes to a pending week, so the next step is to wait for the rest of the decision or ask for the week back.
 * The manager's comment is quoted as written, in the manager's language, in a <bdi>: an English comment inside
 * Arabic words would otherwise pull the quote marks and the full stop into its own direction and read out of order.
 * A log changed since the rejection says it is fixed and that the week's resubmit is what is left, and still that it
 * is rejected: the service holds it so until then.
 */
import type { ApprovalStatus } from '../../../../shared/domain';
import { defineMessages } from '../../../../shared/i18n/messages';
import { FormattedMessage } from 'react-intl';

const M = defineMessages({
  rejected: {
    id: 'week.rejected-log',
    defaultMessage:
      '{pending, select, yes {{hasComment, select, yes {Rejected by your manager: "{comment}".} other {Rejected by your manager.}} The rest of the week still waits for approval: fix this log and resubmit when the week comes back to you, or ask your manager to send it back now.} other {{hasComment, select, yes {Rejected by your manager: "{comment}".} other {Rejected by your manager.}} Fix this log, then resubmit the week.}}',
    description:
      'Beside a time log the manager rejected. {comment}: the manager’s comment, as written. pending: yes when the rest of the week still waits for the manager’s decision.',
  },
  fixed: {
    id: 'week.rejected-log.fixed',
    defaultMessage:
      '{hasComment, select, yes {Fixed since your manager rejected it ("{comment}"): resubmit the week to send it for approval.} other {Fixed since your manager rejected it: resubmit the week to send it for approval.}} Until then it stays rejected.',
    description:
      'Beside a time log the manager rejected and the user has changed since. {comment}: the manager’s comment, as written. The service still holds the log as rejected until the week is resubmitted.',
  },
});

export function RejectedNote({
  weekStatus,
  comment,
  fixed,
  as: Tag = 'p',
  className,
}: {
  weekStatus?: ApprovalStatus;
  comment?: string;
  /** Changed since the rejection (LocalTimeLog `fixed`): what is left is the week's resubmit. */
  fixed?: boolean;
  as?: 'p' | 'span';
  className: string;
}) {
  const said = comment?.trim() ?? '';
  const pending = weekStatus === 'pending';
  // a pending week cannot be changed, so "fixed" only says something while the week is open to the user
  const done = fixed === true && !pending;
  return (
    <Tag className={done ? `${className} rejected-note-fixed` : className} data-fixed={done ? '' : undefined}>
      <span aria-hidden="true">{done ? '\u2713' : '\u2298'} </span>
      <FormattedMessage
        {...(done ? M.fixed : M.rejected)}
        values={{ pending: pending ? 'yes' : 'no', hasComment: said ? 'yes' : 'no', comment: <bdi>{said}</bdi> }}
      />
    </Tag>
  );
}
