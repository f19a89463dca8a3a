/**
 * How the benchmarks measure and print: wall clock by performance.now(), summaries as median and p95 (nearest rank),
 * memory as resident set size. Benchmarks report figures; they never assert (a slow run is a finding, not a failure).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Summary {
  n: number;
  median: number;
  p95: number;
  min: number;
  max: number;
}

/** Nearest-rank percentile: the smallest sample with at least p% of the samples at or below it. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1];
}

export function median(samples: number[]): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function summarize(samples: number[]): Summary {
  return {
    n: samples.length,
    median: median(samples),
    p95: percentile(samples, 95),
    min: Math.min(...samples),
    max: Math.max(...samples),
  };
}

/** Milliseconds with a precision that suits the size: 0.42 ms, 12.3 ms, 4,012 ms. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (value < 10) return `${value.toFixed(2)} ms`;
  if (value < 100) return `${value.toFixed(1)} ms`;
  return `${Math.round(value).toLocaleString('en-US')} ms`;
}

export function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

export function describe(s: Summary): string {
  return `median ${ms(s.median)}, p95 ${ms(s.p95)} (min ${ms(s.min)}, max ${ms(s.max)}, n=${s.n})`;
}

/** One indented result line: label, padded, then the figure. */
export function report(label: string, figure: string): void {
  console.log(`  ${label.padEnd(48)} ${figure}`);
}

export function method(text: string): void {
  console.log(`  method: ${text}`);
}

/** Runs `fn` and returns its result with the wall-clock time it took. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - t0 };
}

/** Rejects when `work` has not settled within `limitMs`, so one stuck section cannot hold up the others. */
export async function within<T>(limitMs: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${Math.round(limitMs / 1000)} s`)), limitMs);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

const madeDirs = new Set<string>();
let cleanupAtExit = false;

/**
 * A fresh temporary directory and a function that removes it. Removed again when the process exits: a core that was
 * closed can still finish a sync it had started and write its journal into the directory after `remove()`.
 */
export function tempDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  madeDirs.add(dir);
  if (!cleanupAtExit) {
    cleanupAtExit = true;
    process.once('exit', () => {
      for (const d of madeDirs) rmSync(d, { recursive: true, force: true });
    });
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Resident set size of another process (Linux /proc), current and peak; null when it cannot be read. */
export function processRss(pid: number): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    return null;
  }
}

/** This process's environment without any PUNCH_* (a developer's own account or data dir must not leak into a run). */
export function envWithoutPunch(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('PUNCH_')) env[k] = v;
  return env;
}

export const sleep = (delayMs: number) => new Promise<void>((resolve) => setTimeout(resolve, delayMs));

export interface Goal {
  /** The figure's goal: under it (or `atMost`: at most it). */
  goal: number;
  /** The same figure before the change that set the goal: printed as a ratio, so a run says how far it moved. */
  baseline?: number;
  unit?: string;
  atMost?: boolean;
  /** How a value is written (default: the number and the unit). */
  format?: (value: number) => string;
}

/**
 * A figure with its goal and its ratio to its baseline: "37 requests (goal under 50: within; 0.55x the baseline of
 * 67 requests)". `npm run bench` prints every figure that has a goal this way (nothing asserts).
 */
export function goal(value: number, g: Goal): string {
  const show =
    g.format ?? ((v: number) => `${Number.isInteger(v) ? v.toLocaleString('en-US') : v.toFixed(1)}${g.unit ? ` ${g.unit}` : ''}`);
  const ok = g.atMost ? value <= g.goal : value < g.goal;
  const ratio =
    g.baseline !== undefined && g.baseline > 0 ? `; ${(value / g.baseline).toFixed(2)}x the baseline of ${show(g.baseline)}` : '';
  return `${show(value)} (goal ${g.atMost ? 'at most' : 'under'} ${show(g.goal)}: ${ok ? 'within' : 'OVER'}${ratio})`;
}
