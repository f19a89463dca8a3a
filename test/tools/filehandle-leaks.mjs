/**
 * A probe, not part of any run: preloaded into every Node process of a test run, it writes where each FileHandle left
 * to the garbage collector was opened (what Node warns about as "Closing file descriptor N on garbage collection",
 * without saying where). How it was used (docs/benchmarks.md, "The GC file warnings"):
 *
 *   NODE_OPTIONS="--expose-gc --import ./test/tools/filehandle-leaks.mjs" PUNCH_FILEHANDLE_LEAKS=/tmp/filehandle-leaks \
 *     npx vitest run --project unit
 *
 * Each FileHandle is made through EventEmitter's constructor (Node's FileHandle extends it), where its stack is taken
 * (the async frames name the caller, also for fs/promises' own readFile and writeFile); its `close` is wrapped once the
 * constructor is through. Every 200 ms and at exit, a handle the collector took without a close is written to
 * `<dir>/leak-<pid>.log`; with --expose-gc a full collection runs every second and at exit, so a leak shows.
 */
import { EventEmitter } from 'node:events';
import { appendFileSync, mkdirSync } from 'node:fs';

const dir = process.env.PUNCH_FILEHANDLE_LEAKS ?? '/tmp/filehandle-leaks';
mkdirSync(dir, { recursive: true });
/** @type {{ ref: WeakRef<object>, stack: string, closed: boolean }[]} */
let tracked = [];
const init = EventEmitter.init;
EventEmitter.init = function (opts) {
  if (this?.constructor?.name === 'FileHandle') {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 60;
    const entry = { ref: new WeakRef(this), stack: String(new Error('FileHandle opened').stack), closed: false };
    Error.stackTraceLimit = limit;
    tracked.push(entry);
    // `close` is an instance field, there once the constructor is through (before the opener's code gets the handle)
    queueMicrotask(() => {
      const handle = entry.ref.deref();
      if (!handle) return;
      const close = handle.close;
      handle.close = function (...args) {
        entry.closed = true;
        return close.apply(this, args);
      };
    });
  }
  return init.call(this, opts);
};

function sweep() {
  const kept = [];
  for (const entry of tracked) {
    if (entry.closed) continue;
    if (entry.ref.deref()) kept.push(entry);
    else appendFileSync(`${dir}/leak-${process.pid}.log`, `${process.argv.slice(1).join(' ')}\nleft to GC:\n${entry.stack}\n\n`);
  }
  tracked = kept;
}
setInterval(sweep, 200).unref();
const gc = /** @type {(() => void) | undefined} */ (globalThis.gc);
if (gc) setInterval(gc, 1000).unref();
// A leak in a process's last moments (a test file's server closed at its end): one more collection as it exits, also
// when it is ended by SIGTERM (vitest ends its workers so), which otherwise exits without an 'exit' event.
process.on('exit', () => {
  gc?.();
  sweep();
});
process.on('SIGTERM', () => process.exit(143));
