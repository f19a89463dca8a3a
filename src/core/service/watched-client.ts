/**
 * The watched client: every call of a client reports its outcome to the reachability, and every write goes only after
 * the probe rule allows it (./reachability.ts "The probe before a write"); and the probe itself, one cheap read.
 *
 * Reads end together. Once the service is found not to answer (a call ran out of time: `endReads`), every read still
 * waiting for it fails at once with that cause instead of each waiting out its own deadline: under a black hole
 * (connections taken, never answered) a log's rules read the week (8 s), the job list (6 s) and the settings (4 s) at
 * once, and the first to give up spoke for all; pages being read (an async iterable) end with them, the page in flight
 * and those after it. A read made while the service is known not to answer waits no longer
 * than a check does (`probeWithinMs`). Writes are never ended here: a write in flight may have reached the service,
 * and only the outbox settles that (by reading it back, never by sending it again).
 */
import type { Clock } from '../clock';
import { networkSaid } from '../../shared/status/network';
import { errorValue, NetworkError } from './errors';
import { failureWords } from './failure-words';
import { narrowCall } from './http/call-options';
import type { CallOptions } from './http/transport';
import { WRITE_METHODS, wrapClient } from './client-wrap';
import { causeOf, detailsOf, inChain } from './network-cause';
import type { ServiceClient } from './types';

export interface WatchDeps {
  clock: Pick<Clock, 'elapsed'>;
  /** A check's read is answered within this, or counted as failed. */
  probeWithinMs: number;
  /** Records one call's outcome: `undefined` for a result, else the error it threw. */
  note(error?: unknown): void;
  /** Resolves when a write may go (the probe rule); throws when it may not. */
  ensureFresh(call?: CallOptions): Promise<void>;
  /** The service is known not to answer now (the status says so): a read then waits at most `probeWithinMs`. */
  knownNotToAnswer(): boolean;
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
  /** The service was found not to answer: every read waiting for it fails now, as timed out. */
  endReads(): void;
  /** The failure of a read `endReads` ended (it says nothing new: it must not end the reads made since). */
  endedHere(error: unknown): boolean;
}

/**
 * Why a read was ended (a caller's signal aborted with a TimeoutError is a deadline that ran out, ./http/request.ts):
 * another call found the service not answering.
 */
const notAnswering = () => {
  const reason = new DOMException('The service does not answer: another call ran out of time', 'TimeoutError');
  ENDED.add(reason);
  return reason;
};
const ENDED = new WeakSet<object>();

const isPages = (out: unknown): out is AsyncIterable<unknown> =>
  typeof out === 'object' && out !== null && typeof (out as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] === 'function';

export function createWatch(deps: WatchDeps): Watch {
  const { clock, note } = deps;
  async function probe(client: () => ServiceClient, call?: CallOptions): Promise<void> {
    try {
      await watched(client()).settings(narrowCall(clock, { withinMs: deps.probeWithinMs, readRetries: 0 }, call));
    } catch (e) {
      const verdict = causeOf(e);
      if (verdict === 'answered' || verdict === 'rate-limited') return; // the service answered: the connection is good
      if (verdict === 'token-rejected') throw e; // the write would be refused the same way: nothing sent
      const why = verdict ? networkSaid({ cause: verdict, ...detailsOf(verdict, e) }) : errorValue(e);
      throw new NetworkError(failureWords.notChecked(why), 'no', { cause: e });
    }
  }

  /** The reads waiting for an answer, each with the end `endReads` gives it. */
  const reads = new Set<AbortController>();
  function endReads(): void {
    const ending = [...reads];
    reads.clear();
    for (const end of ending) end.abort(notAnswering());
  }
  /** A read's options: the caller's, with an end of the watch's, and no longer than a check while the service does not answer. */
  function readWith<T>(given: CallOptions | undefined, run: (call?: CallOptions) => T): T {
    const end = new AbortController();
    const short = deps.knownNotToAnswer() ? { withinMs: deps.probeWithinMs } : undefined;
    reads.add(end);
    let out: T;
    try {
      out = run(narrowCall(clock, given, short, { signal: end.signal }));
    } catch (e) {
      reads.delete(end);
      throw e;
    }
    const done = () => void reads.delete(end);
    // a promise is watched until it settles, pages until the last is read or the reader stops; a plain value is let go
    if (out instanceof Promise) out.then(done, done);
    else if (isPages(out)) return watchedPages(out, done) as T;
    else done();
    return out;
  }

  /**
   * Pages read one request at a time (timesheets, jobs, employees, time logs): their end stays registered until the
   * last page is read, a page fails or the reader stops, so `endReads` ends the page in flight and those after it; and
   * what they met is noted, as a promise's outcome is (an answer when the reading ends, else the failure).
   */
  function watchedPages<R>(pages: AsyncIterable<R>, done: () => void): AsyncIterable<R> {
    return {
      [Symbol.asyncIterator]() {
        const it = pages[Symbol.asyncIterator]();
        const over = (error?: unknown) => {
          done();
          note(error);
        };
        return {
          next: () =>
            it.next().then(
              (r) => {
                if (r.done) over();
                return r;
              },
              (e: unknown) => {
                over(e);
                throw e;
              },
            ),
          return: (value?: unknown) => {
            done();
            return it.return ? it.return(value) : Promise.resolve({ done: true as const, value: value as R });
          },
        };
      },
    };
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
      call: (method, run, given) => observe(WRITE_METHODS.has(method) ? run() : readWith(given, run)),
      beforeWrite: (_method, call) => deps.ensureFresh(call),
    });
    watchedClients.set(client, wrapped);
    return wrapped;
  }

  const endedHere = (error: unknown) => inChain(error, (e) => (ENDED.has(e) ? true : undefined)) ?? false;
  return { watched, probe, endReads, endedHere };
}
