/**
 * Every call of the bridge contract joined to the module that answers it: each folder's handlers (`catalogHandlers`,
 * `timerHandlers`, `weekHandlers`, `accountHandlers` ...) and the few the root answers itself (the outbox's
 * resolutions, the status). Typed as Handlers: TypeScript proves every call has exactly one handler. The modules are
 * the ones ./punchcard.ts built; the team's are a room opened on first call (./team-room.ts).
 */
import type { Days } from '../../shared/time/zone';
import type { Handlers } from '../../shared/contract';
import type { Preferences } from '../../shared/preferences';
import type { AppStatus, UpdateStatus } from '../../shared/domain';
import { accountHandlers, type AccountSession } from '../account';
import { catalogHandlers, type createCatalog } from '../catalog';
import type { createChangeFeed } from '../change-feed';
import type { Clock, PreferencesStore } from '../context';
import { fillHandlers, type CopyWeek } from '../copy-week';
import { damageHandlers } from '../damage-handlers';
import type { Ledger } from '../journal';
import type { LogBatch } from '../log-batch';
import type { LogGate } from '../log-gate';
import type { createResolutions } from '../outbox';
import { preferenceHandlers } from '../preferences';
import type { Reachability } from '../service';
import type { SyncEngine } from '../sync';
import { timerHandlers, type createTimer, type createTimerActions } from '../timer';
import type { Undo } from '../undo';
import { undoableFillHandlers, undoableLogHandlers } from './undo-handlers';
import { updatesNotHere } from '../update-words';
import { weekHandlers, type createMorningReminder, type createSubmission, type createWeeks } from '../week';
import type { TeamOnFirstCall } from './team-room';
import type { FirstAnswers } from '../../shared/first-screen/answers';

export interface CoreModules {
  dataDir: string;
  clock: Clock;
  /** The user's days (the zone they chose). */
  days: Days;
  catalog: ReturnType<typeof createCatalog>;
  prefs: PreferencesStore;
  timer: ReturnType<typeof createTimer>;
  timerActions: ReturnType<typeof createTimerActions>;
  gate: LogGate;
  undo: Undo;
  weeks: ReturnType<typeof createWeeks>;
  submission: ReturnType<typeof createSubmission>;
  ledger: Ledger;
  feed: ReturnType<typeof createChangeFeed>;
  copyWeek: CopyWeek;
  batch: LogBatch;
  morning: ReturnType<typeof createMorningReminder>;
  sync: SyncEngine;
  resolutions: ReturnType<typeof createResolutions>;
  accountSession: AccountSession;
  reach: Reachability;
  status: () => AppStatus;
  team: TeamOnFirstCall;
  announceStatus: () => void;
  onPreferencesChange?: (prefs: Preferences) => void;
  updateStatus?: () => UpdateStatus;
  /** The window's first calls answered in one (../dispatch.ts `firstScreenAnswers`, through the dispatcher). */
  firstScreen: () => Promise<FirstAnswers>;
}

export function joinHandlers(m: CoreModules): Handlers {
  const { catalog, prefs, gate, weeks, ledger, clock, feed, copyWeek, morning, sync, resolutions, reach } = m;
  /** The user chose what to do about an entry: its days announced, a sync attempt (it may go now), the outbox answered. */
  const resolved = (dates: string[]) => {
    feed.changed(dates);
    void sync.run();
    return feed.entries();
  };
  return {
    ...catalogHandlers({ catalog, prefs }),
    ...timerHandlers({ timer: m.timer, actions: m.timerActions }),
    ...undoableLogHandlers(gate, m.undo),
    ...weekHandlers({
      weeks,
      submission: m.submission,
      ledger,
      clock,
      days: m.days,
      settings: () => catalog.cachedSettings(),
      announceWeeks: feed.announceWeeks,
      withRows: copyWeek.withRows,
    }),
    ...undoableFillHandlers(fillHandlers(m.batch, copyWeek), m.undo),
    getMorningReminder: async () => morning.get(),
    answerMorningReminder: async ({ answer }) => morning.answer(answer),
    getOutbox: async () => feed.entries(),
    getOutboxList: async ({ window }) => feed.list(window),
    syncNow: async (_input, call) => sync.run({ recheck: true, now: true, ...(call?.signal ? { signal: call.signal } : {}) }),
    retryEntry: async ({ id }) => resolved(resolutions.retry(id)),
    discardEntry: async ({ id }) => resolved(resolutions.discard(id)),
    markEntryRecorded: async ({ id }) => resolved(resolutions.markRecorded(id)),
    fixEntry: async ({ id, ...patch }) => resolved(resolutions.fix(id, patch)),
    ...accountHandlers(m.accountSession),
    ...preferenceHandlers(prefs, m.onPreferencesChange),
    getUpdateStatus: async () => m.updateStatus?.() ?? updatesNotHere(),
    ...m.team.handlers,
    getStatus: async ({ check }) => {
      // Measures instead of assuming: when nothing was exchanged with the service in the last few seconds, one cheap
      // read (bounded, no retries), so `punch status` in a new process reports the real cause. The status always
      // answers: a check that could not finish (a full disk refused caching its answer) says what is wrong in its
      // own fields (storage, network).
      if (check && !reach.fresh()) {
        reach.checkNow();
        await reach.ensureFresh().catch(() => undefined);
      }
      return m.status();
    },
    ...damageHandlers({ dataDir: m.dataDir, gate, ledger, clock, announce: m.announceStatus, syncSoon: () => void sync.run() }),
    getFirstScreen: () => m.firstScreen(),
  };
}
