/** The words of the running timer's card on Track (TimerControls.tsx) and of what a stop said (StopOutcome.tsx). */
import { defineMessages } from '../../../../shared/i18n/messages';

export const TIMER_CARD_WORDS = defineMessages({
  title: { id: 'timer.title', defaultMessage: 'Timer running', description: 'Heading of the running timer’s card on Track.' },
  noJob: { id: 'timer.no-job', defaultMessage: 'Timer', description: 'The running timer’s name when it has no job name.' },
  started: { id: 'timer.started', defaultMessage: 'Started {at}', description: '{at}: a clock time (and its day when not today).' },
  logTo: {
    id: 'timer.log-to',
    defaultMessage: 'Its time goes to {day}: this week is submitted or approved.',
    description: 'Under the running timer when today’s week is locked and its time goes to another day. {day}: "Fri 13 Nov".',
  },
  elapsed: { id: 'timer.elapsed', defaultMessage: 'Elapsed {elapsed}', description: 'Screen readers: {elapsed} is 01:07:42.' },
  rounded: {
    id: 'timer.rounded',
    defaultMessage: '{rounded} will be logged ({rule})',
    description: 'Beside the elapsed time: {rounded} is the HH:MM that will be logged; {rule} the rounding rule ("nearest 15 minutes").',
  },
  discard: { id: 'timer.discard', defaultMessage: 'Discard', description: 'Button: drop the running timer without logging.' },
  stop: { id: 'timer.stop', defaultMessage: 'Stop', description: 'Button: stop the timer and log its time.' },
  discardTitle: { id: 'timer.discard.title', defaultMessage: 'Discard this timer?' },
  keepRunning: { id: 'timer.keep-running', defaultMessage: 'Keep running', description: 'Button: close the question, the timer runs on.' },
  discardConfirm: {
    id: 'timer.discard.confirm',
    defaultMessage: 'Discard {elapsed}',
    description: 'The red button; {elapsed} is 01:07:42.',
  },
  discardText: {
    id: 'timer.discard.text',
    defaultMessage: 'The {elapsed} on {job} will not be logged. This cannot be undone.',
    description: '{elapsed}: 01:07:42; {job}: the job’s name.',
  },
  dismiss: { id: 'timer.notice.dismiss', defaultMessage: 'Dismiss', description: 'Screen reader name of the × beside what a stop logged.' },
  cappedTitle: { id: 'timer.capped.title', defaultMessage: 'More than the company allows in a day' },
  cappedLog: {
    id: 'timer.capped.log',
    defaultMessage: 'Log the capped time',
    description: 'Button: log the time cut to the day’s maximum.',
  },
  cappedText: {
    id: 'timer.capped.text',
    defaultMessage: 'The timer ran {rounded} after rounding. Logging caps it to what the day still allows; fix the rest by hand if needed.',
    description: '{rounded}: HH:MM.',
  },
});

/** Said by the timer's bar on the other tabs too. */
export const TIMER_WORDS = { noJob: TIMER_CARD_WORDS.noJob, stop: TIMER_CARD_WORDS.stop, keepRunning: TIMER_CARD_WORDS.keepRunning };
