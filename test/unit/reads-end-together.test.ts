/**
 * Reads end together (src/core/service/watched-client.ts): once a call of the watched session runs out of time, every
 * read still waiting for the service fails at once, as a timeout; a read made while the status says the service does
 * not answer gets no more than a check's time; a write in flight is never ended (it may have reached the service: the
 * outbox settles it by reading it back). On a client whose calls the test holds and settles, and a test clock.
 * @inner src/core/service/reachability.ts, src/core/service/http/network-failure.ts, src/core/service/network-cause.ts
 */
import { describe, expect, it } from 'vitest';
import { createReachability, type CallOptions, type ServiceClient, type Session } from '../../src/core/service';
import { REACH_POLICY } from '../../src/core/service/reachability';
import { networkErrorFrom } from '../../src/core/service/http/network-failure';
import { causeOf } from '../../src/core/service/network-cause';
import { testClock } from '../fixtures/test-timers';

const START = Date.UTC(2026, 10, 18, 9);

interface Held {
  method: string;
  call: CallOptions | undefined;
  answer(value: unknown): void;
  fail(error: unknown): void;
  settled: boolean;
}

/**
 * A client whose every call waits until the test settles it (`answer`, `fail`), or until its signal aborts: then it
 * fails as the real client does (src/core/service/http/request.ts: a TimeoutError reason is said as a timeout).
 */
function heldClient(): { client: ServiceClient; calls: Held[] } {
  const calls: Held[] = [];
  const call = (method: string, options: CallOptions | undefined) =>
    new Promise((resolve, reject) => {
      const held: Held = {
        method,
        call: options,
        settled: false,
        answer: (v) => ((held.settled = true), resolve(v)),
        fail: (e) => ((held.settled = true), reject(e)),
      };
      options?.signal?.addEventListener('abort', () => held.fail(networkErrorFrom(options.signal!.reason, method, 8_000)), {
        once: true,
      });
      calls.push(held);
    });
  const client = {
    settings: (o?: CallOptions) => call('settings', o),
    allTimeLogs: (_q: unknown, o?: CallOptions) => call('allTimeLogs', o),
    timesheetDetails: (_id: string, o?: CallOptions) => call('timesheetDetails', o),
    addTimeLog: (_input: unknown, o?: CallOptions) => call('addTimeLog', o),
    // pages, one request each, as the real client reads them (src/core/service/wire/paging.ts)
    timesheets: (_q: unknown, _page: unknown, o?: CallOptions) => ({
      async *[Symbol.asyncIterator]() {
        for (;;) {
          const page = (await call('timesheets', o)) as unknown[];
          if (page.length === 0) return;
          yield* page;
        }
      },
    }),
  } as unknown as ServiceClient;
  return { client, calls };
}

function watchedOver(client: ServiceClient) {
  const clock = testClock(START);
  const account = { kind: 'service', baseUrl: 'https://people.example', user: 'me@example.com' } as ReturnType<Session['account']>;
  const session: Session = { client: () => client, user: () => account.user, account: () => account, onChange: () => () => {} };
  const reach = createReachability({ session, clock, random: () => 0.5 });
  return { reach, clock, watched: reach.session.client() };
}

const ranOut = () => networkErrorFrom(new DOMException('The operation was aborted due to timeout', 'TimeoutError'), 'settings', 4_000);
const settle = () => new Promise((r) => setImmediate(r));

