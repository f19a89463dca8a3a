/**
 * The order vitest starts its files in (vitest.config.ts `sequence.sequencer`): the longest first, so the two workers
 * end together. vitest's own order needs the results of an earlier run on this machine; a clean clone has none, and
 * it falls back to the largest file first, which put a 40 s file at the end of the queue: it then ran alone for most of
 * a minute while the other worker idled. Here the time of each file comes from a checked-in list
 * (test/tools/durations.json, refreshed by `node scripts/test-durations.mjs` from the reports of `npm test`); a file
 * not on it (a new one) is given the time its size suggests at the list's own time per byte. Longest first is the
 * classic greedy plan for a queue served by several workers: the short files at the end fill the gaps.
 *
 * The order changes when files start, nothing of what they do. Given a seed (`--sequence.seed=N`), the files start in
 * an order shuffled by it instead, the same for the same seed (`--sequence.shuffle` as well shuffles the tests inside
 * each file too): the unit files share a worker process one after another (vitest.config.ts), and a shuffled run shows
 * whether any of them leans on what the ones before it left.
 */
import { readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const DURATIONS = join(import.meta.dirname, 'durations.json');

/** test/tools/durations.json: file (relative to the root, `/`-separated) -> milliseconds; empty when absent. */
export function readDurations(path = DURATIONS): Record<string, number> {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * Each file's expected time: its listed one, or its size times the list's milliseconds per byte (sizes of the listed
 * files that exist; 1 ms per 100 bytes when there is nothing to go by). `size` reads a file's size in bytes.
 */
export function expectedTimes(files: string[], durations: Record<string, number>, size: (file: string) => number): Map<string, number> {
  let listedMs = 0;
  let listedBytes = 0;
  for (const file of files) {
    if (durations[file] === undefined) continue;
    listedMs += durations[file];
    listedBytes += size(file);
  }
  const msPerByte = listedBytes > 0 ? listedMs / listedBytes : 0.01;
  return new Map(files.map((f) => [f, durations[f] ?? size(f) * msPerByte]));
}

/** `files` with the longest expected first; ties by name, so the order is the same on every machine. */
export function slowestFirst(files: string[], durations: Record<string, number>, size: (file: string) => number): string[] {
  const ms = expectedTimes(files, durations, size);
  return [...files].sort((a, b) => ms.get(b)! - ms.get(a)! || (a < b ? -1 : a > b ? 1 : 0));
}

/** `items` in an order drawn from `seed` (Fisher-Yates on mulberry32): the same seed, the same order. */
export function shuffledBySeed<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(specs: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const name = (spec: TestSpecification) => relative(root, spec.moduleId).split('\\').join('/');
    const byName = new Map(specs.map((s) => [name(s), s]));
    const size = (file: string) => statSync(join(root, file), { throwIfNoEntry: false })?.size ?? 0;
    const { shuffle, seed } = this.ctx.config.sequence;
    // by name first, so a seed gives one order whatever order vitest found the files in
    if (shuffle || seed !== undefined) return shuffledBySeed([...byName.keys()].sort(), seed ?? 0).map((f) => byName.get(f)!);
    return slowestFirst([...byName.keys()], readDurations(), size).map((f) => byName.get(f)!);
  }
}
