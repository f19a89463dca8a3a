/**
 * The one way a slice runs a bridge call: its busy flag on and its error cleared while the call is out, then busy off
 * and either the answer or the error (as a `UserError`) written in the same patch. Never an unhandled rejection.
 *
 * An answer that is no longer wanted (the user moved to another week while it was out) writes nothing but busy off,
 * so it cannot overwrite what a newer call brought. Busy goes off when the last call on that flag has answered, so a
 * stale answer does not clear it under a newer call still out, and no answer leaves it on.
 */
import { toUserError, type UserError } from './errors';

/** The keys of S that hold exactly V (a busy flag: boolean; an error field: UserError | null). */
type KeysHolding<S, V> = { [K in keyof S]-?: [S[K]] extends [V] ? ([V] extends [S[K]] ? K : never) : never }[keyof S];

export interface ActionSpec<S, T> {
  /** The flag that is true while the call is out. */
  busy?: KeysHolding<S, boolean>;
  /** Where a failure is recorded; cleared when the call starts. Without it a failure is only what `failed` writes. */
  error?: KeysHolding<S, UserError | null>;
  /** Written with busy on, e.g. clearing the last outcome. */
  start?: Partial<S>;
  /** Whether the answer is still wanted when it arrives (default: always). */
  wanted?: () => boolean;
  /** What a wanted answer writes, with busy off. */
  done?: (value: T) => Partial<S>;
  /** What a wanted failure writes besides the error, with busy off (it may replace the error). */
  failed?: (error: UserError) => Partial<S>;
}

/** How a call ended; `stale`: the answer came when it was no longer wanted and wrote nothing. */
export type Answer<T> = { ok: true; value: T; stale: boolean } | { ok: false; error: UserError; stale: boolean };

export type RunAction<S> = <T>(spec: ActionSpec<S, T>, call: () => Promise<T>) => Promise<Answer<T>>;

/** A slice's runner, over its own `patch`; it counts the calls out per busy flag. */
export function actionRunner<S>(patch: (p: Partial<S>) => void): RunAction<S> {
  const out = new Map<PropertyKey, number>();
  return async <T>(spec: ActionSpec<S, T>, call: () => Promise<T>): Promise<Answer<T>> => {
    const { busy, error: errorKey } = spec;
    const first: Partial<S> = { ...spec.start };
    if (busy !== undefined) {
      out.set(busy, (out.get(busy) ?? 0) + 1);
      Object.assign(first, { [busy]: true });
    }
    if (errorKey !== undefined) Object.assign(first, { [errorKey]: null });
    if (Object.keys(first).length) patch(first);

    let answer: Answer<T>;
    try {
      answer = { ok: true, value: await call(), stale: false };
    } catch (e) {
      answer = { ok: false, error: toUserError(e), stale: false };
    }
    answer.stale = spec.wanted ? !spec.wanted() : false;

    const last: Partial<S> = {};
    if (busy !== undefined) {
      const left = (out.get(busy) ?? 1) - 1;
      out.set(busy, left);
      if (left === 0) Object.assign(last, { [busy]: false });
    }
    if (!answer.stale) {
      if (answer.ok) Object.assign(last, spec.done?.(answer.value));
      else Object.assign(last, errorKey !== undefined ? { [errorKey]: answer.error } : {}, spec.failed?.(answer.error));
    }
    if (Object.keys(last).length) patch(last);
    return answer;
  };
}