describe('reads end together', () => {
  it('a call that ran out of time ends every read still waiting, as a timeout; a write in flight goes on', async () => {
    const { client, calls } = heldClient();
    const { reach, watched } = watchedOver(client);
    // an answered exchange: the write goes without a check
    const first = watched.settings();
    calls[0].answer({});
    await first;
    const week = watched.allTimeLogs({ user: 'me' } as never, { withinMs: 8_000, readRetries: 0 });
    const details = watched.timesheetDetails('T1');
    const write = watched.addTimeLog({} as never, { timeoutMs: 7_000 });
    await settle();
    const [, weekCall, detailsCall, writeCall] = calls;
    expect(writeCall.method).toBe('addTimeLog');
    expect(writeCall.call).toEqual({ timeoutMs: 7_000 }); // a write goes with its own options, nothing added
    const settings = watched.settings({ withinMs: 4_000 });
    calls[4].fail(ranOut());
    await expect(settings).rejects.toMatchObject({ kind: 'timeout' });
    // the reads still waiting fail at once, said as a timeout (not as "cancelled")
    await expect(week).rejects.toMatchObject({ name: 'NetworkError', kind: 'timeout' });
    await expect(details).rejects.toSatisfy((e) => causeOf(e) === 'timeout');
    expect([weekCall.settled, detailsCall.settled]).toEqual([true, true]);
    expect(reach.status().cause).toBe('timeout');
    // the write is still in flight; its own answer decides
    expect(writeCall.settled).toBe(false);
    writeCall.answer({ timeLogId: 'L1', message: 'ok' });
    await expect(write).resolves.toMatchObject({ timeLogId: 'L1' });
  });

  it('pages being read end with the others once a call runs out of time, the page in flight and those after it', async () => {
    const { client, calls } = heldClient();
    const { reach, watched } = watchedOver(client);
    const read: string[] = [];
    const reading = (async () => {
      for await (const t of watched.timesheets({ user: 'me' } as never, undefined, { withinMs: 8_000, readRetries: 0 }))
        read.push(String(t));
    })().catch((e: unknown) => e);
    await settle();
    calls[0].answer(['T1', 'T2']);
    await settle();
    expect(calls[1]).toMatchObject({ method: 'timesheets', settled: false }); // the second page waits for the service
    const settings = watched.settings({ withinMs: 4_000 });
    await settle();
    calls[2].fail(ranOut());
    await expect(settings).rejects.toMatchObject({ kind: 'timeout' });
    // the page in flight fails at once, said as a timeout (it waited out its own 8 s: never, on this held client)
    await settle();
    expect(calls[1].settled).toBe(true);
    expect(await reading).toMatchObject({ name: 'NetworkError', kind: 'timeout' });
    expect(read).toEqual(['T1', 'T2']);
    expect(reach.status().cause).toBe('timeout');
    // pages read to their end are an answer, as a promise's result is: the status comes back
    const again = (async () => {
      const got: unknown[] = [];
      for await (const t of watched.timesheets({ user: 'me' } as never)) got.push(t);
      return got;
    })();
    await settle();
    calls[3].answer(['T3']);
    await settle();
    calls[4].answer([]);
    await expect(again).resolves.toEqual(['T3']);
    expect(reach.status().cause).toBe('online');
  });

  it('a read made while the service does not answer gets a check’s time, and is not ended by the reads ended before it', async () => {
    const { client, calls } = heldClient();
    const { reach, clock, watched } = watchedOver(client);
    const before = watched.allTimeLogs({ user: 'me' } as never, { withinMs: 8_000 });
    const settings = watched.settings({ withinMs: 4_000 });
    await settle();
    // a read made before the service was found not to answer keeps its own deadline
    expect(calls[0].call?.deadline).toBe(clock.elapsed() + 8_000);
    calls[1].fail(ranOut());
    await expect(settings).rejects.toMatchObject({ kind: 'timeout' });
    expect(reach.status().cause).toBe('timeout');
    const ended = await before.catch((e: unknown) => e);
    expect(ended).toMatchObject({ kind: 'timeout' });
    const after = watched.allTimeLogs({ user: 'me' } as never, { withinMs: 8_000 });
    // the ended read's failure noted again (as when it arrives late): it says nothing new and ends no read made since
    reach.note(ended);
    await settle();
    const made = calls[2];
    expect(made.call?.deadline).toBe(clock.elapsed() + REACH_POLICY.probeWithinMs);
    expect(made.settled).toBe(false);
    made.answer([]);
    await expect(after).resolves.toEqual([]);
    expect(reach.status().cause).toBe('online'); // an answer: the service is back, reads get their own time again
    const next = watched.allTimeLogs({ user: 'me' } as never, { withinMs: 8_000 });
    await settle();
    expect(calls[3].call?.deadline).toBe(clock.elapsed() + 8_000);
    calls[3].answer([]);
    await next;
  });
});
