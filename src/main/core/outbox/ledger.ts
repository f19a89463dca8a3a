/**
 * The local ledger and the outbox live in ONE durable document (`outbox.json`, key `journal`): every change is
 * one atomic write of the whole document, so the ledger (what the user logged) and the outbox (what still has to
 * reach the service) can never disagree after a crash. A change is on disk before the call that made it returns.
 *
 * Several processes may share the document (the app or web mode, and `punch log` on the same data directory): every
 * change is a read-modify-write of the LATEST document on disk under an exclusive lock file (../store/file-lock.ts),
 * and `read()` re-reads the document when the file changed underneath (its inode, size or mtime differ from what
 * this process last wrote or read; writes go through a rename, so each one is a new inode). Without this each
 * process kept its own copy and the last writer silently dropped the other's entries.
 *
 * The pure rules that change the document (compaction, outcomes, user resolutions) are in ./operations.ts; this file
 * owns the document's shape, its persistence and the read-only questions the rest of the module asks of it.
 */
import { randomUUID } from 'node:crypto';
import type { Clock, KeyValueStore } from '../context';
import { withFileLock, type FileLockOptions } from '../store/file-lock';
import { fileFreshness } from '../store/file-freshness';
import { accountKey, describeAccountKey, sameAccount } from '../../../shared/account-key';
import type {
  ApprovalStatus, LocalTimeLog, OutboxAttempt, OutboxEntry, OutboxKind, SyncState,
} from '../../../shared/domain';

/** The values of a time log, as sent to addtimelog (spec 4.2): the user's part of a LocalTimeLog. */
export type LogFields = Pick<LocalTimeLog, 'workDate' | 'hours' | 'jobId' | 'jobName' | 'billingStatus' | 'workItem' | 'description'>;

/** What edittimelog may change (spec 4.2: hours, workDate, billingStatus, description). */
export type EditPatch = Partial<Pick<LogFields, 'hours' | 'workDate' | 'billingStatus' | 'description'>>;

export interface LedgerRow extends LogFields {
  /** Stable id on this device; also the idempotency key of its add (used to reconcile ambiguous adds). */
  localId: string;
  /** The service's id, once the add is confirmed (or reconciled). */
  timeLogId?: string;
  /** The values last confirmed by the service: what an edit reverts to when the user discards it. */
  remote?: LogFields;
  /** Deleted by the user; kept until the delete reaches the service (restored if the user discards the delete). */
  pendingDelete?: boolean;
  approvalStatus?: ApprovalStatus;
  /** Its maybe-sent add was discarded while a delete of it waited (./resolutions.ts): only that delete keeps it. */
  addDiscarded?: boolean;
  /** The account the log was made under (`kind|baseUrl|user`): it is only ever sent with that account. */
  account?: string;
  createdAt: number;
  updatedAt: number;
}

export interface OutboxOp {
  id: string;
  kind: OutboxKind;
  localId: string;
  state: SyncState;
  message?: string;
  resolutions: OutboxEntry['resolutions'];
  attempts: OutboxAttempt[];
  /** add: the full values; edit: the fields to change; delete: nothing. */
  add?: LogFields;
  patch?: EditPatch;
  /** Written true (durably) before the request goes out; false again only when the service surely did not apply it. */
  maybeSent: boolean;
  /** Set when the outcome of a sent request was lost and the user chose "Send again": skip reconciliation once. */
  resendApproved?: boolean;
  /** An add logged before the company's rules were known: checked against them before it is sent (../log-time.ts). */
  unchecked?: boolean;
  /**
   * Which sync engine marked it `sending` (process id, engine id, when). Another process's engine leaves it alone
   * while that engine is alive and the mark is recent (./claims.ts), so two processes never send it twice.
   */
  sendingBy?: { pid: number; engine: string; at: number };
  createdAt: number;
  updatedAt: number;
  syncedAt?: number;
}

export interface Journal {
  version: 1;
  rows: Record<string, LedgerRow>;
  ops: OutboxOp[];
  seq: number;
}

const KEY = 'journal';
/** Synced entries stay visible in the outbox for a while, then go (the ledger keeps the log itself). */
export const KEEP_SYNCED = 50;
/**
 * Synced ledger rows of days older than this many weeks go (docs/outbox.md "Keeping the ledger bounded"): their weeks
 * are long submitted, the service holds them, and a journal that only grows makes every change slower.
 */
