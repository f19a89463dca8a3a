/**
 * A value made on first use, then kept: what a module would otherwise build at load. A zod schema costs its
 * construction when built (the contract's 50-odd inputs were about 5 ms of every `punch` start, most for operations
 * the command never calls: docs/benchmarks.md "punch status, second pass"), so a module that declares many builds
 * each one when it is first asked for. The thunk's type is the value's: `z.infer<ReturnType<typeof X>>`.
 */
export function once<T>(make: () => T): () => T {
  let made = false;
  let value: T;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value;
  };
}
