/**
 * One rate budget per account, shared by every process on a data directory (the app or web mode, and any number of
 * `punch`): `<dataDir>/rate-budget/<account>.json` holds, per endpoint, the recent requests and any pause the service
 * ordered (429 Retry-After, the 7209 lock-out). Every client of the account paces through it (service/pacing/limiter.ts), so
 * sixty `punch log` started at once send like one client: no burst, no lock-out.
 *
 * - Booking a place is one read-modify-write under the file lock (store/file-lock.ts): read, prune, book or compute
 *   the wait, write, release. Nobody holds the lock while waiting or sending; the hold is a small file (~0.1 ms).
 * - The file is replaced atomically (temp file + rename), owner-only (0600); no fsync: it is a cache of pacing, and
 *   a file lost in a crash is handled like a damaged one.
 * - A damaged (unreadable) file is NOT kept aside as user data (store/damage.ts would make `punch status` fail for a
 *   mere pacing cache). It is rewritten at once, remembering the loss: every endpoint is then treated as full for one
 *   window from that moment, because what was sent before is unknown (never burst after losing the record). A pause
 *   the damaged file held is lost: the service's next refusal records it again.
 * - A place booked by a process that died before its answer stays counted as in flight until one request timeout
 *   (the limiter's `inFlightMaxMs`) after it was sent: its request may still be admitted by a lagging service after
 *   the death (service/pacing/budget-record.ts says why).
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { dirname, join } from 'node:path';
import type { AccountInfo } from '../../shared/domain';
import { emptyBudget, pausesIn, type BudgetRecord, type BudgetStore, type EndpointRecord } from '../service';
import { pidAlive, withFileLock } from '../store';

export const BUDGET_DIR = 'rate-budget';
const VERSION = 1;

/**
 * How long one try waits for the budget's lock (file-lock spins synchronously, so keep it short); the limiter then
 * tries again without blocking (service/pacing/limiter.ts), and gives up on the request (nothing sent) only much later.
 */
const LOCK_WAIT_MS = 1_000;

export interface BudgetFileOptions {
  now: () => number;
  /** Default 1 s per try. */
  lockWaitMs?: number;
}

interface BudgetFile extends BudgetRecord {
  v: number;
  /** The account, for a person reading the file. */
  account?: string;
}

/**
 * The account's identity for pacing: the same key as the outbox's (journal/ledger.ts `accountKeyOf`), so the built-in
 * sandbox is one account whatever port it listens on.
 */
export function budgetKeyOf(a: Pick<AccountInfo, 'kind' | 'baseUrl' | 'user'>): string {
  return a.kind === 'sandbox' ? `sandbox|${a.user}` : `${a.kind}|${a.baseUrl}|${a.user}`;
}

/** `<dataDir>/rate-budget/<sha256 of the key, 16 hex>.json` (the key holds an address and an email). */
export function budgetPathOf(dataDir: string, accountKey: string): string {
  return join(dataDir, BUDGET_DIR, `${createHash('sha256').update(accountKey).digest('hex').slice(0, 16)}.json`);
}

function isEndpoint(v: unknown): v is EndpointRecord {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Partial<EndpointRecord>;
  return (
    Array.isArray(e.places) &&
    e.places.every(
      (p) => typeof p === 'object' && p !== null && Number.isFinite(p.at) && (p.open === undefined || typeof p.open === 'string'),
    ) &&
    (e.pausedUntil === undefined || Number.isFinite(e.pausedUntil)) &&
    (e.windowMs === undefined || Number.isFinite(e.windowMs)) &&
    (e.waiting === undefined ||
      (Array.isArray(e.waiting) &&
        e.waiting.every((w) => typeof w === 'object' && w !== null && typeof w.id === 'string' && Number.isFinite(w.seen))))
  );
}

/** The record in `text`, or undefined when it is damaged (not JSON, another version, a wrong shape). */
export function parseBudget(text: string): BudgetRecord | undefined {
  let v: Partial<BudgetFile>;
  try {
    v = JSON.parse(text) as Partial<BudgetFile>;
  } catch {
    return undefined;
  }
  if (typeof v !== 'object' || v === null || v.v !== VERSION || typeof v.endpoints !== 'object' || v.endpoints === null) return undefined;
  if (!Object.values(v.endpoints).every(isEndpoint)) return undefined;
  if (v.lostAt !== undefined && !Number.isFinite(v.lostAt)) return undefined;
  return { endpoints: v.endpoints, ...(v.lostAt !== undefined ? { lostAt: v.lostAt } : {}) };
}

