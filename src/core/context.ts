/**
 * What the core's modules share. Built once by `createPunchcard` (./punchcard.ts) and handed to each module's
 * factory; modules keep their own state private. Plain Node: nothing here imports 'electron'.
 */
import type { AccountInfo } from '../shared/domain';
import type { Preferences } from '../shared/preferences';
import type { EventName, Events } from '../shared/contract';
import type { ServiceClient } from './service';
import type { OpenStore } from './store';

/** Injected wall clock (tests pass a fake). Local calendar days come from the process time zone (TZ). */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

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

/** The signed-in account and its client. */
export interface Session {
  /** The client for the current account. Throws AuthError('Not signed in...') when there is none. */
  client(): ServiceClient;
  /** The `user` parameter for the service: the employee's email or employee id. */
  user(): string;
  account(): AccountInfo;
  /** Called after the account changes (sign-in, sign-out, switch to sandbox): caches keyed by account reset. */
  onChange(listener: (account: AccountInfo) => void): () => void;
}

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
