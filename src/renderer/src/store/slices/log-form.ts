/**
 * Logging by hand and editing a log: the company's rules are checked as the user types (api.checkLog), so a
 * problem shows next to its field before anything is queued (PRODUCT: a log made offline must not fail days later).
 *
 * Every finding is kept with the fields it was found for (`fieldsKey`): a form shows a violation or a refusal only
 * while its fields are still those, so a message goes the moment the value it names is changed, and a check that
 * answers after the user typed on can never show a message about a value that is no longer there.
 */
import type { LoggedState, OpInput } from '../../../../shared/contract';
import type { RuleViolation } from '../../../../shared/domain';
import { defineMessages, type MessageDescriptor } from '../../../../shared/i18n/messages';
import type { Said } from '../../../../shared/i18n/said';
import { coreOf, words, type Words } from '../../i18n/words';
import { actionRunner } from '../action';
import type { UserError } from '../errors';
import { patchSlice, type SliceCreator } from '../types';

export type LogInput = OpInput<'logTime'>;
export type EditInput = OpInput<'editLog'>;

/** Which form a line belongs to: Track's form, or the Week's open day. A line shows only at its own form. */
/**
 * Where a change was made: Track's form, the Week's open day, the Week's Copy a week, a day's Duplicate (the Undo
 * line of each of the last two is in its own panel).
 */
export type OutcomePlace = 'track' | 'week' | 'copy' | 'duplicate';

export interface LogOutcome {
  /** The form that saved it: its line is not shown at another (Track's line followed to the Week). */
  place?: OutcomePlace;
  /** Where the log was when the call answered (`needs-attention`: refused or unsure while the call waited). */
  state: LoggedState;
  /** What was logged, said by the form's line (LogOutcomeLine). */
  message: Words;
  /** The log it is about: screens show its sync state as it is now, not as it was when the answer came. */
  localId?: string;
  /** The service's words, when it refused the log during the call. */
  why?: { message: string; said?: Said };
}

export interface LogFormSlice {
  logForm: {
    violations: RuleViolation[];
    /** The fields `violations` were found for (see fieldsKey). */
    checkedKey: string | null;
    checking: boolean;
    saving: boolean;
    error: UserError | null;
    /** The fields `error` was the answer to. */
    errorKey: string | null;
    outcome: LogOutcome | null;
    /** `localId`: the log being edited (its own hours are not counted against the day: the edit replaces them). */
    check(fields: LogInput, localId?: string): Promise<RuleViolation[]>;
    /** `place`: the form logging it, whose line says what happened. */
    log(fields: LogInput, place?: OutcomePlace): Promise<boolean>;
    /** `formKey`: the key of the form's fields (fieldsKey), so a refusal shows at the fields of the form that sent it. */
    edit(fields: EditInput, formKey?: string): Promise<boolean>;
    remove(localId: string): Promise<boolean>;
    /** The user starts the next entry: the last line ("Logged 01:30 on ...") has said its piece and goes. */
    clearOutcome(): void;
    reset(): void;
  };
}

/**
 * Which fields a finding belongs to: the same content gives the same key, whatever object holds it. An edit's
 * fields carry the log's local id: the same hours are fine as an edit of a log and too many as a new one.
 */
export function fieldsKey(fields: object | null, localId?: string): string {
  if (!fields) return '';
  const all = localId ? { ...fields, localId } : fields;
  return JSON.stringify(all, Object.keys(all).sort());
}

const M = defineMessages({
  logged: {
    id: 'track.outcome.logged',
    defaultMessage: 'Logged {hours} on {job}, {day}.',
    description: 'After a log by hand. {hours}: HH:MM; {job}: the job’s name; {day}: a day such as "Wed 18 Nov".',
  },
  saved: {
    id: 'week.outcome.saved',
    defaultMessage: 'Saved {hours} on {job}, {day}.',
    description: 'After a change to a log. {hours}: HH:MM; {job}: the job’s name; {day}: a day.',
  },
  deleted: { id: 'week.outcome.deleted', defaultMessage: 'Deleted the log.' },
});

