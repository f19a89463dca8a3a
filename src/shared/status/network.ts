/**
 * The status's network cause in plain words: the same sentence in the app's status line, the tray and `punch status`
 * (docs/outbox.md "Status: the network cause"). Pure, so the renderer, the shell and the CLI share it; said in the
 * user's language through the Wording it is handed (docs/i18n.md).
 */
import type { NetworkCause, NetworkStatus } from '../domain';
import { defineMessages, type MessageDescriptor, type Wording } from '../i18n/messages';
import type { Said } from '../i18n/said';

/** HH:MM in local time (the machine's zone, like every time the user reads). */
export function clockTime(at: number): string {
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

const M = defineMessages({
  unchecked: { id: 'network.unchecked', defaultMessage: 'not checked yet', description: 'The connection to the service: not tested yet.' },
  online: { id: 'network.online', defaultMessage: 'online', description: 'The connection to the service works.' },
  noNetwork: { id: 'network.no-network', defaultMessage: 'no network', description: 'This computer has no network.' },
  // the network works (the service's address answered, refusing the connection): "no network" would send the user
  // to check a cable that is fine
  serviceDown: {
    id: 'network.service-down',
    defaultMessage: 'the service is not answering; the network is fine',
    description: "The service's address refused the connection, while the network works.",
  },
  // the connection was made and then cut (a reset after the request, half an answer): the network may be fine, so not
  // "no network"
  cutOff: {
    id: 'network.cut-off',
    defaultMessage: 'the connection to the service was cut off before its answer came through',
    description:
      'The connection to the service was made and then cut (reset after the request, or an answer that broke off halfway); the network itself may be fine.',
  },
  dns: { id: 'network.dns', defaultMessage: "the service's name cannot be found (DNS)", description: 'DNS could not resolve the service.' },
  notTheService: {
    id: 'network.not-the-service',
    defaultMessage: 'a login page or proxy answered instead of the service (Wi-Fi sign-in?)',
    description: 'A hotel or café Wi-Fi login page answered instead of the service.',
  },
  gatewayError: {
    id: 'network.gateway-error',
    defaultMessage: 'a server in front of the service answered with an error page',
    description: 'A gateway or load balancer in front of the service answered with its error page (not a Wi-Fi sign-in).',
  },
  timeout: { id: 'network.timeout', defaultMessage: 'the service does not answer', description: 'The service did not answer in time.' },
  tokenRejected: {
    id: 'network.token-rejected',
    defaultMessage: 'the service rejected the sign-in: sign in again',
    description: 'The saved sign-in (token) was refused by the service.',
  },
  serverError: {
    id: 'network.server-error',
    defaultMessage: 'the service is failing (server error); Punchcard tries again later',
    description: 'The service answered with a server error.',
  },
  rateLimitedUntil: {
    id: 'network.rate-limited-until',
    defaultMessage: 'rate limited until {time}',
    description: 'The service asked to wait; {time} is a clock time such as 14:05.',
  },
  rateLimited: {
    id: 'network.rate-limited',
    defaultMessage: 'rate limited',
    description: 'The service asked to wait (too many requests).',
  },
});

const WORDS: Record<Exclude<NetworkCause, 'rate-limited'>, MessageDescriptor> = {
  unchecked: M.unchecked,
  online: M.online,
  'offline-no-network': M.noNetwork,
  'service-down': M.serviceDown,
  'offline-dns': M.dns,
  'not-the-service': M.notTheService,
  timeout: M.timeout,
  'token-rejected': M.tokenRejected,
  'server-error': M.serverError,
};

/** "no network", "rate limited until 14:05", ... */
export function networkWords(n: NetworkStatus | undefined, w: Wording): string {
  if (!n) return w.say(M.unchecked);
  if (n.cause === 'rate-limited') return n.until ? w.say(M.rateLimitedUntil, { time: w.formats.time(n.until) }) : w.say(M.rateLimited);
  if (isGatewayError(n)) return w.say(M.gatewayError);
  if (isCutOff(n)) return w.say(M.cutOff);
  return w.say(WORDS[n.cause]);
}

/** The same as a code and values (a value of another message: "Not sent: ... ({why})"). */
export function networkSaid(n: NetworkStatus | undefined): { said: Said } {
  const s = (m: MessageDescriptor, values: Said['values'] = {}): { said: Said } => ({ said: { code: m.id, values } });
  if (!n) return s(M.unchecked);
  if (n.cause === 'rate-limited') return n.until ? s(M.rateLimitedUntil, { time: { at: n.until, now: n.until } }) : s(M.rateLimited);
  if (isGatewayError(n)) return s(M.gatewayError);
  if (isCutOff(n)) return s(M.cutOff);
  return s(WORDS[n.cause]);
}

/** Something else answered with an error page of 500 and over: a gateway in front of the service, not a Wi-Fi sign-in. */
export function isGatewayError(n: NetworkStatus | undefined): boolean {
  return n?.cause === 'not-the-service' && n.httpStatus !== undefined && n.httpStatus >= 500;
}

/** The connection was made and cut before the answer was through (not "no network": NetworkStatus.cutOff). */
export function isCutOff(n: NetworkStatus | undefined): boolean {
  return n?.cause === 'offline-no-network' && n.cutOff === true;
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
