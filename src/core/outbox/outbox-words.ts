/**
 * What the outbox says to people, one function per message from values (an entry, a log's hours, job and day, a
 * wait), each a code and values with its English beside it (src/shared/i18n/said.ts): the entries' messages and
 * attempts (kept in the journal with their code), the sync's notices, and the resolutions' refusals (what a damaged
 * outbox file held is the journal's: ../journal/words.ts). Choices are named by their buttons' words (`It is there`, `Send again`): the same messages as
 * the Outbox screen's buttons, so a translation names them the same.
 */
import { defineMessages } from '../../shared/i18n/messages';
import { said } from '../../shared/i18n/english';
import type { Said, SaidValue, Words } from '../../shared/i18n/said';

const M = defineMessages({
  ambiguousAdd: {
    id: 'core.outbox.ambiguous-add',
    defaultMessage:
      "The service may or may not have recorded this entry (the connection dropped after it was sent). Check it in the service, then choose 'It is there' or 'Send again'.",
    description: "'It is there' and 'Send again' are the Outbox screen's buttons: translate them as the buttons are.",
  },
  ambiguousChange: {
    id: 'core.outbox.ambiguous-change',
    defaultMessage:
      "The service may or may not have applied this change (the connection dropped after it was sent). Check it in the service, then choose 'It is there' or 'Send again'.",
  },
  ambiguousNoList: {
    id: 'core.outbox.ambiguous-no-list',
    defaultMessage:
      "The service may or may not have recorded this entry: the connection dropped after it was sent, and this service offers no list of time logs to check. {found} Check the service: if the entry is there, choose 'It is there'; if not, 'Send again'. Sending again makes a second copy if it is there after all.",
    description: '{found}: what Punchcard looked at and found (a sentence of its own).',
  },
  noTimesheet: {
    id: 'core.outbox.no-timesheet',
    defaultMessage: 'No timesheet of yours covers {day} yet, so Punchcard had nowhere to look for it.',
  },
  notInTimesheets: {
    id: 'core.outbox.not-in-timesheets',
    defaultMessage:
      "Punchcard looked in the week's {count, plural, one {timesheet} other {timesheets}} {names} and did not find it, but a new log shows in a timesheet only once a timesheet is created or submitted again over its day, so that does not prove it is missing.",
    description: "{names}: the timesheets' names, quoted.",
  },
  found: { id: 'core.outbox.found', defaultMessage: 'Found on the service.' },
  foundInDeleted: { id: 'core.outbox.found-in-deleted', defaultMessage: 'Found on the service (in a timesheet being deleted).' },
  foundBeforeResend: {
    id: 'core.outbox.found-before-resend',
    defaultMessage: 'Found on the service just before sending it again: not sent again.',
  },
  markedRecorded: { id: 'core.outbox.marked-recorded', defaultMessage: 'Marked as recorded by the user.' },
  cannotCheck: {
    id: 'core.outbox.cannot-check',
    defaultMessage: 'Could not check the service yet: {why}',
    description: '{why}: why (a sentence of its own).',
  },
  absent: {
    id: 'core.outbox.absent',
    defaultMessage:
      '{kind, select, add {Not found on the service} edit {Not applied on the service} other {Still on the service}}: sending it again {when, select, now {now} other {{wait}}}{resend, plural, =0 {} other { (re-send #)}}.',
    description: '{wait}: when, relative to now ("in 40 seconds"). {resend}: how many times it was sent, when more than once.',
  },
  gone: {
    id: 'core.outbox.gone',
    defaultMessage:
      'This log no longer exists in the service (deleted there?), so the change cannot be applied. Discard this entry, or log the time again.',
  },
  goneNotice: { id: 'core.outbox.gone-notice', defaultMessage: '{entry}: the log no longer exists in the service.' },
  unknownNotice: {
    id: 'core.outbox.unknown-notice',
    defaultMessage: '{entry}: the service may or may not have recorded this entry. Check it in the outbox.',
  },
  refusedNotice: {
    id: 'core.outbox.refused-notice',
    defaultMessage: '{entry}: {why}',
    description: '{entry}: a log ("01:30 on Support, Wed 18 Nov"); {why}: the refusal.',
  },
  entry: {
    id: 'core.outbox.entry',
    defaultMessage: '{hours} on {job}, {day}',
    description: "An outbox entry named by its log: {hours} HH:MM, {job} a job's name, {day} a day.",
  },
  entryNoJob: { id: 'core.outbox.entry-no-job', defaultMessage: '{hours} on a job, {day}' },
  entryById: { id: 'core.outbox.entry-by-id', defaultMessage: 'Entry {id}' },
  paused: { id: 'core.outbox.sync-paused', defaultMessage: 'Sync paused: {why}' },
  stopped: { id: 'core.outbox.sync-stopped', defaultMessage: 'Sync stopped: {why}' },
  offlineRefused: { id: 'core.outbox.offline-refused', defaultMessage: 'An entry logged offline was not sent: {why}' },
  noServiceId: {
    id: 'core.outbox.no-service-id',
    defaultMessage:
      'The service id of this log is unknown (it was marked as recorded by hand), so Punchcard cannot change it. Change it in the service, then discard this entry.',
  },
  logGone: { id: 'core.outbox.log-gone', defaultMessage: 'That log is not here any more (it may have been deleted); open its week again.' },
  entryGone: {
    id: 'core.outbox.entry-gone',
    defaultMessage: 'Entry {id} is not in the outbox any more (it may have been sent or discarded meanwhile).',
  },
  notOffered: {
    id: 'core.outbox.not-offered',
    defaultMessage:
      'Entry {id} cannot be {choice, select, retry {sent again} markRecorded {marked as recorded} discard {discarded} other {fixed}}: {state, select, synced {it has already reached the service} sending {it is being sent right now} queued {it is still waiting to be sent} other {it does not offer that choice}}. {hasChoices, select, yes {Choose {choices}.} other {Open the outbox (or run {command}) to see where it is.}}',
    description: '{choices}: the choices it offers, by their buttons\' names, joined with "or". {command}: punch outbox.',
  },
  choiceRetry: { id: 'core.outbox.choice.retry', defaultMessage: 'Retry', description: 'A choice in the outbox (its button).' },
  choiceFix: { id: 'core.outbox.choice.fix', defaultMessage: 'Fix' },
  choiceDiscard: { id: 'core.outbox.choice.discard', defaultMessage: 'Discard' },
  choiceThere: { id: 'core.outbox.choice.mark-recorded', defaultMessage: 'It is there' },
  discardedBeforeDelete: {
    id: 'core.outbox.discarded-before-delete',
    defaultMessage:
      'You deleted this log and discarded its add, but that add may have reached the service (its answer was lost). If the log is in the service, delete it there. Then discard this entry.',
  },
  sendingNow: {
    id: 'core.outbox.sending-now',
    defaultMessage: 'This entry is being sent right now; wait for the answer, then discard it if needed.',
  },
  nothingToFix: { id: 'core.outbox.nothing-to-fix', defaultMessage: 'This entry has no log to fix any more; discard it.' },
  waitsFor: {
    id: 'core.outbox.waits-for',
    defaultMessage: 'waits for {account}: sign in to that account to send it',
    description: '{account}: an account ("maya@acme.com on people.zoho.eu").',
  },
  waitsForAnswer: {
    id: 'core.outbox.waits-for-answer',
    defaultMessage:
      "waiting for your answer: you deleted this log and the delete was not saved, so nothing of it is sent until you choose 'Delete it' or 'Keep it' in the banner (or {logAgain} or {discard})",
    description:
      "An outbox entry held by a damage report: 'Delete it' and 'Keep it' are the banner's buttons (translate them as the buttons are); {logAgain}, {discard}: commands as typed.",
  },
  closing: { id: 'core.outbox.closing', defaultMessage: 'Punchcard is closing: no new request is sent.' },
  waitsForServiceDay: {
    id: 'core.outbox.waits-for-service-day',
    defaultMessage:
      "Waiting for the service's day to begin: {known, select, yes {it is still {serviceDay} there} other {{day} has not begun there yet}} (another time zone). Punchcard sends this {kind, select, add {log} other {change}} then.",
    description:
      "An outbox entry for the user's today (or earlier) that the service refused as a future day, because its calendar is still on an earlier day (it is in another time zone): nothing is wrong with the log, it is sent again by itself. {serviceDay}, {day}: days.",
  },
});

