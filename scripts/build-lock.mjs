/**
 * One build of the app (`electron-vite build`: out/main, out/preload, out/renderer) at a time, whoever asks:
 * scripts/web.mjs when the interface is older than its sources, scripts/build-app.mjs (npm run build, the tests,
 * packaging). electron-vite empties the folders it writes: two at once (two `npm run web` after a `git pull`) removed
 * each other's files, and one of them failed with "the interface did not build".
 *
 * The lock is a file in out/ holding its owner's pid, made with O_EXCL. Whoever finds it waits until it is gone, then
 * uses the other's build when it is current (else builds under the lock in turn). A lock whose pid is gone (a build
 * killed, a machine restarted) is stale and taken over at once; so is one older than STALE_MS whatever its pid says
 * (the pid of a long-dead build reused by another process).
 */
import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Longer than any build (about 30 s on two busy cores): a lock this old is stale, whatever its pid. */
const STALE_MS = 15 * 60_000;
/** A lock just made and not yet written (its pid comes a moment after the file): given this long before it counts as stale. */
const UNWRITTEN_MS = 5_000;
const POLL_MS = 100;

const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Whether process `pid` is running (one of another user's answers EPERM: running too). */
function running(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

/** The lock as found: its owner's pid (undefined while unwritten), its age and inode; undefined when there is none. */
function lockAt(lock) {
  try {
    const s = statSync(lock);
    const pid = Number.parseInt(readFileSync(lock, 'utf8'), 10);
    return { pid: Number.isInteger(pid) && pid > 0 ? pid : undefined, age: Date.now() - s.mtimeMs, ino: s.ino };
  } catch {
    return undefined;
  }
}

function isStale(found) {
  if (found.age > STALE_MS) return true;
  return found.pid === undefined ? found.age > UNWRITTEN_MS : !running(found.pid);
}

/** Removes the stale lock `found`, unless another process replaced it meanwhile (another inode). */
function removeStale(lock, found) {
  try {
    if (statSync(lock).ino === found.ino) unlinkSync(lock);
  } catch {
    /* gone meanwhile */
  }
}

/**
 * Runs `build()` under the lock `lock` unless `isCurrent()`: at once when nothing holds the lock, else once the
 * holder is done and its build is not current after all. `waiting(pid)` is said once when another process holds it.
 * Returns `{ built: false }` when the build was current (before, or made by the other process), `{ built: true, result }`
 * when this process built.
 */
export function buildOnce(lock, { isCurrent, build, waiting = () => {} }) {
  if (isCurrent()) return { built: false };
  mkdirSync(dirname(lock), { recursive: true });
  let waited = false;
  for (;;) {
    let fd;
    try {
      fd = openSync(lock, 'wx');
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      const found = lockAt(lock);
      if (!found) continue; // released between the two looks
      if (isStale(found)) {
        removeStale(lock, found);
        continue;
      }
      if (!waited) waiting(found.pid);
      waited = true;
      pause(POLL_MS);
      continue;
    }
    try {
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      // the other process's build, ended while this one waited: used as it is
      if (waited && isCurrent()) return { built: false };
      return { built: true, result: build() };
    } finally {
      const mine = lockAt(lock);
      if (mine?.pid === process.pid) removeStale(lock, mine);
    }
  }
}

/** The app build's lock: beside what it builds. */
export const appBuildLock = (root) => join(root, 'out', 'app-build.lock');
