/**
 * Logging by hand and editing a log: the company's rules are checked as the user types (api.checkEntry), so a
 * problem shows next to its field before anything is queued (PRODUCT: a log made offline must not fail days later).
 */
import type { LoggedState, OpInput } from '../../../shared/contract';
import type { RuleViolation } from '../../../shared/domain';
import { actionRunner } from './action';
import type { UserError } from './errors';
import type { OutcomeState } from './timer';
import { patchSlice, type SliceCreator } from './types';

export type LogInput = OpInput<'logTime'>;
export type EditInput = OpInput<'editLog'>;

export interface LogOutcome {
  /** `refused`: the service refused it while the call waited (it needs attention in the outbox). */
  state: OutcomeState;
  message: string;
}

export interface LogFormSlice {
  logForm: {
    violations: RuleViolation[];
    checking: boolean;
    saving: boolean;
    error: UserError | null;
    outcome: LogOutcome | null;
    check(fields: LogInput): Promise<RuleViolation[]>;
    log(fields: LogInput): Promise<boolean>;
    edit(fields: EditInput): Promise<boolean>;
    remove(localId: string): Promise<boolean>;
    reset(): void;
  };
}

/** A log the service refused is said as such, never as queued (issue 10); `why`: the refusal's words. */
export function describeOutcome(state: LoggedState, what: string, why?: string): LogOutcome {
  if (state === 'needs-attention') return { state: 'refused', message: `${what}. ${why ?? 'The service refused it.'} Fix it in the outbox.` };
  return { state, message: state === 'synced' ? `${what}. Synced.` : `${what}. Queued - will sync when online.` };
}

export const createLogFormSlice: SliceCreator<LogFormSlice> = ({ api }) => (set, get) => {
  const patch = (p: Partial<LogFormSlice['logForm']>) => patchSlice(set, 'logForm', p);
  const run = actionRunner(patch);
  // Checks race each other while the user types: only the latest one may set the violations.
  let checkSeq = 0;
  async function save(call: () => Promise<LogOutcome>): Promise<boolean> {
    const answer = await run({
      busy: 'saving', error: 'error', start: { outcome: null },
      done: (outcome) => ({ outcome, violations: [] }),
      failed: (error) => ({ violations: error.violations }),
    }, call);
    return answer.ok;
  }
  return {
    logForm: {
      violations: [],
      checking: false,
      saving: false,
      error: null,
      outcome: null,
      async check(fields) {
        const seq = ++checkSeq;
        // An input the contract refuses (e.g. hours not yet HH:MM) arrives as a failure with its violations (or none).
        const answer = await run({
          busy: 'checking', wanted: () => seq === checkSeq,
          done: (violations) => ({ violations }),
          failed: (error) => ({ violations: error.violations }),
        }, () => api.checkEntry(fields));
        return answer.ok ? answer.value : answer.error.violations;
      },
      log: (fields) => save(async () => {
        const r = await api.logTime(fields);
        return describeOutcome(r.state, `Logged ${r.entry.hours} on ${r.entry.jobName}`, r.entry.message);
      }),
      edit: (fields) => save(async () => {
        const r = await api.editLog(fields);
        return describeOutcome(r.state, `Saved ${r.entry.hours} on ${r.entry.jobName}`, r.entry.message);
      }),
      remove: (localId) => save(async () => {
        const r = await api.deleteLog({ localId });
        return describeOutcome(r.state, 'Deleted the log');
      }),
      reset() {
        checkSeq++;
        if (get().logForm.outcome || get().logForm.violations.length || get().logForm.error) {
          patch({ violations: [], error: null, outcome: null, checking: false });
        }
      },
    },
  };
};
