/**
 * The wrapper around a service client (src/core/service/client-wrap.ts), which reachability's watch and the sync
 * engine's stop at close use: every method of the real client is wrapped and reaches the client with its arguments
 * as given; the nine writes, and only they, wait for the check before a write, which gets the write's own options
 * (its deadline and signal), whatever their position; a call refused by `call` reaches nothing.
 */
import { describe, expect, it } from 'vitest';
import { createServiceClient, NetworkError, SANDBOX_POLICY, wrapClient, type ServiceClient } from '../../src/core/service';

const WRITES = [
  'addTimeLog',
  'editTimeLog',
  'deleteTimeLog',
  'createTimesheet',
  'modifyTimesheet',
  'deleteTimesheet',
  'approveTimesheet',
  'insertEmployee',
  'updateEmployee',
];

/** A client with the real client's methods, each recording its arguments and answering at once. */
function recordingClient(): { client: ServiceClient; seen: Map<string, unknown[]> } {
  const real = createServiceClient({ baseUrl: 'http://127.0.0.1:9', getToken: async () => 't', policy: SANDBOX_POLICY });
  const seen = new Map<string, unknown[]>();
  const client = Object.fromEntries(
    Object.keys(real).map((name) => [
      name,
      (...args: unknown[]) => {
        seen.set(name, args);
        return Promise.resolve(`answer of ${name}`);
      },
    ]),
  ) as unknown as ServiceClient;
  return { client, seen };
}

describe('wrapping a service client', () => {
  it('wraps every method of the real client; writes wait for the check with their own options, reads do not', async () => {
    const { client, seen } = recordingClient();
    const checked: [string, unknown][] = [];
    const called: string[] = [];
    const wrapped = wrapClient(client, {
      call: (method, run) => {
        called.push(method);
        return run();
      },
      beforeWrite: async (method, call) => {
        checked.push([method, call]);
      },
    });
    expect(Object.keys(wrapped).sort()).toEqual(Object.keys(client).sort());
    for (const name of Object.keys(client)) {
      // as many arguments as the method declares, the last one its options (the writes' options are at 2nd to 4th place)
      const arity = (wrapped as unknown as Record<string, (...a: unknown[]) => unknown>)[name].length;
      const args = Array.from({ length: arity }, (_, i) =>
        i === arity - 1 ? { signal: undefined, tag: `options of ${name}` } : `arg ${i}`,
      );
      const out = await (wrapped as unknown as Record<string, (...a: unknown[]) => unknown>)[name](...args);
      expect(out, name).toBe(`answer of ${name}`);
      expect(seen.get(name), `${name} reached the client with its arguments`).toEqual(args);
    }
    expect(checked.map(([m]) => m).sort()).toEqual([...WRITES].sort());
    for (const [method, call] of checked)
      expect(call, `${method}'s check got its options`).toEqual({ signal: undefined, tag: `options of ${method}` });
    expect(called.sort()).toEqual(Object.keys(client).sort());
  });

  it('a write whose check fails reaches nothing; a call refused by `call` reaches nothing', async () => {
    const { client, seen } = recordingClient();
    const unchecked = wrapClient(client, {
      call: (_m, run) => run(),
      beforeWrite: () => Promise.reject(new NetworkError('no answer to the check', 'no')),
    });
    await expect(
      unchecked.addTimeLog({ workDate: '2026-11-18', hours: '01:00', jobId: 'J', billingStatus: 'Billable' } as never),
    ).rejects.toThrow('no answer to the check');
    expect(seen.has('addTimeLog')).toBe(false);
    const closed = wrapClient(client, {
      call: () => {
        throw new NetworkError('closing', 'no');
      },
    });
    expect(() => closed.settings()).toThrow('closing');
    expect(seen.has('settings')).toBe(false);
  });
});
