/**
 * The status's network cause in plain words: the same sentence in the app's status line, the tray and `punch status`
 * (docs/outbox.md "Status: the network cause"). Pure, so the renderer, the shell and the CLI share it.
 */
import type { NetworkCause, NetworkStatus } from './domain';

/** HH:MM in local time (the machine's zone, like every time the user reads). */
export function clockTime(at: number): string {
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

const WORDS: Record<Exclude<NetworkCause, 'rate-limited'>, string> = {
  unchecked: 'not checked yet',
  online: 'online',
  'offline-no-network': 'no network',
  // the network works (the service's address answered, refusing the connection): "no network" would send the user
  // to check a cable that is fine
  'service-down': 'the service is not answering; the network is fine',
  'offline-dns': "the service's name cannot be found (DNS)",
  'not-the-service': 'a login page or proxy answered instead of the service (Wi-Fi sign-in?)',
  timeout: 'the service does not answer',
  'token-rejected': 'the service rejected the sign-in: sign in again',
  'server-error': 'the service is failing (server error); Punchcard tries again later',
};

/** "no network", "rate limited until 14:05", ... */
export function networkWords(n: NetworkStatus | undefined): string {
  if (!n) return 'not checked yet';
  if (n.cause === 'rate-limited') return n.until ? `rate limited until ${clockTime(n.until)}` : 'rate limited';
  return WORDS[n.cause];
}

/** The causes under which the service could not be reached at all (the status's `online: false`). */
export function isOfflineCause(cause: NetworkCause): boolean {
  return (
    cause === 'offline-no-network' ||
    cause === 'service-down' ||
    cause === 'offline-dns' ||
    cause === 'not-the-service' ||
    cause === 'timeout'
  );
}