export const KEEP_LEDGER_WEEKS = 16;

export function emptyJournal(): Journal {
  return { version: 1, rows: {}, ops: [], seq: 0 };
}

export function newLocalId(): string {
  return `L-${randomUUID()}`;
}

export interface Ledger {
  /** The current document, re-read if another process changed it (read-only: change it only through `change`). */
  read(): Readonly<Journal>;
  /**
   * Under the lock: applies `fn` to a copy of the latest document on disk, writes it (atomically) and only then
   * makes it current. `fn` runs synchronously and may throw to change nothing.
   */
  change<T>(fn: (draft: Journal) => T): T;
  /**
   * No write after this (the owner is closing, and its data directory may be removed): `change` throws before it
   * takes the lock, and changes by other processes are no longer announced. `read` still works.
   */
  close(): void;
  clock: Clock;
}

/** What `change` throws once the ledger is closed. */
export const CLOSED_MESSAGE = 'Punchcard is closing, so this change was not saved. Open Punchcard again and repeat it.';

export interface LedgerOptions {
  /** Another process changed the document (called after the fact, outside the lock). */
  onExternalChange?: (before: Readonly<Journal>, after: Readonly<Journal>) => void;
  lock?: FileLockOptions;
}

export function createLedger(store: KeyValueStore, clock: Clock, options: LedgerOptions = {}): Ledger {
  // in-memory stores (unit tests) have no file: nobody else can change them, and no lock is needed
  const file = store.path.startsWith('memory:') ? undefined : store.path;
  const freshness = fileFreshness(store);
  let doc: Journal = load(store);
  let closed = false;

  /** Re-reads the document if the file is not the one this process last saw; returns whether it did. */
  function refresh(): boolean {
    if (!freshness.changed()) return false;
    const before = doc;
    doc = load(store);
    const after = doc;
    // outside the lock and the caller's work: a listener may read (or even change) the ledger
    if (options.onExternalChange && !closed) queueMicrotask(() => { if (!closed) options.onExternalChange!(before, after); });
    return true;
  }

  return {
    clock,
    read() {
      refresh();
      return doc;
    },
    change(fn) {
      // before the lock: taking it creates and removes a file in the data directory
      if (closed) throw new Error(CLOSED_MESSAGE);
      const apply = () => {
        refresh(); // the latest document on disk, not this process's copy
        const draft = structuredClone(doc);
        const out = fn(draft);
        // write first: if the disk refuses, the in-memory document stays as it is on disk
        store.set(KEY, draft);
        doc = draft;
        freshness.wrote();
        return out;
      };
      return file ? withFileLock(file, apply, options.lock) : apply();
    },
    close() {
      closed = true;
    },
  };
}

function load(store: KeyValueStore): Journal {
  const raw = store.get<Journal>(KEY);
  if (!raw || raw.version !== 1 || typeof raw.rows !== 'object' || !Array.isArray(raw.ops)) return emptyJournal();
  return raw;
}

/* ------------------------------------------------------------------ questions asked of the document */

/**
 * The key that ties a log to an account (never a secret), in normal form (src/shared/account-key.ts): the same account
 * typed with a trailing slash or another letter case is the same account. The built-in sandbox listens on a new random
 * port each start (and has no address before its first call): it is one account whatever its URL, or a restart would
 * hide this device's logs and strand its queued entries.
 */
export function accountKeyOf(session: { account(): { kind: string; baseUrl: string; user: string } }): string {
  try {
    return accountKey(session.account());
  } catch { return ''; }
}

/**
 * A row belongs to the current account (rows from before accounts were recorded belong to any). Keys are compared in
 * normal form, so a row recorded under an older raw key (`https://X/people/|Maya@Acme.com`) still matches.
 */
export function ofAccount(row: LedgerRow | undefined, account: string): boolean {
  return !row?.account || sameAccount(row.account, account);
}

export function opsOf(j: Readonly<Journal>, localId: string): OutboxOp[] {
  return j.ops.filter((o) => o.localId === localId);
}

