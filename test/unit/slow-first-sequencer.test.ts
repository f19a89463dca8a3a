import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectedTimes, readDurations, shuffledBySeed, slowestFirst } from '../tools/slow-first-sequencer';

const ROOT = join(import.meta.dirname, '..', '..');

describe('the order vitest starts its files in (test/tools/slow-first-sequencer.ts)', () => {
  const sizes: Record<string, number> = { 'big-fast.test.ts': 90_000, 'small-slow.test.ts': 4_000, 'new.test.ts': 20_000 };
  const size = (f: string) => sizes[f] ?? 0;

  it('starts a small file that took long before a large one that was quick (vitest alone goes by size)', () => {
    const order = slowestFirst(['big-fast.test.ts', 'small-slow.test.ts'], { 'big-fast.test.ts': 900, 'small-slow.test.ts': 40_000 }, size);
    expect(order).toEqual(['small-slow.test.ts', 'big-fast.test.ts']);
  });

  it('places a file missing from the list by its size, at the listed files’ time per byte', () => {
    // listed: 94,000 bytes took 40,900 ms, so the new 20,000-byte file is expected to take about 8.7 s
    const durations = { 'big-fast.test.ts': 900, 'small-slow.test.ts': 40_000 };
    const files = ['big-fast.test.ts', 'new.test.ts', 'small-slow.test.ts'];
    expect(expectedTimes(files, durations, size).get('new.test.ts')).toBeCloseTo((20_000 * 40_900) / 94_000, 3);
    expect(slowestFirst(files, durations, size)).toEqual(['small-slow.test.ts', 'new.test.ts', 'big-fast.test.ts']);
  });

  it('with no list at all, goes by size, largest first, and by name between equals', () => {
    expect(slowestFirst(['new.test.ts', 'b.test.ts', 'big-fast.test.ts', 'a.test.ts'], {}, size)).toEqual([
      'big-fast.test.ts',
      'new.test.ts',
      'a.test.ts',
      'b.test.ts',
    ]);
  });

  it('the checked-in list names test files that exist (refresh it with node scripts/test-durations.mjs)', () => {
    const listed = Object.keys(readDurations());
    expect(listed.length).toBeGreaterThan(100);
    expect(listed.filter((f) => !existsSync(join(ROOT, f)))).toEqual([]);
  });

  it('a seed (--sequence.seed) gives one shuffled order of the files, the same each time, and another seed another', () => {
    const files = Array.from({ length: 40 }, (_, i) => `f${String(i).padStart(2, '0')}.test.ts`);
    const first = shuffledBySeed(files, 1);
    expect(shuffledBySeed(files, 1)).toEqual(first);
    expect([...first].sort()).toEqual(files);
    expect(first).not.toEqual(files);
    expect(shuffledBySeed(files, 2)).not.toEqual(first);
  });
});
