/**
 * The walk down a failed call's chain of causes, the one every reader of a failure uses (what the failure was,
 * ./network-failure.ts; what it says about the connection, ../network-cause.ts): undici wraps the OS error in its own,
 * a NetworkError keeps fetch's failure as its `cause`, a wrapper keeps another failure (the probe's "not sent"), and an
 * AggregateError holds one error per address tried.
 */

/** One link of an error's cause chain, as far as the readers look at it. */
export interface Link {
  name?: unknown;
  kind?: unknown;
  code?: unknown;
  httpStatus?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
  [field: string]: unknown;
}

/** Links read at most: a chain is never deeper, and a cycle must not hang the caller. */
const MAX_LINKS = 6;

/**
 * The first answer `look` gives walking down an error's chain: each link, then an AggregateError's first error (and what
 * it holds), then the link's `cause`. `look` answers `undefined` to go on; any other value (`null` too) ends the walk
 * with it. `depth`: how many links above this one (0 for `err` itself).
 */
export function inChain<T>(err: unknown, look: (e: Link, depth: number) => T | undefined): T | undefined {
  let left = MAX_LINKS;
  const walk = (from: unknown, depth: number): T | undefined => {
    for (let cur = from; left > 0 && cur && typeof cur === 'object'; depth++) {
      left--;
      const e = cur as Link;
      const found = look(e, depth);
      if (found !== undefined) return found;
      if (Array.isArray(e.errors) && e.errors.length > 0) {
        const inner = walk(e.errors[0], depth + 1);
        if (inner !== undefined) return inner;
      }
      cur = e.cause;
    }
    return undefined;
  };
  return walk(err, 0);
}
