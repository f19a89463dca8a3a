/** The Week tab's own words (WeekScreen): its navigation, its state, its notes and its totals. */
import { defineMessages } from '../../../../shared/i18n/messages';

export const WEEK_WORDS = defineMessages({
  pendingWithRejections: {
    id: 'week.pending-with-rejections',
    defaultMessage:
      'Your manager rejected {count, plural, one {# log} other {# logs}} of this week (marked \u2298) and has not decided on the rest yet. Nothing can change while it waits: fix {count, plural, one {it} other {them}} and resubmit when the week comes back to you, or ask your manager to send it back now.',
    description: 'A week that waits for approval while the manager already rejected some of its logs. ⊘ is the mark beside those logs.',
  },
  locked: {
    id: 'week.locked',
    defaultMessage:
      '{status, select, pending {This week waits for approval, so its logs are read-only (the service refuses changes to pending logs).} approved {This week is approved, so its logs are read-only.} other {This week is locked by the company and cannot be changed.}}',
    description: 'Why the week’s logs cannot be changed, after “Read-only.”',
  },
  unattached: {
    id: 'week.delete.unattached',
    defaultMessage: 'Its logs stay in the week, in no timesheet, ready to submit again.',
    description: 'Said before deleting the week’s timesheet.',
  },
  nav: { id: 'week.nav', defaultMessage: 'Week', description: 'Screen reader name of the week’s navigation buttons.' },
  previous: { id: 'week.previous', defaultMessage: 'Previous week' },
  next: { id: 'week.next', defaultMessage: 'Next week' },
  thisWeek: { id: 'week.this-week', defaultMessage: 'This week', description: 'Button: go back to the current week.' },
  refresh: { id: 'week.refresh', defaultMessage: 'Refresh week from the service', description: 'Screen reader name of the ↻ button.' },
  refreshTitle: { id: 'week.refresh.title', defaultMessage: 'Refresh from the service', description: 'Tooltip of the ↻ button.' },
  notFresh: {
    id: 'week.not-fresh',
    defaultMessage: 'From this computer only: the service cannot be reached.',
    description: 'Beside the week’s state when the service could not be read.',
  },
  rejectedName: {
    id: 'week.rejected.name',
    defaultMessage: 'Rejected by your manager',
    description: 'Screen reader name of the box with the manager’s comment on a rejected week.',
  },
  rejectedTitle: { id: 'week.rejected.title', defaultMessage: 'Rejected by your manager.' },
  rejectedFix: {
    id: 'week.rejected.fix',
    defaultMessage: 'Fix the logs marked {mark}, then resubmit the week.',
    description: '{mark}: the sign beside a rejected log (⊘).',
  },
  rejectedFixed: {
    id: 'week.rejected.fixed',
    defaultMessage:
      '{left, plural, =0 {Every rejected log is fixed (marked {done}): resubmit the week to send it for approval. Until then the service holds them as rejected.} one {# log marked {mark} is left to fix, then resubmit the week.} other {# logs marked {mark} are left to fix, then resubmit the week.}}',
    description:
      'In a rejected week where the user has changed some rejected logs since: {left} how many are still to fix. {mark}: the sign of a rejected log (⊘); {done}: the sign of a fixed one (✓).',
  },
  readOnly: { id: 'week.read-only', defaultMessage: 'Read-only.', description: 'Before the reason the week cannot be changed.' },
  loading: { id: 'week.loading', defaultMessage: 'Loading the week...' },
  emptyTitle: { id: 'week.empty.title', defaultMessage: 'Nothing logged this week.' },
  emptyHint: { id: 'week.empty.hint', defaultMessage: 'Add a row for a job below, or log time on the Track tab.' },
  billable: { id: 'week.total.billable', defaultMessage: 'Billable {hours}', description: 'The week’s billable total; {hours}: HH:MM.' },
  nonBillable: {
    id: 'week.total.non-billable',
    defaultMessage: 'Non-billable {hours}',
    description: 'The week’s non-billable total; {hours}: HH:MM.',
  },
  legend: {
    id: 'week.legend',
    defaultMessage:
      '{icon} {state, select, queued {queued} sending {sending} attention {needs attention} fixed {fixed, to resubmit} other {rejected}}',
    description:
      'The key under the grid: what each sign in a cell means. {icon}: the sign. fixed: a rejected log changed since, the week still to resubmit.',
  },
  addRow: {
    id: 'week.add-row',
    defaultMessage: 'Add a row for a job',
    description: 'Button and field label: add a row to the grid for a job.',
  },
});
