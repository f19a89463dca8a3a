/**
 * What every call to the service says about the connection, for the status the user sees ("honest about sync
 * state", STYLE). Only a failed write used to mark the app offline, so with nothing queued a failed read (the week,
 * the job list) left the status saying "online" while every screen showed cached data.
 *
 * - A call that could not connect (`NetworkError` with applied 'no': refused, DNS) means offline.
 * - A call the service answered (a result, or its refusal: `ServiceError`, `AuthError`, `RateLimitedError`) means
 *   online again.
 * - Anything else says nothing about the connection: a timeout or a dropped answer (applied 'unknown') may be a slow
 *   service, and a 5xx may come from a proxy in front of a service that is down.
 */
import type { Session } from '../context';
import { AuthError, NetworkError, RateLimitedError, ServiceError } from '../service/errors';
import type { ServiceClient } from '../service/types';

export interface ReachabilityListener {
  reached(): void;
  unreachable(): void;
}

/** The session whose client reports each call's outcome to `listener`; results and errors pass through unchanged. */
export function watchReachability(session: Session, listener: ReachabilityListener): Session {
  const watched = new WeakMap<ServiceClient, ServiceClient>();
  const watch = (client: ServiceClient): ServiceClient => {
    const known = watched.get(client);
    if (known) return known;
    const proxy = new Proxy(client, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const out = (value as (...a: unknown[]) => unknown).apply(target, args);
          if (out instanceof Promise) out.then(() => listener.reached(), (e: unknown) => noteFailure(e, listener));
          return out;
        };
      },
    });
    watched.set(client, proxy);
    return proxy;
  };
  return {
    client: () => watch(session.client()),
    user: () => session.user(),
    account: () => session.account(),
    onChange: (listener) => session.onChange(listener),
  };
}

function noteFailure(e: unknown, listener: ReachabilityListener): void {
  if (e instanceof NetworkError && e.applied === 'no') listener.unreachable();
  else if (e instanceof ServiceError || e instanceof AuthError || e instanceof RateLimitedError) listener.reached();
}