/**
 * What the form says after a save: what was logged, and the log it is about. Where the log is (synced, waiting,
 * refused) is said where it is shown, from its state at that moment (LogOutcomeLine), never as it was at the answer.
 * `why`: the service's refusal, when it refused during the call.
 */
export function describeOutcome(state: LoggedState, what: Words, localId?: string, why?: { message?: string; said?: Said }): LogOutcome {
  return { state, message: what, ...(localId ? { localId } : {}), ...(why?.message ? { why: coreOf(why) } : {}) };
}

/** "Logged 01:30 on Website, Wed 18 Nov." as kept words (the day said in the user's region). */
function loggedWords(m: MessageDescriptor, log: { hours: string; jobName: string; workDate: string }): Words {
  return words(m, { hours: log.hours, job: log.jobName, day: { day: log.workDate } });
}

export const createLogFormSlice: SliceCreator<LogFormSlice> =
  ({ api }) =>
  (set, get) => {
    const patch = (p: Partial<LogFormSlice['logForm']>) => patchSlice(set, 'logForm', p);
    const run = actionRunner(patch);
    // Checks race each other while the user types: only the latest one may set the violations.
    let checkSeq = 0;
    async function save(key: string, call: () => Promise<LogOutcome>): Promise<boolean> {
      checkSeq++;
      const answer = await run(
        {
          busy: 'saving',
          error: 'error',
          start: { outcome: null, errorKey: key },
          done: (outcome) => ({ outcome, violations: [], checkedKey: null }),
          failed: (error) => ({ violations: error.violations, checkedKey: key }),
        },
        call,
      );
      return answer.ok;
    }
    return {
      logForm: {
        violations: [],
        checkedKey: null,
        checking: false,
        saving: false,
        error: null,
        errorKey: null,
        outcome: null,
        async check(fields, localId) {
          const seq = ++checkSeq;
          const key = fieldsKey(fields, localId);
          // An input the contract refuses arrives as a failure with its violations (or none).
          const answer = await run(
            {
              busy: 'checking',
              wanted: () => seq === checkSeq,
              done: (violations) => ({ violations, checkedKey: key }),
              failed: (error) => ({ violations: error.violations, checkedKey: key }),
            },
            () => api.checkLog(localId ? { ...fields, localId } : fields),
          );
          return answer.ok ? answer.value : answer.error.violations;
        },
        log: (fields, place) =>
          save(fieldsKey(fields), async () => {
            const r = await api.logTime(fields);
            get().undo.offered(r.undoId, place ?? 'track', 'add');
            const outcome = describeOutcome(r.state, loggedWords(M.logged, r.log), r.log.localId, r.log);
            return place ? { ...outcome, place } : outcome;
          }),
        // edits and deletes are made in the Week's open day
        edit: (fields, formKey) =>
          save(formKey ?? fieldsKey(fields), async () => {
            const r = await api.editLog(fields);
            get().undo.offered(r.undoId, 'week', 'edit');
            return {
              ...describeOutcome(r.state, loggedWords(M.saved, r.log), r.log.localId, r.log),
              place: 'week' as const,
            };
          }),
        remove: (localId) =>
          save(`delete:${localId}`, async () => {
            const r = await api.deleteLog({ localId });
            get().undo.offered(r.undoId, 'week', 'delete');
            return { ...describeOutcome(r.state, words(M.deleted)), place: 'week' as const };
          }),
        clearOutcome() {
          get().undo.withdraw();
          if (get().logForm.outcome) patch({ outcome: null });
        },
        reset() {
          checkSeq++;
          const f = get().logForm;
          if (f.outcome || f.violations.length || f.error) {
            patch({ violations: [], checkedKey: null, error: null, errorKey: null, outcome: null, checking: false });
          }
        },
      },
    };
  };
