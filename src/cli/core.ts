/**
 * Opens the same core the app runs (`createPunchcard`) and calls it only through its dispatcher, so the CLI gets
 * the app's input validation and error mapping. Loaded lazily: `--help` and `sandbox` never start it.
 */
import type { OperationName, OpInput, OpOutput } from '../shared/contract';
import type { CoreCalls, GlobalValues } from './command';
import { CoreFailure } from './failure';
import { CORE_OPENED } from './launch/core-opened';

export interface OpenCore extends CoreCalls {
  close(): Promise<void>;
}

/**
 * `useEnvAccount`: pass `--base-url/--token/--user` (or PUNCH_*) to the core as an environment account (used as is,
 * token in memory only). `login`/`logout` manage the stored account instead, so they open the core without it.
 */
/** `signal`: Ctrl+C. Handed to every operation, which passes it down to its requests (a request in flight is cancelled). */
export async function openCore(
  globals: GlobalValues,
  opts: { useEnvAccount: boolean; printUrl: (url: string) => void; signal?: AbortSignal },
): Promise<OpenCore> {
  const { createPunchcard, nodeFetch, pacingFromEnvironment } = await import('../core');
  // for the code cache: a command that opens the core makes a thin cache whole (./launch/punch.ts)
  (globalThis as Record<symbol, unknown>)[CORE_OPENED] = true;
  const env = opts.useEnvAccount ? envAccount(globals) : undefined;
  const pacing = globals.pacingEnv ? pacingFromEnvironment(globals.pacingEnv) : undefined;
  const punchcard = await createPunchcard({
    dataDir: globals.dataDir,
    ...(env ? { env } : {}),
    ...(pacing ? { pacing } : {}),
    // node:http and node:https, not global fetch: undici costs more CPU to load than the rest of `punch status`
    // (src/core/service/http/node-fetch.ts)
    fetch: nodeFetch as unknown as typeof fetch,
    // The CLI is one short process per command: it syncs when asked (`punch sync`, or right after `punch log`).
    autoSync: false,
    // OAuth sign-in: there is no browser window to open from here, so show the URL (stderr keeps --json clean).
    openExternal: async (url: string) => opts.printUrl(url),
    // the built-in demo company's code, loaded only when the demo is used (the core imports nothing of src/sandbox);
    // answered in this process, without a server: one short process that alone talks to its own demo service
    // (src/sandbox/in-process.ts; docs/cli.md "The built-in demo in the process")
    demoService: async () => {
      const code = await import('../sandbox');
      return { ...code, startSandbox: (o) => code.startSandbox({ ...o, inProcess: true }) };
    },
    // the kill tests' crash at a named step (tests only: PUNCH_TEST_KILL_AT)
    ...(globals.killAt ? { timerStep: (step: string) => step === globals.killAt && process.kill(process.pid, 'SIGKILL') } : {}),
  });
  const dispatch = punchcard.dispatch as (
    name: string,
    input: unknown,
    call?: { signal?: AbortSignal },
  ) => Promise<{ ok: true; value: unknown } | { ok: false; error: import('../shared/contract').BridgeError }>;
  return {
    async call<K extends OperationName>(name: K, input: OpInput<K>): Promise<OpOutput<K>> {
      const r = await dispatch(name, input, opts.signal ? { signal: opts.signal } : undefined);
      if (!r.ok) throw new CoreFailure(r.error);
      return r.value as OpOutput<K>;
    },
    close: () => punchcard.close(),
  };
}

function envAccount(g: GlobalValues): { baseUrl?: string; token?: string; user?: string } | undefined {
  const env = {
    ...(g.baseUrl ? { baseUrl: g.baseUrl } : {}),
    ...(g.token ? { token: g.token } : {}),
    ...(g.user ? { user: g.user } : {}),
  };
  return Object.keys(env).length ? env : undefined;
}
