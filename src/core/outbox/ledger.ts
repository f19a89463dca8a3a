/**
 * The local ledger (every log the user made on this device) and the outbox (what still has to reach the service) live
 * in ONE journal: the file `outbox.journal` in the data directory (./journal-file.ts), append-only, one checksummed
 * record per change. A change is on disk (appended and fsynced) before the call that made it returns, and the ledger
 * and the outbox change in the same record, so after a crash they can never disagree.
 *
 * Several processes may share the journal (the app or web mode, and `punch log` on the same data directory): every
 * change runs under an exclusive lock file (../store/file-lock.ts) on the LATEST state: first the records other
 * processes appended since this process last read are applied (from where it stopped; the whole file again when it
 * was replaced by a compaction), then `fn` runs on a copy-on-write draft (./journal-draft.ts), then what it changed is
 * appended as one record, fsynced, and only then made current. `read()` is one stat when nothing changed.
 *
 * The pure rules that change the document (compaction of operations, outcomes, user resolutions) are in
 * ./operations.ts; this file owns the document's shape, its persistence and the read-only questions the rest of the
 * module asks of it. Unit tests pass an in-memory store instead of a data directory (no file, no lock).
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../context';
import type { KeyValueStore, FileLockOptions, DamageReport } from '../store';
import { emptyDiff, freezeRows, produceJournal } from './journal-draft';
import { JournalFile, type JournalHealth } from './journal-file';
import { accountKey, describeAccountKey, sameAccount } from '../../shared/account-key';
import type {
  ApprovalStatus, LocalTimeLog, OutboxAttempt, OutboxEntry, OutboxField, OutboxKind, SyncState,
} from '../../shared/domain';

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
  /** The log's field a refusal concerns (OutboxEntry.field); gone when the entry is queued again. */
  field?: OutboxField;
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
   * An add logged without a word on billing for a job not in any job list yet: the job's own billing status replaces
   * the default once the job list is read, before it is sent (../../shared/billing.ts, ../log-time.ts `checkQueued`).
   */
  billingFromJob?: boolean;
  /**
   * Which sync engine marked it `sending` (process id, engine id, when). Another process's engine leaves it alone
   * while that engine is alive and the mark is recent (./claims.ts), so two processes never send it twice.
   */
  sendingBy?: { pid: number; engine: string; at: number };
  /** When it was last marked `sending` for a send (not for a reconciliation): the start of its last request. */
  sentAt?: number;
  /**
   * Sent, answered ambiguously, then found absent on the service: it goes again, but not before this time (one
   * backoff step after its last send, doubling with `resends`), so a write path that keeps failing without reaching
   * the service is not re-sent in a hot loop (docs/outbox.md "Reconciliation").
   */
  retryAt?: number;
  /** How many times it was found absent after an ambiguous answer and queued to go again. */
  resends?: number;
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

/** The key of the document in an in-memory store (unit tests). */
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
   * Under the lock: applies `fn` to a copy-on-write draft of the latest document on disk, appends what it changed
   * (one record, fsynced) and only then makes it current. `fn` runs synchronously and may throw to change nothing;
   * a failed write (disk full) throws too and leaves the document as the disk has it.
   */
  change<T>(fn: (draft: Journal) => T): T;
  /**
   * No write after this (the owner is closing, and its data directory may be removed): `change` throws before it
   * takes the lock, no compaction runs, and changes by other processes are no longer announced. `read` still works.
   */
  close(): void;
  /** What was found wrong with the file since it was opened: damage kept aside and recovered, torn appends dropped. */
  health(): LedgerHealth;
  clock: Clock;
}

export type LedgerHealth = JournalHealth | { file?: undefined; damage: DamageReport[]; tornTails: number; migratedTo?: undefined };

/** What `change` throws once the ledger is closed. */
export const CLOSED_MESSAGE = 'Punchcard is closing, so this change was not saved. Open Punchcard again and repeat it.';

/** How long after a change the background compaction runs (when the journal needs one). */
export const COMPACT_DELAY_MS = 200;

export interface LedgerOptions {
  /** Another process changed the document (called after the fact, outside the lock). */
  onExternalChange?: (before: Readonly<Journal>, after: Readonly<Journal>) => void;
  /**
   * The journal was found damaged while running (it was kept aside and recovered from). Damage found when the ledger
   * is created is in `health().damage` instead (nobody listens yet).
   */
  onDamage?: (report: DamageReport) => void;
  lock?: FileLockOptions;
  /** Tests and benchmarks: compaction from this many records on (default COMPACT_MIN_RECORDS), this long after a change. */
  compaction?: { minRecords?: number; delayMs?: number };
}

