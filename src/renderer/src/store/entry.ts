/**
 * Logging by hand and editing a log: the company's rules are checked as the user types (api.checkEntry), so a
 * problem shows next to its field before anything is queued (PRODUCT: an offline entry must not fail days later).
 */
import type { OpInput } from '../../../shared/contract';
import type { RuleViolation } from '../../../shared/domain';
import { toUserError, type UserError } from './errors';
import { patchSlice, type SliceCreator } from './types';

export type EntryFields = OpInput<'logTime'>;
export type EditFields = OpInput<'editLog'>;

export interface EntryOutcome {
  state: 'synced' | 'queued';
  message: string;
}

export interface EntrySlice {
  entry: {
    violations: RuleViolation[];
    checking: boolean;
    saving: boolean;
    error: UserError | null;
    outcome: EntryOutcome | null;
    check(fields: EntryFields): Promise<RuleViolation[]>;
    log(fields: EntryFields): Promise<boolean>;
    edit(fields: EditFields): Promise<boolean>;
    remove(localId: string): Promise<boolean>;
    reset(): void;
  };
}

export function describeOutcome(state: 'synced' | 'queued', what: string): EntryOutcome {
  return { state, message: state === 'synced' ? `${what}. Synced.` : `${what}. Queued - will sync when online.` };
}

export const createEntrySlice: SliceCreator<EntrySlice> = ({ api }) => (set, get) => {
  const patch = (p: Partial<EntrySlice['entry']>) => patchSlice(set, 'entry', p);
  // Checks race each other while the user types: only the latest one may set the violations.
  let checkSeq = 0;
  async function save(call: () => Promise<EntryOutcome>): Promise<boolean> {
    patch({ saving: true, error: null, outcome: null });
    try {
      const outcome = await call();
      patch({ saving: false, outcome, violations: [] });
      return true;
    } catch (e) {
      const error = toUserError(e);
      patch({ saving: false, error, violations: error.violations });
      return false;
    }
  }
  return {
    entry: {
      violations: [],
      checking: false,
      saving: false,
      error: null,
      outcome: null,
      async check(fields) {
        const seq = ++checkSeq;
        patch({ checking: true });
        try {
          const violations = await api.checkEntry(fields);
          if (seq === checkSeq) patch({ violations, checking: false });
          return violations;
        } catch (e) {
          const error = toUserError(e);
          // An input the contract refuses (e.g. hours not yet HH:MM) arrives as violations or as a message: show either.
          const violations: RuleViolation[] = error.violations.length ? error.violations : [];
          if (seq === checkSeq) patch({ violations, checking: false });
          return violations;
        }
      },
      log: (fields) => save(async () => {
        const r = await api.logTime(fields);
        return describeOutcome(r.state, `Logged ${r.entry.hours} on ${r.entry.jobName}`);
      }),
      edit: (fields) => save(async () => {
        const r = await api.editLog(fields);
        return describeOutcome(r.state, `Saved ${r.entry.hours} on ${r.entry.jobName}`);
      }),
      remove: (localId) => save(async () => {
        const r = await api.deleteLog({ localId });
        return describeOutcome(r.state, 'Deleted the log');
      }),
      reset() {
        checkSeq++;
        if (get().entry.outcome || get().entry.violations.length || get().entry.error) {
          patch({ violations: [], error: null, outcome: null, checking: false });
        }
      },
    },
  };
};
