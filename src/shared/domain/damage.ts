/** A data file that could not be read, kept aside byte for byte, and what it seems to hold (src/core/store/damage.ts). */
import type { Said } from '../i18n/said';
import type { LocalTimeLog } from './local-log';
import type { BillingStatus } from './service';

/**
 * A data file that could not be read (damaged, truncated, empty, of an unknown version or shape): its bytes were
 * copied into `damaged/` before anything was changed, and what could be recovered from it was kept.
 */
export interface DamageReport {
  /** Stable id (also the report's file name without `.json`). */
  id: string;
  /** What the file is, in the user's words: "the outbox", "the timer", "the account". */
  what: string;
  /** The file that could not be read. */
  file: string;
  /** The byte-for-byte copy kept aside. */
  keptAs: string;
  /** Why it could not be read, in plain words ("it ends in the middle of a record", "it is empty"). */
  reason: string;
  /** What it held and what became of it: "3 queued entries recovered; 1 record could not be read". */
  outcome: string;
  /**
   * `what`, `reason` and `outcome` as codes and values (src/shared/i18n/said.ts), each where the core said it so:
   * shells word them in the user's language (src/shared/said-words.ts); the English fields stay beside them.
   */
  said?: { what?: Said; reason?: Said; outcome?: Said };
  /** Entries recovered from it (0 when nothing could be read). */
  recovered: number;
  /** Parts that could not be recovered (records, lines), when known. */
  lost?: number;
  at: number;
  acknowledgedAt?: number;
  /**
   * What the damaged part seems to hold that could not be recovered (read without trusting it: its checksum failed),
   * offered to the user to log again or discard in one action (`resolveDamage`, `punch data log-again|discard`).
   */
  offer?: DamageOffer;
}

/** Logs read from a damaged record, as they seem to be: never applied on their own, only when the user says so. */
export interface DamageOffer {
  /** A log's own fields, as a log of the ledger has them (nothing of its sync: it was never applied). */
  logs: Array<Pick<LocalTimeLog, 'workDate' | 'hours' | 'jobId' | 'jobName' | 'billingStatus' | 'workItem' | 'description'>>;
  /**
   * Changes of logs the file still holds, read from its torn last record (the log is kept as it was before the
   * change): each log's values as the change made them, and `was`, as the file holds them. "Log again" makes the
   * change again (an edit through the company's rules), "discard" keeps the log as it is. Absent when there are none
   * (reports before it never have it).
   */
  edits?: DamageEdit[];
  /**
   * Deletes of logs the file still holds, read from its torn last record (the log is kept, as the file holds it):
   * "Log again" (`log-again`: "Delete it") deletes the log again, "discard" ("Keep it") keeps it. Absent when there
   * are none (reports before it never have it).
   */
  deletes?: DamageDelete[];
  /** What the user chose, and when: logged again (as new logs, through the company's rules) or discarded. */
  resolved?: { action: 'logged' | 'discarded'; at: number };
}

/** A log a damaged record names: which log (the ledger's id) and its values. */
interface DamagedLog {
  /** The log the record is for (the ledger's id). */
  localId: string;
  workDate: string;
  hours: string;
  jobName: string;
  billingStatus: BillingStatus;
  description?: string;
}

/** A change of a log read from a damaged record: the log's values as changed (the job never changes in an edit). */
export interface DamageEdit extends DamagedLog {
  /** The values the file holds for the log (what it stays as when the change is discarded). */
  was: { workDate: string; hours: string; billingStatus: BillingStatus; description?: string };
}

/** A delete of a log read from a torn record: the log as the file holds it (what stays when the delete is not made again). */
export type DamageDelete = DamagedLog;

/** How many logs, changes and deletes an offer holds (an older report has logs only). */
export function offerSize(offer: DamageOffer | undefined): number {
  return offer ? offer.logs.length + (offer.edits?.length ?? 0) + (offer.deletes?.length ?? 0) : 0;
}
