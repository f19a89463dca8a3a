/**
 * The journal file's bytes as one process reads and writes them (./journal-file.ts holds what they mean): the whole
 * file, what grew since this process last read, one record appended and made durable (or cut back), an end cut off.
 * Each opens the file, does its one thing and closes it; none reads or changes the document.
 */
import fs from 'node:fs';
import { saidError } from '../../../shared/i18n/said';
import { journalWords } from '../words';
import { readRange, stampOf, writeAll, type Stamp } from '../disk';

/** The whole file and its stamp, or undefined when there is none. */
export function readWhole(file: string): { bytes: Buffer; st: Stamp } | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    return undefined;
  }
  try {
    const st = stampOf(fs.fstatSync(fd, { bigint: true }));
    return { bytes: fs.readFileSync(fd), st };
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The bytes from `from` to the end, when the file is still the one this process read (`looked`: same inode, no
 * shorter, still starting with `head`); undefined when it is not (gone, replaced, cut, another file on a reused
 * inode): then only reading it whole tells what it holds.
 */
export function readGrown(
  file: string,
  looked: Stamp | undefined,
  head: Buffer | undefined,
  from: number,
): { buf: Buffer; st: Stamp } | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const st = stampOf(fs.fstatSync(fd, { bigint: true }));
    if (!looked || st.ino !== looked.ino || st.size < from || !startsWith(fd, head)) return undefined;
    return { buf: readRange(fd, from, st.size), st };
  } finally {
    try {
      fs.closeSync(fd);
    } catch {
      /* nothing was written through it */
    }
  }
}

/** Does the open file still start with the header this process read (not another file on a reused inode)? */
function startsWith(fd: number, head: Buffer | undefined): boolean {
  if (!head) return false;
  const b = Buffer.alloc(head.length);
  return fs.readSync(fd, b, 0, b.length, 0) === b.length && b.equals(head);
}

/**
 * Under the lock: appends `line` to a file that must end at `at` (the end of the last record read) and fdatasyncs it;
 * returns the file's stamp after. A failed write (disk full) cuts what it may have written and throws.
 */
export function appendDurably(file: string, at: number, line: Buffer): Stamp {
  // O_APPEND without O_CREAT: a file removed in between must not come back as a journal without its header
  const fd = fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_APPEND);
  if (fs.fstatSync(fd).size !== at) {
    // the catch-up just before leaves the file ending with the last record read; anything else is not ours to follow
    fs.closeSync(fd);
    throw saidError(journalWords.tornEnd(file));
  }
  let st: Stamp;
  try {
    writeAll(fd, line);
    fs.fdatasyncSync(fd);
    st = stampOf(fs.fstatSync(fd, { bigint: true }));
  } catch (e) {
    try {
      fs.ftruncateSync(fd, at);
    } catch {
      /* then it is a torn end, dropped by the next change */
    }
    fs.closeSync(fd);
    throw e;
  }
  fs.closeSync(fd);
  return st;
}

/** Under the lock: cuts the file at `at` and fsyncs it, handing what was cut to `keep` first; the stamp after. */
export function cutEnd(file: string, at: number, keep: (cut: Buffer) => void): Stamp {
  const fd = fs.openSync(file, 'r+');
  try {
    const end = fs.fstatSync(fd).size;
    if (end > at) keep(readRange(fd, at, end));
    fs.ftruncateSync(fd, at);
    fs.fsyncSync(fd);
    return stampOf(fs.fstatSync(fd, { bigint: true }));
  } finally {
    fs.closeSync(fd);
  }
}
