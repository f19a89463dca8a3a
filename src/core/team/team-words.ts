/**
 * What the team's calls say to people (a manager's decisions, the pace of "Approve N", the employee records), one
 * function per message from values (a name, a wait, a count), each a code and values with its English beside it
 * (src/shared/i18n/said.ts). No endpoint names, service codes or HTTP statuses.
 */
import { defineMessages } from '../../shared/i18n/messages';
import { said } from '../../shared/i18n/english';
import type { Said, SaidValue, Words } from '../../shared/i18n/said';

const M = defineMessages({
  own: {
    id: 'core.team.own-timesheet',
    defaultMessage: 'This is your own timesheet: nobody approves or rejects their own. Your manager decides it.',
  },
  mayNotDecide: {
    id: 'core.team.may-not-decide',
    defaultMessage:
      "You may not approve or reject {name, select, none {the employee's} other {{name}'s}} timesheet: only their manager or an HR admin can.",
    description: '{name}: the employee\'s name, or "none".',
  },
  mayNotSee: {
    id: 'core.team.may-not-see',
    defaultMessage:
      "You may not see {name, select, none {these} other {{name}'s}} timesheets: only the employee, their manager or an HR admin can.",
  },
  signIn: {
    id: 'core.team.sign-in-again',
    defaultMessage: 'The service no longer accepts your sign-in. Sign in again (Settings, Account), then try again.',
  },
  notFound: {
    id: 'core.team.timesheet-not-found',
    defaultMessage: 'Timesheet not found: there is no timesheet with that number (it may have been deleted).',
  },
  noLongerWaits: {
    id: 'core.team.no-longer-waits',
    defaultMessage: 'It no longer waits for approval: it was decided or taken back meanwhile. Refresh the list.',
  },
  refused: {
    id: 'core.team.refused',
    defaultMessage: 'The service refused the decision: {why}',
    description: '{why}: why, as the service said it (its own words) or as Punchcard words it.',
  },
  noReason: { id: 'core.team.no-reason', defaultMessage: 'it gave no reason.' },
  paced: {
    id: 'core.team.paced',
    defaultMessage: 'Not sent: the service takes only so many decisions a minute. Try again in {seconds, plural, other {# s}}.',
  },
  stoppedBefore: { id: 'core.team.stopped-before', defaultMessage: 'Not sent: stopped before it was sent.' },
  stoppedInFlight: {
    id: 'core.team.stopped-in-flight',
    defaultMessage: 'Stopped before the service answered: it may have recorded the decision. Refresh the list to see.',
  },
  notSent: {
    id: 'core.team.not-sent',
    defaultMessage: 'Not sent: {why}. Try again when the service can be reached.',
    description: '{why}: why the service could not be reached ("no network").',
  },
  noAnswer: {
    id: 'core.team.no-answer',
    defaultMessage: 'No answer from the service ({why}): it may have recorded the decision. Refresh the list to see.',
  },
  serverNothing: {
    id: 'core.team.server-nothing',
    defaultMessage: 'The service failed on its side; nothing was recorded. Try again later.',
  },
  serverMaybe: {
    id: 'core.team.server-maybe',
    defaultMessage: 'The service failed on its side: it may have recorded the decision. Refresh the list to see.',
  },
  unexpected: {
    id: 'core.team.unexpected',
    defaultMessage: 'The service answered something unexpected: refresh the list to see whether it was recorded.',
  },
  couldNot: { id: 'core.team.could-not', defaultMessage: 'It could not be decided; try again.' },
  estimate: {
    id: 'core.team.estimate',
    defaultMessage:
      'This takes {how, select, few {a few seconds} seconds {about {amount, plural, other {# seconds}}} other {about {amount, plural, one {# minute} other {# minutes}}}}{paced, select, yes {: the service takes about {limit, plural, one {# decision} other {# decisions}} {window, select, minute {a minute} minutes {every {per} minutes} second {a second} other {every {per} seconds}}} other {}}.',
    description:
      'How long deciding several timesheets takes, and why (the service’s pace). {amount}: seconds or minutes; {limit}: decisions per window; {per}: the window’s length.',
  },
  badRange: {
    id: 'core.team.bad-range',
    defaultMessage: 'To: {to} is before {from}. Choose an end date on or after the start date.',
    description: '"To" is the name of the field of the end date.',
  },
  noRecord: {
    id: 'core.team.no-record',
    defaultMessage: "There is no employee record {id} (the record's number, not the employee ID). Search the employees to find it.",
  },
  undatedKept: {
    id: 'core.team.undated-kept',
    defaultMessage:
      'Not deleted: {count, plural, one {one of its logs has a date} other {# of its logs have a date}} Punchcard cannot read, and once the timesheet is gone your week could not show {count, plural, one {it} other {them}}. Ask for the dates to be fixed on the service first.',
    description: "Refusal to delete one's own timesheet while some of its logs came with an unreadable date.",
  },
  searchOne: {
    id: 'core.team.search-one',
    defaultMessage: 'Search by email or by employee ID, not both (the service searches one at a time).',
  },
});

const w = (m: { id: string }, values: Said['values'] = {}): Words => said(m.id, values);
const name = (n?: string) => n || 'none';

export const teamWords = {
  own: () => w(M.own),
  mayNotDecide: (n?: string) => w(M.mayNotDecide, { name: name(n) }),
  mayNotSee: (n?: string) => w(M.mayNotSee, { name: name(n) }),
  signIn: () => w(M.signIn),
  notFound: () => w(M.notFound),
  noLongerWaits: () => w(M.noLongerWaits),
  /** `why`: the service's own words (text), or Punchcard's (a phrase). */
  refused: (why: SaidValue) => w(M.refused, { why }),
  noReason: (): Said => ({ code: M.noReason.id, values: {} }),
  paced: (seconds: number) => w(M.paced, { seconds }),
  stoppedBefore: () => w(M.stoppedBefore),
  stoppedInFlight: () => w(M.stoppedInFlight),
  notSent: (why: SaidValue) => w(M.notSent, { why }),
  noAnswer: (why: SaidValue) => w(M.noAnswer, { why }),
  serverNothing: () => w(M.serverNothing),
  serverMaybe: () => w(M.serverMaybe),
  unexpected: () => w(M.unexpected),
  couldNot: () => w(M.couldNot),
  /** How long `ms` is in words ("a few seconds", "about 40 seconds", "about 2 minutes") and the pace, when it paces. */
  estimate: (ms: number, pace?: { limit: number; windowMs: number }) => {
    const how = ms < 10_000 ? 'few' : ms < 60_000 ? 'seconds' : 'minutes';
    const amount = how === 'seconds' ? Math.ceil(ms / 10_000) * 10 : how === 'minutes' ? Math.ceil(ms / 60_000) : 0;
    const minutes = pace !== undefined && pace.windowMs % 60_000 === 0;
    const per = pace ? (minutes ? pace.windowMs / 60_000 : Math.max(1, Math.round(pace.windowMs / 1000))) : 0;
    return w(M.estimate, {
      how,
      amount,
      paced: pace ? 'yes' : 'no',
      limit: pace?.limit ?? 0,
      window: minutes ? (per === 1 ? 'minute' : 'minutes') : per === 1 ? 'second' : 'seconds',
      per,
    });
  },
  badRange: (from: string, to: string) => w(M.badRange, { from: { day: from, year: true }, to: { day: to, year: true } }),
  noRecord: (id: string) => w(M.noRecord, { id }),
  searchOne: () => w(M.searchOne),
  undatedKept: (count: number) => w(M.undatedKept, { count }),
};
