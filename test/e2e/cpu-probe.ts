/**
 * Where the browser suite's CPU goes (docs/benchmarks.md, "The browser suite's CPU"): with PUNCH_E2E_CPU_LOG=<file>,
 * every test appends one JSON line with the CPU its worker's process tree spent from the test's start to its end,
 * split into the worker itself (the sandbox, which runs in it, the test's code, Playwright's client), its web servers
 * (`scripts/web.mjs` children, counted once reaped) and its Chromium (the browser and every page's processes), read
 * from /proc (Linux only; elsewhere the lines say nothing was read). Off by default: reading /proc costs a little.
 */
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import type { TestInfo } from '@playwright/test';

/** CPU seconds so far, by part of the worker's tree. */
export interface TreeCpu {
  /** The worker process itself. */
  worker: number;
  /** Children the worker started and reaped (its web servers once stopped): its cutime + cstime. */
  reaped: number;
  /** Web servers still running (`scripts/web.mjs`, `out/web/web.mjs`). */
  web: number;
  /** Chromium: every process of the browser's tree, with the children it reaped. */
  chromium: number;
  /** Anything else in the tree. */
  other: number;
}

const TICK = 100; // clock ticks per second (USER_HZ on Linux)

interface Proc {
  pid: number;
  ppid: number;
  comm: string;
  own: number;
  children: number;
}

function readProc(pid: number): Proc | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name is in parentheses and may hold spaces: the fields after it are counted from its closing one
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const f = stat.slice(close + 2).split(' ');
    // after the name: state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14)
    return { pid, ppid: Number(f[1]), comm, own: (Number(f[11]) + Number(f[12])) / TICK, children: (Number(f[13]) + Number(f[14])) / TICK };
  } catch {
    return null;
  }
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/** The CPU of `root`'s process tree so far, by part. */
export function treeCpu(root = process.pid): TreeCpu {
  const out: TreeCpu = { worker: 0, reaped: 0, web: 0, chromium: 0, other: 0 };
  let pids: number[];
  try {
    pids = readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map(Number);
  } catch {
    return out;
  }
  const procs = new Map<number, Proc>();
  for (const pid of pids) {
    const p = readProc(pid);
    if (p) procs.set(pid, p);
  }
  const kids = new Map<number, Proc[]>();
  for (const p of procs.values()) kids.set(p.ppid, [...(kids.get(p.ppid) ?? []), p]);
  const self = procs.get(root);
  if (!self) return out;
  out.worker = self.own;
  out.reaped = self.children;
  const walk = (p: Proc, part: keyof TreeCpu) => {
    for (const k of kids.get(p.pid) ?? []) {
      const kind: keyof TreeCpu =
        part !== 'other' ? part : /chrom/i.test(k.comm) ? 'chromium' : /web\.mjs/.test(cmdline(k.pid)) ? 'web' : 'other';
      out[kind] += k.own + k.children;
      walk(k, kind);
    }
  };
  walk(self, 'other');
  return out;
}

/** One test's line: its file, title, wall seconds and the CPU each part spent meanwhile. */
export function logTestCpu(file: string, title: string, start: TreeCpu, startedAt: number, log: string): void {
  const end = treeCpu();
  const cpu = Object.fromEntries((Object.keys(end) as Array<keyof TreeCpu>).map((k) => [k, Math.round((end[k] - start[k]) * 100) / 100]));
  appendFileSync(log, `${JSON.stringify({ file, title, worker: process.pid, wall: (Date.now() - startedAt) / 1000, cpu, at: end })}\n`);
}

/** The fixture (fixtures.ts, `auto`): one line per test when PUNCH_E2E_CPU_LOG names a file, nothing read otherwise. */
// eslint-disable-next-line no-empty-pattern
export async function cpuProbe({}: object, use: () => Promise<void>, info: TestInfo): Promise<void> {
  const log = process.env.PUNCH_E2E_CPU_LOG;
  const start = log ? treeCpu() : null;
  const startedAt = Date.now();
  await use();
  if (log && start) logTestCpu(info.file, info.titlePath.slice(1).join(' › '), start, startedAt, log);
}
