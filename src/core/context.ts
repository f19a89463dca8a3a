/**
 * What the core's modules share. Built once by `createPunchcard` (./root/punchcard.ts) and handed to each module's
 * factory; modules keep their own state private. Plain Node: nothing here imports 'electron'.
 */
import type { Preferences } from '../shared/preferences';
import type { EventName, Events } from '../shared/contract';
import type { Clock } from './clock';
import type { Session } from './service';
import type { OpenStore } from './store';

/** The injected clock (wall clock, monotonic reading, timers): its own room, ./clock/clock.ts. */
export type { Clock, TimerHandle, Timers } from './clock';
export { systemClock, systemTimers } from './clock';

/** Secrets live only here: the OS keychain through keytar (tests: a real Secret Service, or in memory). */
export interface SecretStore {
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<boolean>;
}

export interface EventBus {
  emit<E extends EventName>(event: E, payload: Events[E]): void;
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
}

export function createEventBus(): EventBus {
  const listeners = new Map<EventName, Set<(p: unknown) => void>>();
  return {
    emit(event, payload) {
      for (const l of listeners.get(event) ?? []) {
        try {
          l(payload);
        } catch {
          /* a broken listener must not break the core */
        }
      }
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener as (p: unknown) => void);
      return () => {
        set.delete(listener as (p: unknown) => void);
      };
    },
  };
}

/** The signed-in account and its client: declared beside the client (./service/session.ts). */
export type { Session } from './service';

export interface PreferencesStore {
  get(): Preferences;
  update(patch: Partial<Preferences>): Preferences;
}

export interface CoreContext {
  dataDir: string;
  clock: Clock;
  bus: EventBus;
  openStore: OpenStore;
  session: Session;
  prefs: PreferencesStore;
}
