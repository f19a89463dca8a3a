/**
 * The CLI's code cache: V8's compiled code of the bundle, kept per user so a command does not compile the bundle again
 * on every start (docs/cli.md "The code cache"; docs/benchmarks.md "punch status, fifth pass").
 *
 * A cache is code the process runs without checking it against the source (V8 compares only the source's length, its
 * own version and flags), so:
 * - it is named by the bundle's content hash (and Node's V8 version and the CPU), so a cache of another build is never
 *   even opened;
 * - it lives in a directory of the user's (XDG_CACHE_HOME or ~/.cache, then `punchcard/`, created 0700) and is used only
 *   when that directory and the file are the user's own and writable by no one else: a planted cache is planted code;
 * - it starts with a checksum (CRC-32) of V8's data, checked before V8 sees it: V8 verifies its own checksum only in
 *   debug builds, so a damaged file of the right length would otherwise be run;
 * - it is written to a temporary name and linked or renamed into place, so no process reads half a cache;
 * - it says whether the command that made it opened the core (`full`): one made by `--help` or `--version` holds only
 *   the parser's code, and the first command that opens the core writes it again, once (./punch.ts), so a thin cache
 *   does not stay for the whole build (docs/cli.md "The code cache").
 * Every failure (no home, a read-only or full disk, a damaged file) means running without the cache: never another
 * output or exit code. `PUNCH_NO_CODE_CACHE=1` turns it off.
 */
import {
  closeSync,
  fstatSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { crc32 } from 'node:zlib';

/** The first bytes of a cache file of this format, before the checksum and V8's data. */
const MAGIC = Buffer.from('PUNCHCC2', 'ascii');
// the magic, V8's data's CRC-32, its length and the flags (three uint32, little-endian)
const HEADER = MAGIC.length + 12;
/** The flag of a cache made by a command that opened the core. */
const FULL = 1;
/** Caches of other builds, not touched (modified) for this long, are removed when a new one is written. */
const OLD_CACHE_MS = 14 * 24 * 3600_000;

export interface CodeCache {
  dir: string;
  file: string;
}

/** Where the cache of the bundle whose content hashes to `bundleHash` is, or undefined when the cache is off. */
export function codeCacheFor(env: NodeJS.ProcessEnv, bundleHash: string): CodeCache | undefined {
  if (env.PUNCH_NO_CODE_CACHE && env.PUNCH_NO_CODE_CACHE !== '0') return undefined;
  // zlib's crc32 came in Node 20.15 and 22.2: without it a cache cannot be checked, so none is used
  if (typeof crc32 !== 'function') return undefined;
  let base = env.XDG_CACHE_HOME;
  if (!base || !isAbsolute(base)) {
    const home = homedir();
    if (!home) return undefined;
    base = join(home, '.cache');
  }
  const dir = join(base, 'punchcard');
  return { dir, file: join(dir, `punch-${bundleHash}-v8-${process.versions.v8}-${process.arch}.v8cache`) };
}

/** Owned by this user and writable by no one else (where the system has users). */
function private_(st: { uid: number; mode: number }): boolean {
  const uid = process.getuid?.();
  return uid === undefined || (st.uid === uid && (st.mode & 0o022) === 0);
}

/**
 * What the cache file holds: V8's data (`data`) and whether the command that made it opened the core (`full`); or why there is none to use: `none` (no file yet), `damaged` (ours but
 * not whole, or not of this format: to be written again), `refused` (the directory or the file is not this user's
 * alone: never used, never written).
 */
export type CacheRead = { data: Buffer; full: boolean } | 'none' | 'damaged' | 'refused';

export function readCodeCache(cache: CodeCache): CacheRead {
  let fd: number | undefined;
  try {
    const dir = statSync(cache.dir, { throwIfNoEntry: false });
    if (!dir) return 'none';
    if (!dir.isDirectory() || !private_(dir)) return 'refused';
    try {
      fd = openSync(cache.file, 'r');
    } catch {
      return 'none';
    }
    const st = fstatSync(fd);
    if (!st.isFile() || !private_(st)) return 'refused';
    if (st.size < HEADER) return 'damaged';
    const all = Buffer.allocUnsafe(st.size);
    if (readSync(fd, all, 0, st.size, 0) !== st.size || !all.subarray(0, MAGIC.length).equals(MAGIC)) return 'damaged';
    const data = all.subarray(HEADER);
    if (all.readUInt32LE(MAGIC.length + 4) !== data.length || all.readUInt32LE(MAGIC.length) !== crc32(data)) return 'damaged';
    return { data, full: (all.readUInt32LE(MAGIC.length + 8) & FULL) !== 0 };
  } catch {
    return 'refused'; // unreadable: run without, and leave it
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Writes V8's `data` as the cache: a new file where there was none (linked into place, so of processes writing at once
 * one wins and the others leave it), or over a cache V8 rejected or a thin one (`replace`). `full`: the command that
 * made it opened the core. False when it could not be written.
 */
export function writeCodeCache(cache: CodeCache, data: Buffer, replace: boolean, full = false): boolean {
  const temp = `${cache.file}.${process.pid}.tmp`;
  try {
    mkdirSync(cache.dir, { recursive: true, mode: 0o700 });
    if (!private_(statSync(cache.dir))) return false;
    const header = Buffer.alloc(HEADER);
    MAGIC.copy(header);
    header.writeUInt32LE(crc32(data), MAGIC.length);
    header.writeUInt32LE(data.length, MAGIC.length + 4);
    header.writeUInt32LE(full ? FULL : 0, MAGIC.length + 8);
    writeFileSync(temp, Buffer.concat([header, data]), { mode: 0o600, flag: 'wx' });
    if (replace) renameSync(temp, cache.file);
    else linkSync(temp, cache.file);
    removeOldCaches(cache);
    return true;
  } catch {
    return false; // read-only, full, or written by another process meanwhile
  } finally {
    try {
      unlinkSync(temp);
    } catch {
      /* renamed, or never written */
    }
  }
}

/** Caches of builds long gone (another build's, untouched for two weeks), and temporary files a killed process left. */
function removeOldCaches(cache: CodeCache): void {
  const now = Date.now();
  for (const name of readdirSync(cache.dir)) {
    const path = join(cache.dir, name);
    if (path === cache.file || !/^punch-.*\.v8cache(\.\d+\.tmp)?$/.test(name)) continue;
    try {
      if (now - statSync(path).mtimeMs > (name.endsWith('.tmp') ? 3600_000 : OLD_CACHE_MS)) unlinkSync(path);
    } catch {
      /* removed meanwhile */
    }
  }
}
