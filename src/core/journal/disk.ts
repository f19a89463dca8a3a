/**
 * The journal's use of the disk, in one place: what a file looked like when last read (inode, size, mtime), whole
 * writes, durable appends' pieces (fsync of a file and of its directory), and the whole-file replace that a compaction
 * and a recovery use (temp file, fsync, rename over, fsync of the directory: a crash leaves the old file or the new one).
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { FILE_MODE } from '../store';

/** A file as last looked at. */
export interface Stamp {
  ino: bigint;
  size: number;
  mtimeNs: bigint;
}

export function stampOf(st: fs.BigIntStats): Stamp {
  return { ino: st.ino, size: Number(st.size), mtimeNs: st.mtimeNs };
}

/** The file's stamp, or undefined when there is none. */
export function statOf(file: string): Stamp | undefined {
  try {
    return stampOf(fs.statSync(file, { bigint: true }));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

export function fsyncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    /* not possible on every platform (Windows): the rename itself is atomic */
  } finally {
    if (fd !== undefined)
      try {
        fs.closeSync(fd);
      } catch {
        /* closed */
      }
  }
}

export function writeAll(fd: number, buf: Buffer): void {
  let off = 0;
  while (off < buf.length) off += fs.writeSync(fd, buf, off, buf.length - off);
}

/** `from` to the end of the file (what another process appended since this one last read). */
export function readRange(fd: number, from: number, to: number): Buffer {
  const buf = Buffer.allocUnsafe(to - from);
  let off = 0;
  while (off < buf.length) {
    const n = fs.readSync(fd, buf, off, buf.length - off, from + off);
    if (n === 0) break;
    off += n;
  }
  return buf.subarray(0, off);
}

/** The prefix of the temp files a whole write of `name` uses (`<name>.tmp-<pid>-<random>`). */
export function tempPrefix(name: string): string {
  return `${name}.tmp-`;
}

/** Removes temp files a process killed in the middle of a whole write left (call it under the file's lock). */
export function sweepTemps(dir: string, name: string): void {
  const prefix = tempPrefix(name);
  for (const entry of fs.readdirSync(dir)) {
    if (entry.startsWith(prefix))
      try {
        fs.unlinkSync(path.join(dir, entry));
      } catch {
        /* gone */
      }
  }
}

/** `bytes` as the whole file `dir/name`, owner-only: temp file, fsync, rename over, fsync of the directory. */
export function replaceFile(dir: string, name: string, bytes: Buffer): void {
  const tmp = path.join(dir, `${tempPrefix(name)}${process.pid}-${randomBytes(4).toString('hex')}`);
  const fd = fs.openSync(tmp, 'wx', FILE_MODE);
  try {
    writeAll(fd, bytes);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(tmp, path.join(dir, name));
  } catch (e) {
    try {
      fs.closeSync(fd);
    } catch {
      /* closed */
    }
    try {
      fs.unlinkSync(tmp);
    } catch {
      /* gone */
    }
    throw e;
  }
  fsyncDir(dir);
}

/** A time for a file name: `2026-11-20T09-30-00-000Z`. */
export function stampForName(now: number): string {
  return new Date(now).toISOString().replace(/[:.]/g, '-');
}
