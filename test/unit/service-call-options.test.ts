/**
 * Per-call deadlines (`withCallOptions` in src/core/service/http.ts): a user action bounds its reads, pages and
 * retries included, against a server that accepts and never answers; work started inside such a scope but outside
 * it on purpose (`withoutCallOptions`, the sync engine) keeps the policy's own timeout.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../src/core/service/client';
import { NetworkError } from '../../src/core/service/errors';
import { withCallOptions, withoutCallOptions } from '../../src/core/service/http';
import { ACTION_WRITE, DEFAULT_POLICY, SANDBOX_POLICY, writeTimeoutOf } from '../../src/core/service/policy';

let server: http.Server | undefined;
let seen = 0;
// Node loads its HTTP client on the first fetch (50-150 ms, far more while other test files keep the cores busy): done
// once here, so the deadlines of a few hundred ms below measure the calls and not that loading.
beforeAll(async () => { await fetch('http://127.0.0.1:1').catch(() => undefined); });
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = undefined;
  seen = 0;
});

async function blackHole(): Promise<string> {
  server = http.createServer(() => { seen++; /* never answers */ });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const client = (url: string) => createServiceClient({ baseUrl: url, getToken: async () => 't', policy: { ...SANDBOX_POLICY, timeoutMs: 30_000, backoffBaseMs: 1 } });

describe('call options', () => {
  it('ends a read at its deadline, with no retries inside, as a timeout', async () => {
    const c = client(await blackHole());
    const t = Date.now();
    const err = await withCallOptions({ withinMs: 300, readRetries: 0 }, () => c.settings()).catch((e: unknown) => e);
    expect(Date.now() - t).toBeLessThan(2_000);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as Error).message).toMatch(/^The service did not answer in time while reading your company's settings\. Nothing was changed\.$/);
    expect(seen).toBe(1);
  });

  it('holds one deadline for the whole scope: a retry that would pass it is not made', async () => {
    const c = client(await blackHole());
    const t = Date.now();
    await withCallOptions({ withinMs: 400 }, () => c.settings()).catch(() => undefined);
    expect(Date.now() - t).toBeLessThan(2_000);
    expect(seen).toBe(1);
  });

  it('lets work opt out of an enclosing scope (the engine woken by a read keeps the policy timeout)', async () => {
    const c = client(await blackHole());
    let outcome = 'pending';
    await withCallOptions({ withinMs: 200, readRetries: 0 }, async () => {
      void withoutCallOptions(() => c.addTimeLog({ user: 'u@x.test', workDate: '2026-01-05', hours: '01:00', jobName: 'J' }))
        .then(() => { outcome = 'answered'; }, () => { outcome = 'failed'; });
    });
    await new Promise((r) => setTimeout(r, 800));
    expect(outcome).toBe('pending'); // still waiting for its own write timeout (10 s), not cut at 200 ms
  });

  it("gives a write up after the policy's writeTimeoutMs, sooner than a read's timeoutMs, as maybe applied", async () => {
    const url = await blackHole();
    const c = createServiceClient({ baseUrl: url, getToken: async () => 't', policy: { ...SANDBOX_POLICY, timeoutMs: 30_000, writeTimeoutMs: 300 } });
    const t = Date.now();
    const err = await c.addTimeLog({ user: 'u@x.test', workDate: '2026-01-05', hours: '01:00', jobName: 'J' }).catch((e: unknown) => e);
    expect(Date.now() - t).toBeLessThan(2_000);
    expect(err).toMatchObject({ name: 'NetworkError', applied: 'unknown', kind: 'timeout' });
    // a read keeps the longer timeout
    let read = 'pending';
    void c.settings().then(() => { read = 'answered'; }, () => { read = 'failed'; });
    await new Promise((r) => setTimeout(r, 600));
    expect(read).toBe('pending');
  });

  it('bounds a user action that writes (ACTION_WRITE): the write within 7 s, the whole action within 12 s', () => {
    expect(ACTION_WRITE).toMatchObject({ withinMs: 12_000, timeoutMs: 7_000, readRetries: 0 });
    expect(writeTimeoutOf(DEFAULT_POLICY)).toBe(10_000);
    expect(writeTimeoutOf({ ...DEFAULT_POLICY, timeoutMs: 1_500 })).toBe(1_500); // never above the request timeout
  });

  it('aborts a read when its signal is aborted', async () => {
    const c = client(await blackHole());
    const stop = new AbortController();
    const read = withCallOptions({ signal: stop.signal, readRetries: 0 }, () => c.settings()).catch((e: unknown) => e);
    setTimeout(() => stop.abort(), 100);
    const t = Date.now();
    expect(await read).toBeInstanceOf(NetworkError);
    expect(Date.now() - t).toBeLessThan(2_000);
  });
});
