/**
 * The app status (`AppStatus`), built in exactly one function: the answer to `getStatus` and every `status` push on
 * the bus are the same object, so the renderer, the tray and `punch status` never disagree (a push built elsewhere
 * once lacked the rate-limit pause, and the pill said "Online" while nothing could be sent).
 */
import type { AppStatus, NetworkStatus, StorageState } from '../shared/domain';
import { offerSize } from '../shared/domain';
import { isOfflineCause } from '../shared/status/network';
import type { Clock, EventBus, Session } from './context';
import type { Ledger } from './journal';
import type { Reachability } from './service';
import type { SyncEngine } from './sync';
import { accountKeyOf } from './service';
import { countByState, heldForAnswer, waitingForServiceDay } from './outbox';
import { listDamage } from './store';

export interface AppStatusDeps {
  dataDir: string;
  clock: Clock;
  bus: EventBus;
  session: Session;
  /** The service's "too many requests" pauses in force for this account (any process met them): endpoint -> until. */
  ratePauses: () => Record<string, number>;
  reach: Pick<Reachability, 'status'>;
  sync: Pick<SyncEngine, 'paused' | 'lastSyncAt'>;
  ledger: Pick<Ledger, 'read'>;
  /** Whether the data directory takes writes (./store/storage-error.ts). */
  health: { state(): StorageState };
}

export interface AppStatusBuilder {
  /** The status now; throws only when the account cannot be described (the session is not ready yet). */
  build(): AppStatus;
  /** Pushes `build()` on the bus as `status`; before the session is ready it pushes nothing (the first status says it). */
  announce(): void;
}

export function createAppStatus(deps: AppStatusDeps): AppStatusBuilder {
  const { clock, session } = deps;

  /** The measured cause; while the service answers but an endpoint is paused (429 / lock-out): rate limited until then. */
  const network = (): NetworkStatus => {
    const n = deps.reach.status();
    if (n.cause !== 'online') return n;
    const until = Math.max(0, ...Object.values(deps.sync.paused()));
    return until > clock.now() ? { ...n, cause: 'rate-limited', until } : n;
  };

  const rateLimited = (): Pick<AppStatus, 'rateLimited'> => {
    const pauses = deps.ratePauses();
    const endpoints = Object.keys(pauses);
    return endpoints.length ? { rateLimited: { until: Math.max(...Object.values(pauses)), endpoints } } : {};
  };

  function build(): AppStatus {
    const account = session.account();
    const n = network();
    const journal = deps.ledger.read();
    const key = accountKeyOf(session);
    const counts = countByState(journal, key);
    const lastSyncAt = deps.sync.lastSyncAt();
    const reports = listDamage(deps.dataDir);
    const offers = reports.filter((r) => offerSize(r.offer) > 0 && !r.offer!.resolved);
    // entries held for the answer to a torn delete are counted apart from what waits to be sent (from the ledger's
    // counts, as a sync's report counts them: ./sync/records.ts)
    const held = counts.queued + counts.sending > 0 ? heldForAnswer(journal, key) : 0;
    // entries waiting for the service's day to begin (another time zone): they go by themselves, said apart
    const dayAhead = counts.queued > 0 ? waitingForServiceDay(journal, key) : 0;
    return {
      online: !isOfflineCause(n.cause),
      network: n,
      ...(lastSyncAt !== undefined ? { lastSyncAt } : {}),
      outbox: {
        queued: counts.queued,
        sending: counts.sending,
        needsAttention: counts.needsAttention,
        otherAccounts: counts.otherAccounts,
        ...(held ? { heldForAnswer: held } : {}),
        ...(dayAhead ? { waitingForServiceDay: dayAhead } : {}),
      },
      account,
      // whether the data directory takes writes, the damaged files not yet acknowledged, and the offers not yet
      // answered (an acknowledged report's logs still wait for the user's answer)
      storage: deps.health.state(),
      damage: reports.filter((r) => r.acknowledgedAt === undefined),
      offers,
      ...rateLimited(),
    };
  }

  return {
    build,
    announce() {
      let status: AppStatus;
      try {
        status = build();
      } catch {
        return;
      }
      deps.bus.emit('status', status);
    },
  };
}
