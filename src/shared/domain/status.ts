/**
 * What the pill, the tray and `punch status` show (`AppStatus`: src/core/app-status.ts builds it): the account, why the
 * service can or cannot be used, the outbox's counts, the disk, the data files kept aside; a sync's report; the app's
 * updates and the two choices of the preferences that are words (the preferences' shape: ../preferences.ts).
 */
import type { Said } from '../i18n/said';
import type { DamageReport } from './damage';

export interface AccountInfo {
  kind: 'sandbox' | 'service';
  baseUrl: string;
  /** Employee email or employee id. */
  user: string;
  dataCentre?: string;
  authMethod: 'none' | 'token' | 'oauth';
  authScheme: 'Zoho-oauthtoken' | 'Bearer';
  signedIn: boolean;
  /**
   * Why no account can be used, in plain words with what to do (the account file could not be read). Set only then:
   * every operation that needs the service fails with it, and nothing is queued under a guessed account.
   */
  problem?: string;
  /** `problem` as a code and values (src/shared/i18n/said.ts), worded by each shell in the user's language. */
  problemSaid?: Said;
}

export type Theme = 'system' | 'light' | 'dark';
export type SuspendAction = 'keep' | 'stop' | 'ask';

/** Updates of the installed desktop app (src/main/update/policy.ts), for Settings. */
export interface UpdateStatus {
  /** One sentence: whether the app looks for updates, and where it stands (up to date, downloading, ready...). */
  words: string;
  /** The same as a code and values, where it is converted (src/shared/i18n/said.ts): shells word it in the user's language. */
  said?: Said;
}

/**
 * Why the service can or cannot be used now, measured from the last exchange with it (never assumed):
 * `src/core/service/reachability.ts` decides, `src/shared/status/network.ts` says it in words (app, tray and `punch`).
 */
export type NetworkCause =
  | 'unchecked' // nothing was exchanged with the service yet (this account, this process)
  | 'online'
  | 'offline-no-network' // could not connect, or the connection broke
  | 'service-down' // the service's address refused the connection: the network works, nothing answers there
  | 'offline-dns' // the service's name cannot be found
  | 'not-the-service' // something else answered (a Wi-Fi sign-in page, a proxy)
  | 'timeout' // no answer in time
  | 'token-rejected' // the service answered: sign in again
  | 'rate-limited' // the service answered: not before `until`
  | 'server-error'; // the service (or a proxy before it) failed with a 5xx

export interface NetworkStatus {
  cause: NetworkCause;
  /** When the exchange that decided the cause happened. */
  at?: number;
  /** rate-limited: when the paused endpoint may be called again. */
  until?: number;
  /** While unreachable: when the next check is due. */
  nextCheckAt?: number;
  /**
   * not-the-service: the HTTP status of the page that answered instead of the service, when there was one. 500 and
   * over is a gateway's error page (the service or its gateway failing), not a Wi-Fi sign-in page.
   */
  httpStatus?: number;
  /**
   * offline-no-network: the connection was made and then cut off before the answer was through (reset or closed
   * after the request, or an answer that broke off halfway). The network may well be fine: a proxy, a firewall or
   * the service itself closed it. The cause keeps its value; the words say this instead of "no network".
   */
  cutOff?: true;
}

export interface AppStatus {
  /** The service could be reached on the last exchange (false for the `offline-*`, `not-the-service` and `timeout` causes). */
  online: boolean;
  /** Why, in a fixed set of causes (absent from cores that predate it). */
  network?: NetworkStatus;
  lastSyncAt?: number;
  /**
   * Entries of the signed-in account by state. `otherAccounts`: unfinished entries made under another account, which
   * wait until that account signs in again (listed in the outbox with the account they wait for, never sent elsewhere).
   * `heldForAnswer`: of `queued` and `sending`, the entries not sent until the user answers a torn delete's offer
   * (Delete it / Keep it): counted in `queued` as before, for readers that predate it; what waits to be sent is
   * `queued + sending - heldForAnswer` (the words of src/shared/status/sync-words.ts count it so). Absent when none
   * (older cores too).
   * `waitingForServiceDay`: of `queued`, the entries the service refused as a future day while that day is already
   * the user's (its calendar is on an earlier day: another time zone); they go by themselves once the service's day
   * begins. Absent when none.
   */
  outbox: {
    queued: number;
    sending: number;
    needsAttention: number;
    otherAccounts?: number;
    heldForAnswer?: number;
    waitingForServiceDay?: number;
  };
  account: AccountInfo;
  /** Can Punchcard save to its data directory: 'ok', or why not (the disk is full, read-only, or writing is denied). */
  storage?: StorageState;
  /** Data files that could not be read and were kept aside, until the user acknowledges them (oldest first). */
  damage?: DamageReport[];
  /**
   * Reports whose offer (logs a damaged file seems to hold, ./damage.ts `DamageOffer`) the user has not answered yet,
   * acknowledged or not (oldest first): an acknowledged report leaves `damage`, but its logs still wait for "log again"
   * or "discard", and the status counts them until then. Absent from cores that predate it.
   */
  offers?: DamageReport[];
  /**
   * The service asked Punchcard to wait (429 Retry-After or the 7209 lock-out), and nothing is sent to these endpoints
   * before `until` (epoch ms). Absent when no pause is in force. Shared by every process on the data directory.
   */
  rateLimited?: { until: number; endpoints: string[] };
}

/** Whether the data directory takes writes: `full` (ENOSPC), `read-only` (EROFS), `denied` (EACCES/EPERM), `failed` (EIO). */
export type StorageState = 'ok' | 'full' | 'read-only' | 'denied' | 'failed';

export interface SyncReport {
  /** Entries this run sent to the service (their request went out now, its answer or a read-back says it arrived). */
  sent: number;
  /**
   * Entries this run found already on the service and did not send again: sent by an earlier run whose end a crash or
   * the disk lost (a torn journal), or a delete whose log was already gone. The core always gives it; absent from
   * older cores (which counted these in `sent`).
   */
  alreadyThere?: number;
  /** Queued or being sent, `heldForAnswer` included. */
  remaining: number;
  needsAttention: number;
  online: boolean;
  /**
   * Of `remaining`, the entries not sent until the user answers a torn delete's offer (a damage report's "Delete it" /
   * "Keep it"): however often Sync runs, they stay. Absent when none (older cores too).
   */
  heldForAnswer?: number;
}
