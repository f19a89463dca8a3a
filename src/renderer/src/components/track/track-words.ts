/**
 * The words of Track's form (Composer), of the job field it shares with the week and the outbox (JobPicker), and of the
 * week's forms that add time to a day and change a log (LogForm).
 */
import { defineMessages } from '../../../../shared/i18n/messages';

export const COMPOSER_WORDS = defineMessages({
  name: { id: 'track.composer.name', defaultMessage: 'Log or time your work', description: 'Screen reader name of Track’s form.' },
  more: {
    id: 'track.composer.more',
    defaultMessage: 'Work item and billing',
    description: 'A fold of Track’s form that opens the work item field and the billable box.',
  },
  weekLocked: {
    id: 'track.composer.week-locked',
    defaultMessage: 'This week is submitted or approved, so the timer cannot log to today: Start asks which open day its time goes to.',
    description: 'Under Track’s form when today’s week is locked. "Start" is the button Start timer.',
  },
  chooseJob: { id: 'track.composer.choose-job', defaultMessage: 'Choose a job first.', description: 'Beside the disabled start button.' },
  start: {
    id: 'track.composer.start',
    defaultMessage: '{running, select, yes {Switch timer} other {Start timer}}',
    description: 'The main button of Track’s form with no hours typed: starts the timer (switches it while one runs).',
  },
});

export const JOB_PICKER_WORDS = defineMessages({
  showCompleted: { id: 'track.jobs.show-completed', defaultMessage: 'Show completed jobs', description: 'Checkbox above the job field.' },
  placeholder: {
    id: 'track.jobs.placeholder',
    defaultMessage:
      '{state, select, loaded {Type a job, project or client} typeName {Type the job name} noList {No job list yet} other {Loading jobs...}}',
    description:
      'Placeholder of the job field. loaded: the job list is there; typeName: no job list (offline on a first start), a name may be typed; noList: no job list; other: it is being read.',
  },
  favourite: {
    id: 'track.jobs.favourite',
    defaultMessage: '{chosen, select, yes {Favourite {job}} other {Favourite (choose a job first)}}',
    description: 'Screen reader name of the star button beside the job field.',
  },
  favouriteTitle: {
    id: 'track.jobs.favourite.title',
    defaultMessage: '{state, select, on {Remove from favourites} off {Add to favourites} other {Choose a job first}}',
    description: 'Tooltip of the star button beside the job field.',
  },
  suggestions: {
    id: 'track.jobs.suggestions',
    defaultMessage: '{label} suggestions',
    description: 'Screen reader name of the list under the job field; {label} is the field’s label ("Job").',
  },
  typed: {
    id: 'track.jobs.as-typed',
    defaultMessage: 'as typed: the service matches the name',
    description: 'Under a job name typed by hand (no job list): the service finds the job by that name.',
  },
  completed: { id: 'track.jobs.completed', defaultMessage: 'completed', description: 'Tag on a job that is completed.' },
  recent: { id: 'track.jobs.recent', defaultMessage: 'recent', description: 'Tag on a job used recently.' },
  toggleFavourite: {
    id: 'track.jobs.toggle-favourite',
    defaultMessage: '{favourite, select, yes {Remove {job} from favourites} other {Add {job} to favourites}}',
    description: 'Screen reader name of the star on a job in the list.',
  },
  empty: {
    id: 'track.jobs.empty',
    defaultMessage:
      '{state, select, typeName {No job list yet: type the job name.} noList {No job list yet.} loading {Loading jobs...} noJobs {No jobs yet. Check your account in Settings.} other {No job matches "{query}".}}',
    description:
      'The job list when nothing is shown. typeName: no job list, a name may be typed; noList: no job list; loading: being read; noJobs: the account has no jobs; other: nothing matches what was typed ({query}).',
  },
  reload: { id: 'track.jobs.reload', defaultMessage: 'Reload jobs', description: 'Link after an error reading the job list.' },
});

/** The week's forms that add time to a job on a day and change or delete a log (LogForm.tsx). */
export const LOG_FORM_WORDS = defineMessages({
  addName: {
    id: 'week.add.name',
    defaultMessage: 'Add time to {job}, {day}',
    description: 'Screen reader name of the form that adds time to a job on a day of the week. {day}: "Wed 18 Nov".',
  },
  editName: {
    id: 'week.edit.name',
    defaultMessage: 'Edit {hours} on {job}',
    description: 'Screen reader name of the form that changes a log. {hours}: HH:MM.',
  },
  deleteOpen: { id: 'week.edit.delete', defaultMessage: 'Delete log...', description: 'Button that asks before deleting the log.' },
  saving: { id: 'week.edit.saving', defaultMessage: 'Saving...' },
  save: { id: 'week.edit.save', defaultMessage: 'Save changes' },
  deleteTitle: { id: 'week.delete.title', defaultMessage: 'Delete this log?' },
  deleteConfirm: { id: 'week.delete.confirm', defaultMessage: 'Delete {hours}', description: 'The red button. {hours}: HH:MM.' },
  deleteText: {
    id: 'week.delete.text',
    defaultMessage: '{hours} on {job}, {day}, is deleted here and on the service. This cannot be undone.',
    description: '{hours}: HH:MM; {job}: the job’s name; {day}: "Wed 18 Nov".',
  },
});
