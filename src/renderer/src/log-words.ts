/**
 * The words of a log's fields and buttons, said alike by every form that makes or changes a log (Track's form, the
 * week's open day, the running timer, the outbox's Fix): one label per field in every language.
 */
import { defineMessages } from '../../shared/i18n/messages';

export const LOG_WORDS = defineMessages({
  job: { id: 'track.field.job', defaultMessage: 'Job', description: 'Label of the job field (what the hours are logged against).' },
  description: { id: 'track.field.description', defaultMessage: 'Description', description: 'Label: what the work was.' },
  descriptionPlaceholder: {
    id: 'track.field.description.placeholder',
    defaultMessage: 'What are you working on?',
    description: 'Placeholder of the description field of Track’s form and of the running timer.',
  },
  workItem: {
    id: 'track.field.work-item',
    defaultMessage: 'Work item',
    description: 'Label: a work item (a task or ticket reference) the service keeps with the log.',
  },
  optional: { id: 'track.field.optional', defaultMessage: 'Optional', description: 'Placeholder of a field that may stay empty.' },
  billable: { id: 'track.field.billable', defaultMessage: 'Billable', description: 'Checkbox: the hours are billed to the client.' },
  logButton: {
    id: 'track.log-button',
    defaultMessage:
      '{day, select, yesterday {{hasHours, select, yes {Log {hours} yesterday} other {Log time yesterday}}} other {{hasHours, select, yes {Log {hours}} other {Log time}}}}',
    description:
      'The button that logs typed hours. {hours}: HH:MM such as 01:30 (hasHours: no while what was typed cannot be read). day: yesterday when the log is for yesterday.',
  },
  logging: { id: 'track.logging', defaultMessage: 'Logging...', description: 'The log button while the log is being saved.' },
  cancel: { id: 'track.cancel', defaultMessage: 'Cancel', description: 'Button: close the form without saving.' },
  keepIt: { id: 'track.keep-it', defaultMessage: 'Keep it', description: 'Button of a confirmation: do not delete or discard after all.' },
});