/** A log's sync state: the worst state among its unfinished operations (needs-attention > sending > queued). */
export function syncStateOf(j: Readonly<Journal>, localId: string): SyncState {
  const states = new Set(opsOf(j, localId).map((o) => o.state));
  if (states.has('needs-attention')) return 'needs-attention';
  if (states.has('sending')) return 'sending';
  if (states.has('queued')) return 'queued';
  return 'synced';
}

export function toLocalTimeLog(j: Readonly<Journal>, row: LedgerRow): LocalTimeLog {
  const sync = syncStateOf(j, row.localId);
  const attention = opsOf(j, row.localId).find((o) => o.state === 'needs-attention');
  return {
    localId: row.localId,
    ...(row.timeLogId ? { timeLogId: row.timeLogId } : {}),
    workDate: row.workDate,
    hours: row.hours,
    ...(row.jobId ? { jobId: row.jobId } : {}),
    jobName: row.jobName,
    billingStatus: row.billingStatus,
    ...(row.workItem ? { workItem: row.workItem } : {}),
    ...(row.description ? { description: row.description } : {}),
    sync,
    ...(attention?.message ? { message: attention.message } : {}),
    ...(row.approvalStatus ? { approvalStatus: row.approvalStatus } : {}),
    ...(row.approvalStatus === 'pending' || row.approvalStatus === 'approved' ? { locked: true } : {}),
    source: 'local',
  };
}

/**
 * `account`: the signed-in account's key. An unfinished entry of another account says which account it waits for,
 * and offers to be discarded (it is never sent with this account, and never hidden).
 */
export function toOutboxEntry(j: Readonly<Journal>, op: OutboxOp, account?: string): OutboxEntry {
  const row = j.rows[op.localId];
  const fields = op.add ?? row;
  const other = account !== undefined && op.state !== 'synced' && !ofAccount(row, account) ? row?.account : undefined;
  const resolutions = [...op.resolutions];
  if (other && op.state === 'queued' && !resolutions.includes('discard')) resolutions.push('discard');
  return {
    id: op.id,
    kind: op.kind,
    localId: op.localId,
    workDate: op.patch?.workDate ?? fields?.workDate ?? '',
    ...((op.patch?.hours ?? fields?.hours) ? { hours: op.patch?.hours ?? fields?.hours } : {}),
    ...(fields?.jobName ? { jobName: fields.jobName } : {}),
    state: op.state,
    ...(op.message ? { message: op.message } : {}),
    resolutions,
    ...(op.maybeSent && op.state !== 'synced' ? { maybeSent: true } : {}),
    ...(op.unchecked && op.state !== 'synced' ? { unchecked: true } : {}),
    ...(other ? { waitsFor: `waits for ${describeAccountKey(other)}: sign in to that account to send it` } : {}),
    attempts: op.attempts.map((a) => ({ ...a })),
    createdAt: op.createdAt,
    updatedAt: op.updatedAt,
  };
}

/**
 * Unfinished operations by state. With `account`: the signed-in account's only, and `otherAccounts` counts the
 * unfinished ones made under another account (they wait for it).
 */
export function countByState(j: Readonly<Journal>, account?: string): { queued: number; sending: number; needsAttention: number; otherAccounts: number } {
  let queued = 0, sending = 0, needsAttention = 0, otherAccounts = 0;
  for (const o of j.ops) {
    if (o.state === 'synced') continue;
    if (account !== undefined && !ofAccount(j.rows[o.localId], account)) { otherAccounts++; continue; }
    if (o.state === 'queued') queued++;
    else if (o.state === 'sending') sending++;
    else if (o.state === 'needs-attention') needsAttention++;
  }
  return { queued, sending, needsAttention, otherAccounts };
}

/** Minutes logged on `date` in the ledger (for the max-per-day rule), optionally leaving one log out (an edit). */
export function dayTotalMinutes(j: Readonly<Journal>, date: string, excludingLocalId?: string, account?: string): number {
  let total = 0;
  for (const row of Object.values(j.rows)) {
    if ((account !== undefined && !ofAccount(row, account)) || row.pendingDelete || row.workDate !== date || row.localId === excludingLocalId) continue;
    total += minutesOf(row.hours);
  }
  return total;
}

/** `HH:MM` (hours may exceed 24) to minutes. Local to the ledger so it does not depend on the rounding module. */
export function minutesOf(hhmm: string): number {
  const m = /^(\d+):([0-5]\d)$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
}
