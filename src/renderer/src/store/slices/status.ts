/** Online or not, what waits in the outbox, and who is signed in: the header's status pill. */
import type { AppStatus } from '../../../../shared/domain';
import { syncLine, type SyncTone } from '../../../../shared/status/sync-words';
import { defineMessages, type Wording } from '../../../../shared/i18n/messages';
import { words, type Words } from '../../i18n/words';
import { actionRunner } from '../action';
import type { UserError } from '../errors';
import { patchSlice, type SliceCreator } from '../types';

export interface StatusSlice {
  status: {
    value: AppStatus | null;
    error: UserError | null;
    /** Reports with an "I have seen this" in flight. */
    acknowledging: string[];
    /** How many status pushes the window has taken (../events.ts `receiveStatus`): orders a read against them. */
    pushes: number;
    load(): Promise<void>;
    /** "I have seen this" for damage reports: they leave the status (and the banner) once the core has recorded it. */
    acknowledgeDamage(ids: string[]): Promise<boolean>;
    /** A report's offered logs, logged again or discarded in one action (the report is acknowledged with it). */
    resolveDamage(id: string, action: 'log-again' | 'discard', offered?: 'logs' | 'deletes'): Promise<boolean>;
    /** What the last answer to an offer did (the banner says it once its report is gone). */
    offerDone: Words | null;
  };
}

/** What the disk's state means, in a few words (the pill) and in a sentence (the banner): src/shared/status/sync-words.ts. */
export { STORAGE_WORDS } from '../../../../shared/status/storage-words';

const M = defineMessages({
  discarded: {
    id: 'data.damage.discarded',
    defaultMessage: 'Discarded: nothing of it was logged.',
    description: 'After the logs read from a damaged file were dropped.',
  },
  deletedAgain: {
    id: 'data.damage.deleted-again',
    defaultMessage: 'Deleted again.',
    description: 'After the logs whose delete was not saved (read from a damaged file) were deleted again.',
  },
  keptDeleted: {
    id: 'data.damage.kept-deleted',
    defaultMessage: 'Kept: the logs stay as they were.',
    description: 'After the user chose to keep the logs whose delete was not saved (read from a damaged file).',
  },
  loggedAgain: {
    id: 'data.damage.logged-again',
    defaultMessage: 'Logged again: {logs}. {queued, select, yes {Queued - will sync when online.} other {Synced.}}',
    description: 'After the logs read from a damaged file were logged. {logs}: each "01:15 on Wed 18 Nov, Website", as a list.',
  },
  log: {
    id: 'data.damage.logged-again.log',
    defaultMessage: '{hours} on {day}, {job}',
    description: 'One log: {hours} HH:MM, {day} "Wed 18 Nov".',
  },
});

/**
 * The pill's words: never colour alone, and the same words as the outbox's heading, the tray and `punch status`
 * (src/shared/status/sync-words.ts). `label` is the short form that fits the header at the tray's width; `detail` is the
 * sentence with the cause and every count (the pill's tooltip and accessible name, the outbox's heading).
 */
export function describeStatus(s: AppStatus | null, w: Wording): { label: string; tone: SyncTone; detail: string } {
  const line = syncLine(s, w);
  return { label: line.short, tone: line.tone, detail: line.sentence };
}

export const createStatusSlice: SliceCreator<StatusSlice> =
  ({ api }) =>
  (set, get) => {
    const run = actionRunner((p: Partial<StatusSlice['status']>) => patchSlice(set, 'status', p));
    return {
      status: {
        value: null,
        error: null,
        acknowledging: [],
        pushes: 0,
        async load() {
          // A push that comes while the read is on its way is at least as new as the read's answer, which the core may
          // have built before the change the push says (the first check of the service, on another connection in web
          // mode): that answer is dropped, or the pill would say "not checked yet" until the next change. Every change
          // of the status is pushed, so the push's value stays true until the next one.
          const seen = get().status.pushes;
          await run({ error: 'error', done: (value) => ({ value }), wanted: () => get().status.pushes === seen }, () => api.getStatus({}));
        },
        async acknowledgeDamage(ids) {
          const idle = () => ({ acknowledging: get().status.acknowledging.filter((id) => !ids.includes(id)) });
          const answer = await run(
            {
              error: 'error',
              start: { acknowledging: [...get().status.acknowledging, ...ids] },
              done: idle,
              failed: idle,
            },
            () => api.acknowledgeDamage({ ids }),
          );
          if (answer.ok) await get().status.load();
          return answer.ok;
        },
        offerDone: null,
        async resolveDamage(id, action, offered = 'logs') {
          const idle = () => ({ acknowledging: get().status.acknowledging.filter((x) => x !== id) });
          const answer = await run(
            {
              error: 'error',
              start: { acknowledging: [...get().status.acknowledging, id], offerDone: null },
              done: ({ logged }) => ({
                ...idle(),
                offerDone:
                  offered === 'deletes'
                    ? action === 'discard'
                      ? words(M.keptDeleted)
                      : words(M.deletedAgain)
                    : action === 'discard'
                      ? words(M.discarded)
                      : words(M.loggedAgain, {
                          logs: {
                            list: logged.map((l) => words(M.log, { hours: l.log.hours, day: { day: l.log.workDate }, job: l.log.jobName })),
                          },
                          queued: logged.some((l) => l.state === 'queued') ? 'yes' : 'no',
                        }),
              }),
              failed: idle,
            },
            () => api.resolveDamage({ id, action }),
          );
          if (answer.ok) await get().status.load();
          return answer.ok;
        },
      },
    };
  };
