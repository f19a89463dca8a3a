/** The Outbox tab's own words (OutboxScreen): its heading, each entry and what can be done about it. */
import { defineMessages } from '../../../../shared/i18n/messages';

export const OUTBOX_WORDS = defineMessages({
  title: { id: 'outbox.title', defaultMessage: 'Outbox', description: 'Heading of the Outbox tab: changes waiting to reach the service.' },
  lastSync: {
    id: 'outbox.last-sync',
    defaultMessage: '{never, select, yes {Last sync: never} other {Last sync: {at}}}',
    description: 'When this computer last synced with the service. {at}: a clock time, with its day when not today.',
  },
  syncNow: {
    id: 'outbox.sync-now',
    defaultMessage: '{syncing, select, yes {Syncing...} other {Sync now}}',
    description: 'Button: send what waits now (and its label while it runs).',
  },
  reading: { id: 'outbox.reading', defaultMessage: 'Reading the outbox...' },
  emptyTitle: { id: 'outbox.empty.title', defaultMessage: 'Nothing waiting.' },
  emptyHint: {
    id: 'outbox.empty.hint',
    defaultMessage: 'What you log while the service is out of reach waits here, and is sent by itself when it is back.',
  },
  kind: {
    id: 'outbox.kind',
    defaultMessage: '{kind, select, add {Add} edit {Edit} other {Delete}}',
    description: 'What an outbox entry does to a time log: adds it, changes it or deletes it (a tag on the entry).',
  },
  summary: {
    id: 'outbox.entry.summary',
    defaultMessage:
      '{kind, select, add {Add} edit {Edit} other {Delete}}{hasHours, select, yes { {hours}} other {}}{hasJob, select, yes { {job}} other {}}{hasDay, select, yes {, {day}} other {}}',
    description:
      'An outbox entry in a few words: "Add 01:30 Website, Wed 18 Nov" (screen readers, and the discard question). {hours}: HH:MM. {hasDay} is "no" for an old sent entry whose day is not known.',
  },
  noJob: { id: 'outbox.entry.no-job', defaultMessage: 'Time log', description: 'In place of the job’s name when the entry has none.' },
  unchecked: {
    id: 'outbox.entry.unchecked',
    defaultMessage: "Not checked against your company's rules yet (they could not be read): checked before it is sent.",
  },
  waitsForAnswer: {
    id: 'outbox.entry.waits-for-answer',
    defaultMessage:
      "Waiting for your answer: you deleted this log and the delete was not saved, so nothing of it is sent until you choose 'Delete it' or 'Keep it' in the banner above.",
    description:
      "An entry held by a damage report's offer. 'Delete it' and 'Keep it' are the banner's buttons: translate them as the buttons are.",
  },
  attempts: {
    id: 'outbox.entry.attempts',
    defaultMessage: '{count, plural, one {# attempt} other {# attempts}}{hasLast, select, yes {, last {last}} other {}}',
    description: 'How many times Punchcard tried to send the entry. {last}: when it last tried (a clock time).',
  },
  attempt: {
    id: 'outbox.entry.attempt',
    defaultMessage:
      '{outcome, select, applied {Sent} refused {Refused} retry {Not sent, tried again later} ambiguous {No answer} reconciled {Settled} other {{outcome}}}{hasMessage, select, yes {: {message}} other {}}',
    description:
      'One try to send the entry, after its time. applied: the service took it; refused: it refused it; retry: it could not be sent and was tried again; ambiguous: no answer came (it may have arrived); reconciled: found out from the service. {message}: the service’s own words.',
  },
  discard: { id: 'outbox.discard', defaultMessage: 'Discard', description: 'Button: stop sending the entry and drop it.' },
  retry: {
    id: 'outbox.retry',
    defaultMessage: '{ambiguous, select, yes {Send again} other {Retry}}',
    description: 'Button: send the entry again (Send again when it may already be on the service).',
  },
  isThere: {
    id: 'outbox.mark-recorded',
    defaultMessage: 'It is there',
    description: 'Button: the user checked the service and the entry is on it.',
  },
  isThereTitle: {
    id: 'outbox.mark-recorded.title',
    defaultMessage: 'You checked the service and this entry is there: stop trying and keep it.',
  },
  fix: { id: 'outbox.fix', defaultMessage: 'Fix', description: 'Button: change the refused entry and queue it again.' },
  discardTitle: { id: 'outbox.discard.title', defaultMessage: 'Discard this entry?' },
  discardText: {
    id: 'outbox.discard.text',
    defaultMessage:
      '{maybeSent, select, yes {{entry} may already be in the service: its answer was lost. Discarding only stops Punchcard from tracking it; if it is there, it stays there. This cannot be undone.} other {{entry} will not be sent to the service. This cannot be undone.}}',
    description:
      '{entry}: the entry in a few words ("Add 01:30 Website, Wed 18 Nov"). maybeSent: the request went out and its answer was lost.',
  },
});
