/**
 * One web mode per data directory. Two would each serve the same outbox and demo company from two addresses, and
 * a user who started `npm run web` twice (another terminal, a forgotten tab) means the one already running. So the
 * running one is written down in `web-mode.json` in the data directory: its process id and its address with the run
 * token (owner-only, 0600, in the owner-only folder: the token is the user's own, and only the user can read it).
 * A second `npm run web` on that folder reads it, checks that the first still answers with that token, prints its
 * address, opens it in the browser (unless --no-open) and ends with 0.
 *
 * The file is read and written under its lock (src/core/store/file-lock.ts), so two started at the same moment cannot
 * both become the one: the first writes its process id before it starts its server ("starting"), and the second waits
 * for the address to appear. A record whose process is gone (a crash, SIGKILL), one whose address does not answer with
 * its token (a reused process id), or one that stays "starting" longer than `startingMs` is taken over.
 */
import fs from 'node:fs';
import { join } from 'node:path';
import { pidAlive, withFileLock } from '../core';

export const INSTANCE_FILE = 'web-mode.json';

interface InstanceRecord {
  pid: number;
  startedAt: number;
  /** Absent while the server is starting. */
  url?: string;
  origin?: string;
}

export type Claim =
  | { kind: 'running'; pid: number; url: string; origin: string }
  | {
      kind: 'mine';
      /** Writes this process's address once its server listens. */
      publish(url: string, origin: string): void;
      /** Removes the record when it is still ours (on shutdown, or when the server could not start). */
      release(): void;
    };

export interface ClaimOptions {
  /** How long a "starting" record of a live process is waited for (default 60 s: a core start on a busy machine). */
  startingMs?: number;
  /** Does the address answer with its token? (default: an authenticated call to the server, 3 s at most) */
  answers?: (url: string, origin: string) => Promise<boolean>;
  now?: () => number;
}

function read(file: string): InstanceRecord | undefined {
  try {
    const v = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<InstanceRecord>;
    if (typeof v.pid !== 'number' || typeof v.startedAt !== 'number') return undefined;
    if (v.url !== undefined && (typeof v.url !== 'string' || typeof v.origin !== 'string')) return undefined;
    return v as InstanceRecord;
  } catch {
    return undefined;
  }
}

function write(file: string, record: InstanceRecord): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(record), { mode: 0o600 });
  fs.renameSync(tmp, file);
}

/** The running server answers `getStatus` to its own token; anything else (nothing, another program) does not. */
export async function answersWithToken(url: string, origin: string): Promise<boolean> {
  const token = new URLSearchParams(new URL(url).hash.slice(1)).get('token');
  if (!token) return false;
  try {
    const res = await fetch(`${origin}/rpc/getStatus`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(3_000),
    });
    return res.ok && ((await res.json()) as { ok?: unknown }).ok === true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function claimWebInstance(dataDir: string, options: ClaimOptions = {}): Promise<Claim> {
  const file = join(dataDir, INSTANCE_FILE);
  const now = options.now ?? Date.now;
  const startingMs = options.startingMs ?? 60_000;
  const answers = options.answers ?? answersWithToken;
  const lock = <T>(fn: () => T): T => withFileLock(file, fn, { what: 'The record of the running web mode' });
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });

  const mine: Claim = {
    kind: 'mine',
    publish(url, origin) {
      lock(() => {
        const current = read(file);
        // taken over meanwhile (this start took longer than startingMs): the other one keeps the record
        if (current && current.pid !== process.pid && pidAlive(current.pid)) return;
        write(file, { pid: process.pid, startedAt: current?.startedAt ?? now(), url, origin });
      });
    },
    release() {
      lock(() => {
        if (read(file)?.pid === process.pid) fs.rmSync(file, { force: true });
      });
    },
  };
  /** Takes the record when it still is `seen` (nobody took it over meanwhile). */
  const takeOver = (seen: InstanceRecord | undefined): boolean =>
    lock(() => {
      const current = read(file);
      if (JSON.stringify(current) !== JSON.stringify(seen)) return false;
      write(file, { pid: process.pid, startedAt: now() });
      return true;
    });

  for (;;) {
    const seen = lock(() => read(file));
    if (!seen || seen.pid === process.pid || !pidAlive(seen.pid)) {
      if (takeOver(seen)) return mine;
      continue;
    }
    if (seen.url && seen.origin) {
      if (await answers(seen.url, seen.origin)) return { kind: 'running', pid: seen.pid, url: seen.url, origin: seen.origin };
      if (takeOver(seen)) return mine;
      continue;
    }
    // starting: its address is written in a moment
    if (now() - seen.startedAt > startingMs) {
      if (takeOver(seen)) return mine;
      continue;
    }
    await sleep(200);
  }
}
