/**
 * The CLI's code cache file (src/cli/launch/code-cache.ts): where it is, what is refused, what counts as damaged. The
 * whole route (a command writing it, using it, surviving a damaged one) is test/integration/cli-code-cache.test.ts.
 */
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { codeCacheFor, readCodeCache, writeCodeCache } from '../../src/cli/launch/code-cache';
import { removeDir, tempDir } from '../fixtures/temp-dirs';

const DATA = Buffer.from('V8 code cache bytes '.repeat(50));
let dirs: string[] = [];
const scratch = () => {
  const d = tempDir('punch-code-cache-');
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs) removeDir(d);
  dirs = [];
});

describe('the code cache file', () => {
  it('lives in XDG_CACHE_HOME/punchcard, named by the bundle hash, Node V8 version and CPU; PUNCH_NO_CODE_CACHE turns it off', () => {
    const cache = codeCacheFor({ XDG_CACHE_HOME: '/x/cache' }, 'abc123');
    expect(cache?.dir).toBe('/x/cache/punchcard');
    expect(cache?.file).toBe(`/x/cache/punchcard/punch-abc123-v8-${process.versions.v8}-${process.arch}.v8cache`);
    expect(codeCacheFor({ XDG_CACHE_HOME: '/x/cache' }, 'def456')?.file).not.toBe(cache?.file);
    // a relative XDG_CACHE_HOME is not a base directory (the XDG spec): ~/.cache
    expect(codeCacheFor({ XDG_CACHE_HOME: 'rel' }, 'abc123')?.dir).toMatch(/\/\.cache\/punchcard$/);
    expect(codeCacheFor({ XDG_CACHE_HOME: '/x/cache', PUNCH_NO_CODE_CACHE: '1' }, 'abc123')).toBeUndefined();
  });

  it('is written 0600 in a 0700 directory and read back; a second first write leaves the first', () => {
    const cache = codeCacheFor({ XDG_CACHE_HOME: scratch() }, 'h1')!;
    expect(readCodeCache(cache)).toBe('none');
    expect(writeCodeCache(cache, DATA, false)).toBe(true);
    expect(statSync(cache.dir).mode & 0o777).toBe(0o700);
    expect(statSync(cache.file).mode & 0o777).toBe(0o600);
    expect(readCodeCache(cache)).toEqual({ data: DATA, full: false });
    // two processes making the first cache at once: one wins, the other's is dropped
    expect(writeCodeCache(cache, Buffer.from('other'), false)).toBe(false);
    expect(readCodeCache(cache)).toEqual({ data: DATA, full: false });
    // a thin cache made whole by a command that opened the core: the flag is kept with it
    expect(writeCodeCache(cache, Buffer.from('replaced'), true, true)).toBe(true);
    expect(readCodeCache(cache)).toEqual({ data: Buffer.from('replaced'), full: true });
  });

  it('is damaged when a byte of it changed, when it is cut short, or of another format, so V8 never sees it', () => {
    const cache = codeCacheFor({ XDG_CACHE_HOME: scratch() }, 'h2')!;
    writeCodeCache(cache, DATA, false);
    const whole = readFileSync(cache.file);
    const flipped = Buffer.from(whole);
    flipped[whole.length - 10] ^= 0x20;
    writeFileSync(cache.file, flipped);
    expect(readCodeCache(cache)).toBe('damaged');
    writeFileSync(cache.file, whole.subarray(0, whole.length - 100));
    expect(readCodeCache(cache)).toBe('damaged');
    writeFileSync(cache.file, DATA);
    expect(readCodeCache(cache)).toBe('damaged');
    writeFileSync(cache.file, '');
    expect(readCodeCache(cache)).toBe('damaged');
  });

  it('is refused, and never written, when the file or its directory is writable by others (a planted cache is code)', () => {
    const cache = codeCacheFor({ XDG_CACHE_HOME: scratch() }, 'h3')!;
    writeCodeCache(cache, DATA, false);
    chmodSync(cache.file, 0o666);
    expect(readCodeCache(cache)).toBe('refused');
    chmodSync(cache.file, 0o600);
    chmodSync(cache.dir, 0o777);
    expect(readCodeCache(cache)).toBe('refused');
    expect(writeCodeCache(cache, Buffer.from('other'), true)).toBe(false);
    chmodSync(cache.dir, 0o700);
    expect(readCodeCache(cache)).toEqual({ data: DATA, full: false });
  });

  it('cannot be written where the cache directory cannot be made, and says so without throwing', () => {
    const base = join(scratch(), 'a-file');
    writeFileSync(base, 'not a directory');
    const cache = codeCacheFor({ XDG_CACHE_HOME: base }, 'h4')!;
    expect(writeCodeCache(cache, DATA, false)).toBe(false);
    expect(readCodeCache(cache)).not.toHaveProperty('data');
  });
});