/**
 * The ledger of a data directory (the journal `outbox.journal` in it, created on the first change; an old
 * `outbox.json` is imported once). A store whose path is a file stands for its directory (the store itself is not
 * used); an in-memory store (unit tests) holds the document under the key `journal`.
 */
export function createLedger(where: KeyValueStore | string, clock: Clock, options: LedgerOptions = {}): Ledger {
  if (typeof where === 'string') return journalLedger(where, clock, options);
  if (where.path.startsWith('memory:')) return memoryLedger(where, clock);
  return journalLedger(path.dirname(where.path), clock, options);
}

function journalLedger(dataDir: string, clock: Clock, options: LedgerOptions): Ledger {
  let opened = false;
  let closed = false;
  const file = new JournalFile({
    dataDir, now: () => clock.now(), lock: options.lock, compactMinRecords: options.compaction?.minRecords,
    onDamage: (r) => { if (opened && !closed) options.onDamage?.(r); },
  });
  opened = true;
  let compaction: NodeJS.Timeout | undefined;

  /** Catches up with the file; announces another process's changes (outside the lock and the caller's work). */
  function refresh(locked: boolean): void {
    const before = file.doc;
    if (file.catchUp(locked) === 'same' || file.doc === before) return;
    const after = file.doc;
    if (options.onExternalChange && !closed) queueMicrotask(() => { if (!closed) options.onExternalChange!(before, after); });
  }

  /** Off the hot path: a timer after the change that made the journal worth compacting (unref'd: never keeps a process up). */
  function scheduleCompaction(): void {
    if (closed || compaction || !file.needsCompaction()) return;
    compaction = setTimeout(() => {
      compaction = undefined;
      if (closed) return;
      try {
        file.locked(() => {
          refresh(true);
          if (file.needsCompaction()) file.writeWhole(file.doc);
        });
      } catch { /* disk full, lock busy: the journal stays as it is (valid), and the next change tries again */ }
    }, options.compaction?.delayMs ?? COMPACT_DELAY_MS);
    compaction.unref?.();
  }
  scheduleCompaction();

  return {
    clock,
    read() {
      refresh(false);
      return file.doc;
    },
    change(fn) {
      // before the lock: taking it creates and removes a file in the data directory
      if (closed) throw new Error(CLOSED_MESSAGE);
      const out = file.locked(() => {
        refresh(true); // the latest state on disk, not this process's copy
        const { next, out: result, diff } = produceJournal(file.doc, fn);
        if (!emptyDiff(diff)) file.append(diff, next); // appended and fsynced, then current
        return result;
      });
      scheduleCompaction();
      return out;
    },
    close() {
      closed = true;
      file.readOnly = true;
      clearTimeout(compaction);
      compaction = undefined;
    },
    health: () => file.health,
  };
}

/** Unit tests: the document in an in-memory store (copied in and out as a file round trip would), no lock. */
function memoryLedger(store: KeyValueStore, clock: Clock): Ledger {
  let doc: Journal = load(store);
  let closed = false;
  return {
    clock,
    read: () => doc,
    change(fn) {
      if (closed) throw new Error(CLOSED_MESSAGE);
      const { next, out, diff } = produceJournal(doc, fn);
      if (!emptyDiff(diff)) {
        // write first: if the store refuses, the document stays as it is in the store
        store.set(KEY, next);
        doc = next;
      }
      return out;
    },
    close() { closed = true; },
    health: () => ({ damage: [], tornTails: 0 }),
  };
}

function load(store: KeyValueStore): Journal {
  const raw = store.get<Journal>(KEY);
  if (!raw || raw.version !== 1 || typeof raw.rows !== 'object' || !Array.isArray(raw.ops)) return emptyJournal();
  return freezeRows(raw);
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
    ...(op.field && op.state === 'needs-attention' ? { field: op.field } : {}),
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

/**
 * @deprecated Use `parseHhmm` (src/shared/hours.ts): one rule for hours, bad input refused, never read as 0. Kept only
 * while `reconcile.ts` (changed in another branch) still imports it; delete it once that import is gone.
 */
export function minutesOf(hhmm: string): number {
  const m = /^(\d+):([0-5]\d)$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
}
