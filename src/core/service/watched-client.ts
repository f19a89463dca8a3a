/**
 * The watched client: every call of a client reports its outcome to the reachability, and every write goes only after
 * the probe rule allows it (./reachability.ts "The probe before a write"); and the probe itself, one cheap read.
 */
import type { Clock } from '../clock';
import { networkSaid } from '../../shared/status/network';
import { errorValue, NetworkError } from './errors';
import { failureWords } from './failure-words';
import { narrowCall } from './http/call-options';
import type { CallOptions } from './http/transport';
import { wrapClient } from './client-wrap';
import { causeOf, pageStatusOf } from './network-cause';
import type { ServiceClient } from './types';

export interface WatchDeps {
  clock: Pick<Clock, 'elapsed'>;
  /** A check's read is answered within this, or counted as failed. */
  probeWithinMs: number;
  /** Records one call's outcome: `undefined` for a result, else the error it threw. */
  note(error?: unknown): void;
  /** Resolves when a write may go (the probe rule); throws when it may not. */
  ensureFresh(call?: CallOptions): Promise<void>;
}

export interface Watch {
  /** The client, watched (the same wrapper for the same client). */
  watched(client: ServiceClient): ServiceClient;
  /**
   * One cheap read, no retries, short deadline: `gettimetrackersettings` (./reachability.ts says why). The client is
   * asked for inside the probe: a session that cannot give one (an account file that could not be read) is the
   * probe's failure, said like the others, never a throw before the probe began.
   */
  probe(client: () => ServiceClient, call?: CallOptions): Promise<void>;
}

export function createWatch(deps: WatchDeps): Watch {
  const { clock, note } = deps;
  async function probe(client: () => ServiceClient, call?: CallOptions): Promise<void> {
    try {
      await watched(client()).settings(narrowCall(clock, { withinMs: deps.probeWithinMs, readRetries: 0 }, call));
    } catch (e) {
      const verdict = causeOf(e);
      if (verdict === 'answered' || verdict === 'rate-limited') return; // the service answered: the connection is good
      if (verdict === 'token-rejected') throw e; // the write would be refused the same way: nothing sent
      const page = verdict === 'not-the-service' ? pageStatusOf(e) : undefined;
      const why = verdict ? networkSaid({ cause: verdict, ...(page !== undefined ? { httpStatus: page } : {}) }) : errorValue(e);
      throw new NetworkError(failureWords.notChecked(why), 'no', { cause: e });
    }
  }

  const watchedClients = new WeakMap<ServiceClient, ServiceClient>();
  function watched(client: ServiceClient): ServiceClient {
    const known = watchedClients.get(client);
    if (known) return known;
    const observe = <T>(out: T): T => {
      if (out instanceof Promise)
        out.then(
          () => note(),
          (e: unknown) => note(e),
        );
      return out;
    };
    // every answer or failure noted; the probe rule before every write, whoever makes it, with the write's own options
    const wrapped = wrapClient(client, {
      call: (_method, run) => observe(run()),
      beforeWrite: (_method, call) => deps.ensureFresh(call),
    });
    watchedClients.set(client, wrapped);
    return wrapped;
  }

  return { watched, probe };
}
