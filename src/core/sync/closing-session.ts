/**
 * The sync engine's half of what makes `createPunchcard(...).close()` final (the stores' half: ../store/closing.ts):
 * after close, no request leaves for the service.
 */
import { NetworkError, type ServiceClient, type Session } from '../service';
import { outboxWords } from '../outbox';

/**
 * The session as the sync engine uses it: once `isClosed()`, every client call throws before a request starts.
 * Thrown as a NetworkError that was not applied, which is true: nothing was sent.
 */
export function closingSession(session: Session, isClosed: () => boolean): Session {
  const guard = (client: ServiceClient): ServiceClient =>
    new Proxy(client, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (isClosed()) throw new NetworkError(outboxWords.closing(), 'no');
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  return {
    client: () => guard(session.client()),
    user: () => session.user(),
    account: () => session.account(),
    onChange: (listener) => session.onChange(listener),
  };
}
