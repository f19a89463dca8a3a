/**
 * The sync engine's half of what makes `createPunchcard(...).close()` final (the stores' half: ../store/closing.ts):
 * after close, no request leaves for the service.
 */
import { NetworkError, wrapClient, type ServiceClient, type Session } from '../service';
import { outboxWords } from '../outbox';

/**
 * The session as the sync engine uses it: once `isClosed()`, every client call throws before a request starts.
 * Thrown as a NetworkError that was not applied, which is true: nothing was sent.
 */
export function closingSession(session: Session, isClosed: () => boolean): Session {
  const guard = (client: ServiceClient): ServiceClient =>
    wrapClient(client, {
      call(_method, run) {
        if (isClosed()) throw new NetworkError(outboxWords.closing(), 'no');
        return run();
      },
    });
  return {
    client: () => guard(session.client()),
    user: () => session.user(),
    account: () => session.account(),
    onChange: (listener) => session.onChange(listener),
  };
}
