/**
 * The order vitest starts its files in (vitest.config.ts `sequence.sequencer`): the longest first, so the two workers
 * end together. vitest's own order needs the results of an earlier run on this machine; a clean clone has none, and
 * it falls back to the largest file first, which put a 40 s file at the end of the queue: it then ran alone for most of
 * a minute while the other worker idled. Here the time of each file comes from a checked-in list
 * (test/tools/durations.json, refreshed by `node scripts/test-durations.mjs` from the reports of `npm test`); a file
 * not on it (a new one) is given the time its size suggests at the list's own time per byte. Longest first is the
 * classic greedy plan for a queue served by several workers: the short files at the end fill the gaps.
 *
 * The order changes when files start, nothing of what they do: every file still runs in its own process.
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

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(specs: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const name = (spec: TestSpecification) => relative(root, spec.moduleId).split('\\').join('/');
    const byName = new Map(specs.map((s) => [name(s), s]));
    const size = (file: string) => statSync(join(root, file), { throwIfNoEntry: false })?.size ?? 0;
    return slowestFirst([...byName.keys()], readDurations(), size).map((f) => byName.get(f)!);
  }
}
