/**
 * The employee directory: every employee record of the signed-in account, so HR can find someone by part of a name,
 * an email or an employee ID in any letter case. The service cannot: it searches one column for an exact value
 * (spec 4.4 `searchColumn` / `searchValue`). So the directory is read once (all pages), then kept current with the
 * service's incremental read (spec 4.4 `modifiedtime`: only the records changed after it), and searched here.
 *
 * Kept in memory, per account, not in a store file:
 *  - it is personal data of every employee (names, emails and whatever the form holds); the data directory keeps only
 *    the user's own things, and a copy on disk would be one more place to leak, to damage-check and to expire;
 *  - the app is long-running: one full read per session, then small incremental reads; `punch employees` lives one
 *    command, and one full read is a few requests (200 records a page);
 *  - it is only a search aid: viewing or changing a record always asks the service (getEmployee, updateEmployee).
 *
 * When it asks the service:
 *  - the first search of a session (or after the account changed) reads everything;
 *  - a later search reads only what changed, when the last read is older than REFRESH_AFTER_MS: searching as one
 *    types must not cost a request a key (the real service caps calls per user and day, real-service-notes);
 *  - the incremental read starts from the newest `ModifiedTime` the service itself reported, minus 1 ms, never from
 *    our clock: the two clocks may disagree, and a change in the same millisecond as the newest one is not missed;
 *  - records deleted on the service do not show up in an incremental read: a full read again after FULL_READ_AFTER_MS;
 *  - a service whose records carry no modified time cannot be read incrementally: every refresh is a full read.
 */
import { accountKey } from '../../shared/account-key';
import type { EmployeeRecord } from '../../shared/domain';
import type { Clock, Session } from '../context';

export const REFRESH_AFTER_MS = 60_000;
export const FULL_READ_AFTER_MS = 12 * 60 * 60_000;

interface Held {
  account: string;
  records: Map<string, EmployeeRecord>;
  /** The service's newest modified time seen by a directory read (not by `remember`), or null when it gave none. */
  newest: number | null;
  readAt: number;
  fullReadAt: number;
}

export interface EmployeeDirectory {
  /** Every record of the account: read once, then refreshed incrementally when older than REFRESH_AFTER_MS. */
  records(): Promise<EmployeeRecord[]>;
  /** Records the service just gave by another way (added, updated, an exact search): kept without asking again. */
  remember(records: EmployeeRecord[]): void;
}

export function createEmployeeDirectory(deps: { session: Session; clock: Clock }): EmployeeDirectory {
  let held: Held | null = null;
  let reading: { account: string; done: Promise<Held> } | null = null;
  const accountNow = () => accountKey(deps.session.account());

  async function read(account: string, since: Held | null): Promise<Held> {
    const startedAt = deps.clock.now();
    const incremental = since !== null && since.newest !== null && startedAt - since.fullReadAt < FULL_READ_AFTER_MS;
    const client = deps.session.client();
    const got = await client.allEmployees(incremental ? { modifiedtime: Math.max(0, since.newest! - 1) } : {});
    const records = incremental ? new Map(since.records) : new Map<string, EmployeeRecord>();
    for (const r of got) records.set(r.recordId, r);
    const times = got.map((r) => r.modifiedTime).filter((t): t is number => t !== undefined);
    const newestRead = times.length ? Math.max(...times) : null;
    const newest = incremental ? Math.max(since.newest!, newestRead ?? 0) : newestRead;
    return { account, records, newest, readAt: startedAt, fullReadAt: incremental ? since.fullReadAt : startedAt };
  }

  return {
    async records() {
      const account = accountNow();
      const current = held?.account === account ? held : null;
      if (current && deps.clock.now() - current.readAt < REFRESH_AFTER_MS) return [...current.records.values()];
      // One read at a time per account: searches typed while it is out wait for it rather than ask again.
      if (!reading || reading.account !== account) {
        const done = read(account, current).finally(() => { if (reading?.done === done) reading = null; });
        reading = { account, done };
      }
      const fresh = await reading.done;
      // Kept only while it is still the signed-in account's (a sign-in elsewhere meanwhile drops it).
      if (accountNow() === account) held = fresh;
      return [...fresh.records.values()];
    },

    remember(records) {
      if (!held || held.account !== accountNow()) return;
      for (const r of records) held.records.set(r.recordId, r);
    },
  };
}

/** Lower case without accents: `José` and `JOSE` read as `jose`. */
export function foldCase(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words of a free-text search; empty when it holds none. */
export function searchWords(query: string | undefined): string[] {
  return foldCase(query ?? '').split(/\s+/).filter(Boolean);
}

/** Every word is part of the first name, last name, email or employee ID (any letter case, accents ignored). */
export function matchesWords(r: EmployeeRecord, words: string[]): boolean {
  const fields = [r.firstName, r.lastName, r.email, r.employeeId].map(foldCase);
  return words.every((w) => fields.some((f) => f.includes(w)));
}

/** The records matching the query, by name (first, then last), then email. */
export function searchEmployees(records: EmployeeRecord[], query: string | undefined): EmployeeRecord[] {
  const words = searchWords(query);
  const hits = words.length ? records.filter((r) => matchesWords(r, words)) : [...records];
  const name = (r: EmployeeRecord) => `${r.firstName} ${r.lastName}`.trim() || r.email;
  return hits.sort((a, b) => name(a).localeCompare(name(b)) || a.email.localeCompare(b.email) || a.recordId.localeCompare(b.recordId));
}