const w = (m: { id: string }, values: Said['values'] = {}): Words => said(m.id, values);
const phrase = (m: { id: string }, values: Said['values'] = {}): Said => ({ code: m.id, values });

export type Choice = 'retry' | 'fix' | 'discard' | 'mark-recorded';
const CHOICE: Record<Choice, { id: string }> = {
  retry: M.choiceRetry,
  fix: M.choiceFix,
  discard: M.choiceDiscard,
  'mark-recorded': M.choiceThere,
};

export const outboxWords = {
  ambiguousAdd: () => w(M.ambiguousAdd),
  ambiguousChange: () => w(M.ambiguousChange),
  /** `found`: what Punchcard looked at and found. */
  ambiguousNoList: (found: Words) => w(M.ambiguousNoList, { found: { said: { code: found.code, values: found.values } } }),
  noTimesheet: (day: string) => w(M.noTimesheet, { day: { day } }),
  notInTimesheets: (names: string[]) => w(M.notInTimesheets, { count: names.length, names: { list: names.map((n) => `"${n}"`) } }),
  found: () => w(M.found),
  foundInDeleted: () => w(M.foundInDeleted),
  foundBeforeResend: () => w(M.foundBeforeResend),
  markedRecorded: () => w(M.markedRecorded),
  cannotCheck: (why: SaidValue) => w(M.cannotCheck, { why }),
  /** `waitMs`: how long until it goes again (0: now); `resend`: the how-manieth send it will be (0: the first again). */
  absent: (kind: 'add' | 'edit' | 'delete', waitMs: number, resend: number) =>
    w(M.absent, { kind, when: waitMs > 0 ? 'later' : 'now', wait: { wait: waitMs }, resend }),
  gone: () => w(M.gone),
  goneNotice: (entry: SaidValue) => w(M.goneNotice, { entry }),
  unknownNotice: (entry: SaidValue) => w(M.unknownNotice, { entry }),
  refusedNotice: (entry: SaidValue, why: SaidValue) => w(M.refusedNotice, { entry, why }),
  /** An entry named by its log ("01:30 on Support Tickets, Wed 18 Nov"), else by its id. */
  entry: (f: { hours: string; jobName?: string; workDate: string } | undefined, id: string): SaidValue =>
    f
      ? { said: phrase(f.jobName ? M.entry : M.entryNoJob, { hours: f.hours, job: f.jobName ?? '', day: { day: f.workDate } }) }
      : { said: phrase(M.entryById, { id }) },
  paused: (why: SaidValue) => w(M.paused, { why }),
  stopped: (why: SaidValue) => w(M.stopped, { why }),
  offlineRefused: (why: SaidValue) => w(M.offlineRefused, { why }),
  noServiceId: () => w(M.noServiceId),
  logGone: () => w(M.logGone),
  entryGone: (id: string) => w(M.entryGone, { id }),
  notOffered: (id: string, choice: Choice, state: string, offered: Choice[]) =>
    w(M.notOffered, {
      id,
      choice: choice === 'mark-recorded' ? 'markRecorded' : choice,
      state: state === 'needs-attention' ? 'other' : state,
      hasChoices: offered.length ? 'yes' : 'no',
      choices: offered.length ? choicesValue(offered) : '',
      command: '`punch outbox`',
    }),
  discardedBeforeDelete: () => w(M.discardedBeforeDelete),
  sendingNow: () => w(M.sendingNow),
  nothingToFix: () => w(M.nothingToFix),
  waitsFor: (account: SaidValue) => w(M.waitsFor, { account }),
  /** `report`: the damage report that offers the delete (its id, as `punch data` takes it). */
  waitsForAnswer: (report: string) =>
    w(M.waitsForAnswer, { logAgain: `\`punch data log-again ${report}\``, discard: `\`punch data discard ${report}\`` }),
  closing: () => w(M.closing),
  /** `day`: the log's; `serviceDay`: the service's today, when its refusal said it. */
  waitsForServiceDay: (kind: 'add' | 'edit' | 'delete', day: string, serviceDay?: string) =>
    w(M.waitsForServiceDay, {
      known: serviceDay ? 'yes' : 'no',
      serviceDay: serviceDay ? { day: serviceDay } : '',
      day: { day },
      kind: kind === 'add' ? 'add' : 'other',
    }),
};

/** The choices by their buttons' names, joined with "or" ("Retry, Fix or Discard"). */
const choicesValue = (offered: Choice[]): SaidValue => ({ list: offered.map((c) => phrase(CHOICE[c])), kind: 'or' });
