/**
 * Undo of the last log, change or deletion made in the app: the form's answer carries the change's
 * `undoId` (src/core/undo.ts); while the Undo line offers it (a few seconds: components/track/UndoLine.tsx), Undo or
 * Ctrl+Z asks the core to undo that change, through the same rules and outbox as any change. The store keeps facts
 * (what was undone, where it stands); the line words them. Several logs made at once (Copy a week, Several days) are
 * one change: `count` says how many the Undo takes back.
 */
import type { OpOutput } from '../../../../shared/contract';
import { actionRunner } from '../action';
import type { UserError } from '../errors';
import type { OutcomePlace } from './log-form';
import { patchSlice, type SliceCreator } from '../types';

export type Undone = OpOutput<'undoChange'> & { place: OutcomePlace };

export interface UndoSlice {
  undo: {
    /** The change the last save made, while it may be undone from its form's line. */
    offer: { id: string; place: OutcomePlace; kind: Undone['kind']; count?: number } | null;
    undoing: boolean;
    /** What the last undo did (the line says it), at the form it was asked from. */
    done: Undone | null;
    error: UserError | null;
    /** Where the undo that failed was asked (its line says so there, at once: not in every form's line). */
    errorAt: OutcomePlace | null;
    /** A save answered with a change that can be undone (null: the last line goes). */
    offered(id: string | undefined, place: OutcomePlace, kind: Undone['kind'], count?: number): void;
    /** The user moved on (typing the next entry): the Undo button and the line about the last undo go (only at `place`). */
    withdraw(place?: OutcomePlace): void;
    /** The offer's time is up: the Undo button goes, the form's line stays. */
    expire(): void;
    /** Undoes the offered change. */
    run(): Promise<boolean>;
  };
}

export const createUndoSlice: SliceCreator<UndoSlice> =
  ({ api }) =>
  (set, get) => {
    const patch = (p: Partial<UndoSlice['undo']>) => patchSlice(set, 'undo', p);
    const run = actionRunner(patch);
    return {
      undo: {
        offer: null,
        undoing: false,
        done: null,
        error: null,
        errorAt: null,
        expire() {
          if (get().undo.offer) patch({ offer: null });
        },
        offered(id, place, kind, count) {
          patch({
            offer: id ? { id, place, kind, ...(count !== undefined ? { count } : {}) } : null,
            done: null,
            error: null,
            errorAt: null,
          });
        },
        withdraw(place) {
          const { offer, done } = get().undo;
          const here = (x: { place: OutcomePlace } | null) => !!x && (place === undefined || x.place === place);
          const failedHere = get().undo.error !== null && (place === undefined || get().undo.errorAt === place);
          if (here(offer) || here(done) || failedHere) patch({ offer: null, done: null, error: null, errorAt: null });
        },
        async run() {
          const offer = get().undo.offer;
          if (!offer || get().undo.undoing) return false;
          const answer = await run({ busy: 'undoing', error: 'error', start: { errorAt: offer.place } }, () =>
            api.undoChange({ id: offer.id }),
          );
          if (!answer.ok) return false;
          // the form's "Logged ..." line is about a change that is no more: the Undo line says what became of it
          get().logForm.clearOutcome();
          // ... and so is the several days' "Logged 4 logs" (Copy a week's result gives way to the line: CopyWeek.tsx)
          if (offer.count !== undefined && offer.place === 'track') get().fill.clearDays();
          patch({ done: { ...answer.value, place: offer.place }, offer: null });
          return true;
        },
      },
    };
  };
