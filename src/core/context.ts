/**
 * What the core's modules share. Built once by `createPunchcard` (./punchcard.ts) and handed to each module's
 * factory; modules keep their own state private. Plain Node: nothing here imports 'electron'.
 */
import fs from 'node:fs';
import os from 'node:os';
import type { Preferences } from '../shared/preferences';
import type { EventName, Events } from '../shared/contract';
import type { Session } from './service';
import type { OpenStore } from './store';

/**
 * Injected clock (tests pass a fake). `now()` is the wall clock: what the user's clock shows, which the user, NTP or a
 * sleep can move. `monotonic()` beside it never moves with the wall clock and, on Linux and macOS, stops while the
 * computer sleeps, and it is one clock for every process of one boot (`boot()` names the boot): comparing how far each
 * moved tells a sleep or a clock set forward (the wall moved more) from a clock set back (it moved less). A clock
 * without them (most tests) turns those checks off. Local calendar days come from the process time zone (TZ).
 */
export interface Clock {
  now(): number;
  /** Milliseconds on the system's monotonic clock (CLOCK_MONOTONIC): only differences mean something. */
  monotonic?(): number;
  /** Which boot `monotonic()` counts from: readings of two boots cannot be compared. */
  boot?(): string;
}

let bootName: string | undefined;
/** Linux names each boot; elsewhere the boot's start on the wall clock (to the minute) stands in for a name. */
function systemBoot(): string {
  if (bootName === undefined) {
    try {
      bootName = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    } catch {
      bootName = '';
    }
  }
  return bootName || `up-${Math.round((Date.now() - os.uptime() * 1000) / 60_000)}`;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  monotonic: () => Number(process.hrtime.bigint()) / 1e6,
  boot: systemBoot,
};

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