/** What the file holds; `damaged` when it exists but cannot be read (the caller decides what that means). */
function load(path: string): { record: BudgetRecord; damaged: boolean; text: string } {
  let text: string;
  try {
    text = fs.readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { record: emptyBudget(), damaged: false, text: '' };
    throw e;
  }
  const record = parseBudget(text);
  return record ? { record, damaged: false, text } : { record: emptyBudget(), damaged: true, text };
}

/**
 * `<dataDir>/rate-budget`, made when missing, but never the data directory itself: a request answered after the app
 * closed must not bring back a data directory that was removed (tests, an uninstaller); the write then fails.
 */
function ensureDir(dir: string): void {
  try {
    fs.mkdirSync(dir, { mode: 0o700 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
}

function save(path: string, body: string): void {
  const tmp = `${path}.${process.pid}-${randomUUID().slice(0, 8)}.tmp`;
  const fd = fs.openSync(tmp, 'w', 0o600);
  try {
    fs.writeSync(fd, body);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.renameSync(tmp, path);
  } catch (e) {
    try {
      fs.unlinkSync(tmp);
    } catch {
      /* gone */
    }
    throw e;
  }
}

const serialize = (record: BudgetRecord, account: string | undefined): string =>
  `${JSON.stringify({ v: VERSION, ...(account ? { account } : {}), ...record } satisfies BudgetFile)}\n`;

/** The budget file at `path` as the limiter's store (see the top of this file). */
export function budgetFile(path: string, o: BudgetFileOptions & { account?: string }): BudgetStore {
  /**
   * A disk that takes no writes (full, read-only, denied) cannot hold the lock or the budget: this process then paces
   * itself from the last record it could read, in memory, rather than wait for a disk that will not come back
   * (reads would otherwise stall until their deadline and the status would say "the service does not answer").
   */
  let fallback: BudgetRecord | undefined;
  const diskRefuses = (e: unknown): boolean => {
    const err = e as { name?: unknown; code?: unknown };
    return err.name === 'StorageError' || ['ENOSPC', 'EROFS', 'EACCES', 'EPERM', 'EDQUOT'].includes(String(err.code));
  };
  function updateOnDisk<T>(fn: (record: BudgetRecord) => T): T {
    ensureDir(dirname(path)); // the lock file lives beside the budget
    return withFileLock(
      path,
      () => {
        const { record, damaged, text } = load(path);
        // a damaged record: assume every window is full from now (the limiter waits one window), and say so on disk
        if (damaged) record.lostAt = o.now();
        const out = fn(record);
        const body = serialize(record, o.account);
        if (body !== text) save(path, body);
        return out;
      },
      { waitMs: o.lockWaitMs ?? LOCK_WAIT_MS },
    );
  }
  return {
    update<T>(fn: (record: BudgetRecord) => T): T {
      if (fallback) return fn(fallback);
      try {
        return updateOnDisk(fn);
      } catch (e) {
        if (!diskRefuses(e)) throw e;
        try {
          fallback = load(path).record;
        } catch {
          fallback = { endpoints: {}, lostAt: o.now() };
        }
        return fn(fallback);
      }
    },
    read(): BudgetRecord {
      if (fallback) return fallback;
      // no lock: the file is only ever replaced whole (rename), so a read sees one complete version
      const { record, damaged } = load(path);
      if (damaged) record.lostAt = o.now();
      return record;
    },
    holderAlive(openId: string): boolean {
      const pid = Number(openId.split(':')[0]);
      return !Number.isInteger(pid) || pid <= 0 || pid === process.pid || pidAlive(pid);
    },
  };
}

/** The account's budget file in `dataDir`. */
export function accountBudget(dataDir: string, account: Pick<AccountInfo, 'kind' | 'baseUrl' | 'user'>, now: () => number): BudgetStore {
  const key = budgetKeyOf(account);
  return budgetFile(budgetPathOf(dataDir, key), { now, account: key });
}

/**
 * The pauses the service ordered for the account that are still in force (endpoint -> epoch ms when it may be called
 * again), read from its budget file: what the status shows as "rate limited until HH:MM". Empty when unreadable.
 */
export function budgetPauses(
  dataDir: string,
  account: Pick<AccountInfo, 'kind' | 'baseUrl' | 'user'>,
  now: number,
): Record<string, number> {
  try {
    const { record, damaged } = load(budgetPathOf(dataDir, budgetKeyOf(account)));
    return damaged ? {} : pausesIn(record, now);
  } catch {
    return {};
  }
}
