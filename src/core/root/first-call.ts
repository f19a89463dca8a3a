/**
 * Handlers whose module is loaded when one of them is first called: the composition root lists their names (the
 * contract's, so every call still has exactly one handler) and `load` opens the room that answers them (an `import()`
 * of its folder, a chunk of its own in the bundles: scripts/build-node.mjs). Each call waits for the one load; a load
 * that failed is tried again at the next call instead of failing every later one.
 */
import type { Handlers, OperationCall } from '../../shared/contract';

export function onFirstCall<K extends keyof Handlers>(names: readonly K[], load: () => Promise<Pick<Handlers, K>>): Pick<Handlers, K> {
  const out: Partial<Record<K, unknown>> = {};
  for (const name of names) {
    out[name] = async (input: unknown, call?: OperationCall) => {
      const handler = (await load())[name] as (i: unknown, c?: OperationCall) => Promise<unknown>;
      return handler(input, call);
    };
  }
  return out as Pick<Handlers, K>;
}
