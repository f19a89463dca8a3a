/**
 * The employee directory: every employee record of the signed-in account, so HR can find someone by part of a name,
 * an email or an employee ID in any letter case. The service cannot: it searches one column for an exact value
 * (spec 4.4 `searchColumn` / `searchValue`). So the directory is read in full, then kept current with the service's
 * incremental read (spec 4.4 `modifiedtime`: only the records changed after it), and searched here.
 *
 * A large company is 10,000 employees: 50 pages of 200, a fifth of a user's daily call cap (real-service-notes), and
 * a second or more. So the directory is kept on disk between runs, per account, in the store `employees`
 * (../../store/conf-store.ts: owner-only 0600 in the 0700 data directory, written atomically, a damaged file kept aside
 * and reported with what was recovered, like every other store). The data directory already holds the user's own
 * account; this adds the names, emails and IDs of the employees the user may read anyway, for the same user. It is
 * dropped when another account signs in. Opened on first use only: `punch status` does not parse it.
 *
 * When it asks the service (the app, web mode and every `punch` process alike, through the file):
 *  - a search within REFRESH_AFTER_MS of the last read asks nothing: searching as one types must not cost a request
 *    a key, and a second `punch employees --search` right after the first asks nothing either;
 *  - later, only what changed (one request unless more than 200 records changed); read in full again only after
 *    FULL_READ_AFTER_MS (records deleted on the service never show up in an incremental read), so at most twice a day;
 *  - the incremental read starts from the newest `ModifiedTime` the service itself reported, minus 1 ms, never from
 *    our clock: the two clocks may disagree, and a change in the same millisecond as the newest one is not missed.
 *    A service whose records carry no modified time is asked from the start of our last read minus CLOCK_MARGIN_MS (a
 *    clock that is off by more than that misses a change until the next full read);
 *  - the file is written after a full read and after an incremental read that changed something, not on every read.
 *
 * Searching 10,000 records: each record's words are folded (case, accents) once, and the records are kept sorted by
 * name, so a search is one pass of `includes` over prepared strings, in the order it is shown (./search.ts).
 */
import { accountKey, sameAccount } from '../../../shared/account-key';
import type { EmployeeRecord } from '../../../shared/domain';
import type { Clock, Session } from '../../context';
import { isFiniteNumber, isPlainObject, isString, type KeyValueStore, type OpenStore, type StoreSchema } from '../../store';
import { indexEmployees, type EmployeeHandle, type EmployeeIndex } from './employee-index';
import { defineMessages } from '../../../shared/i18n/messages';
import { said } from '../../../shared/i18n/english';
import { byName, searchWords, wordsOf } from './search';

const M = defineMessages({
  what: {
    id: 'core.team.directory.what',
    defaultMessage: 'the copy of the employee records kept for searching',
    description: 'What a damaged file is.',
  },
  noAccount: { id: 'core.team.directory.no-account', defaultMessage: 'it does not say which account it is for' },
  records: { id: 'core.team.directory.records', defaultMessage: '{count, plural, one {# employee record} other {# employee records}}' },
  times: { id: 'core.team.directory.times', defaultMessage: 'when the records were read (read in full again)' },
  ifNothing: {
    id: 'core.team.directory.if-nothing',
    defaultMessage: 'the employee records are read from the service again on the next search',
  },
});

export const REFRESH_AFTER_MS = 60_000;
export const FULL_READ_AFTER_MS = 12 * 60 * 60_000;
export const CLOCK_MARGIN_MS = 15 * 60_000;
export const EMPLOYEES_STORE = 'employees';
const KEY = 'directory';

/** What is kept on disk (and in memory): the records and when the service was last asked. */
interface Kept {
  account: string;
  records: EmployeeRecord[];
  /** The service's newest modified time seen by a directory read (not by `remember`), or null when it gave none. */
  newest: number | null;
  /** When the last read started (our clock): the incremental read's start when the service gives no modified times. */
  readAt: number;
  fullReadAt: number;
}

const isRecord = (r: unknown): r is EmployeeRecord =>
  isPlainObject(r) &&
  isString(r.recordId) &&
  isString(r.employeeId) &&
  isString(r.firstName) &&
  isString(r.lastName) &&
  isString(r.email) &&
  (r.modifiedTime === undefined || isFiniteNumber(r.modifiedTime)) &&
  isPlainObject(r.fields) &&
  Object.values(r.fields).every(isString);

/** The shape check of `employees.json` (../../store/store-schema.ts): records one by one. */
export const EMPLOYEES_SCHEMA: StoreSchema = {
  what: said(M.what.id),
  check(key, value) {
    if (key !== KEY) return { keep: value, problems: [] };
    if (!isPlainObject(value) || !isString(value.account) || !Array.isArray(value.records)) {
      return { keep: undefined, problems: [said(M.noAccount.id)] };
    }
    const records = value.records.filter(isRecord);
    const times = [value.readAt, value.fullReadAt].every(isFiniteNumber) && (value.newest === null || isFiniteNumber(value.newest));
    const problems = [
      ...(records.length < value.records.length ? [said(M.records.id, { count: value.records.length - records.length })] : []),
      ...(times ? [] : [said(M.times.id)]),
    ];
    // without its times, what is left is read in full again on the next search
    const keep: Kept = times
      ? {
          account: value.account,
          records,
          newest: value.newest as number | null,
          readAt: value.readAt as number,
          fullReadAt: value.fullReadAt as number,
        }
      : { account: value.account, records, newest: null, readAt: 0, fullReadAt: 0 };
    return { keep, problems };
  },
  describe(doc) {
    const n = (doc[KEY] as Kept | undefined)?.records.length ?? 0;
    return { text: said(M.records.id, { count: n }), count: n };
  },
  ifNothing: said(M.ifNothing.id),
};

/** The records sorted by name with each one's words folded once: what a search runs over. */
interface Held extends Omit<Kept, 'records'> {
  byId: Map<string, EmployeeRecord>;
  sorted?: Array<{ record: EmployeeRecord; words: string }>;
  /** Who a timesheet or a payroll row names, found by email, employee ID, record id or name (made on first use). */
  index?: EmployeeIndex;
}

export interface EmployeeDirectory {
  /** Every record of the account: read once, then refreshed incrementally when older than REFRESH_AFTER_MS. */
  records(): Promise<EmployeeRecord[]>;
  /** The records matching `query` (every word part of a name, email or employee ID), by name. */
  search(query: string | undefined): Promise<EmployeeRecord[]>;
  /** Records the service just gave by another way (added, updated, an exact search): kept without asking again. */
  remember(records: EmployeeRecord[]): void;
  /**
   * The record of someone named by email, employee ID or record id, from what is held (in memory, else on disk), never
   * asking the service: naming a timesheet must not cost a read of the whole directory. An employee ID that is not
   * one is tried as a record id (a payroll row's id may be either: src/core/service/wire/normalize-person.ts).
   */
  find(who: EmployeeHandle): EmployeeRecord | undefined;
}

function held({ records, ...k }: Kept): Held {
  return { ...k, byId: new Map(records.map((r) => [r.recordId, r])) };
}

export function createEmployeeDirectory(deps: { session: Session; clock: Clock; openStore?: OpenStore }): EmployeeDirectory {
  let current: Held | null = null;
  let reading: { account: string; done: Promise<Held> } | null = null;
  let store: KeyValueStore | null | undefined;
  const accountNow = () => accountKey(deps.session.account());
  /** The store, opened on first use; null without a store factory (tests of one module) or when it cannot be opened. */
  const disk = (): KeyValueStore | null => {
    if (store === undefined) {
      try {
        store = deps.openStore ? deps.openStore(EMPLOYEES_STORE, EMPLOYEES_SCHEMA) : null;
      } catch {
        store = null;
      }
    }
    return store;
  };
  const fromDisk = (account: string): Held | null => {
    try {
      const k = disk()?.get<Kept>(KEY);
      return k && sameAccount(k.account, account) ? held(k) : null;
    } catch {
      return null; // a cache: the service is asked instead
    }
  };
  const save = (h: Held) => {
    try {
      disk()?.set(KEY, {
        account: h.account,
        records: [...h.byId.values()],
        newest: h.newest,
        readAt: h.readAt,
        fullReadAt: h.fullReadAt,
      } satisfies Kept);
    } catch {
      /* a cache: a disk that refuses it costs a read in the next process, and the status says what the disk does */
    }
  };
  deps.session.onChange(() => {
    current = null;
    try {
      disk()?.delete(KEY);
    } catch {
      /* as above */
    }
  });

  async function read(account: string, since: Held | null): Promise<Held> {
    const startedAt = deps.clock.now();
    const incremental = since !== null && startedAt - since.fullReadAt < FULL_READ_AFTER_MS && startedAt >= since.fullReadAt;
    const from = since?.newest != null ? since.newest - 1 : (since?.readAt ?? 0) - CLOCK_MARGIN_MS;
    const got = await deps.session.client().allEmployees(incremental ? { modifiedtime: Math.max(0, from) } : {});
    const byId = incremental ? new Map(since.byId) : new Map<string, EmployeeRecord>();
    let changed = !incremental;
    for (const r of got) {
      if (!changed && JSON.stringify(byId.get(r.recordId)) !== JSON.stringify(r)) changed = true;
      byId.set(r.recordId, r);
    }
    const times = got.map((r) => r.modifiedTime).filter((t): t is number => t !== undefined);
    const newestRead = times.length ? Math.max(...times) : null;
    const newest = incremental && since.newest !== null ? Math.max(since.newest, newestRead ?? 0) : newestRead;
    const next: Held = {
      account,
      byId,
      newest,
      readAt: startedAt,
      fullReadAt: incremental ? since.fullReadAt : startedAt,
      ...(!changed && since?.sorted ? { sorted: since.sorted } : {}),
    };
    if (changed) save(next);
    return next;
  }

  async function fresh(): Promise<Held> {
    const account = accountNow();
    let h = current?.account === account ? current : null;
    const due = (x: Held | null) => !x || deps.clock.now() - x.readAt >= REFRESH_AFTER_MS || deps.clock.now() < x.readAt;
    if (due(h)) {
      // another process (the app, an earlier `punch`) may have read it meanwhile
      const kept = fromDisk(account);
      if (kept && (!h || kept.readAt > h.readAt)) h = kept;
    }
    if (h && !due(h)) {
      current = h;
      return h;
    }
    // One read at a time per account: searches typed while it is out wait for it rather than ask again.
    if (!reading || reading.account !== account) {
      const done = read(account, h).finally(() => {
        if (reading?.done === done) reading = null;
      });
      reading = { account, done };
    }
    const got = await reading.done;
    // Kept only while it is still the signed-in account's (a sign-in elsewhere meanwhile drops it).
    if (accountNow() === account) current = got;
    return got;
  }

  /** What is held for the signed-in account, without asking the service (another process may have read it). */
  function heldNow(): Held | null {
    const account = accountNow();
    if (current?.account === account) return current;
    const kept = fromDisk(account);
    if (kept) current = kept;
    return kept;
  }
  const indexOf = (h: Held) => (h.index ??= indexEmployees(h.byId));

  const sortedOf = (h: Held) => (h.sorted ??= [...h.byId.values()].sort(byName).map((record) => ({ record, words: wordsOf(record) })));

  return {
    records: async () => sortedOf(await fresh()).map((e) => e.record),

    async search(query) {
      const words = searchWords(query);
      const all = sortedOf(await fresh());
      return (words.length ? all.filter((e) => words.every((w) => e.words.includes(w))) : all).map((e) => e.record);
    },

    remember(records) {
      if (!current || current.account !== accountNow() || records.length === 0) return;
      for (const r of records) current.byId.set(r.recordId, r);
      delete current.sorted;
      delete current.index;
      save(current);
    },

    find(who) {
      let h: Held | null;
      try {
        h = heldNow();
      } catch {
        return undefined; // no account yet: nothing is held
      }
      if (!h) return undefined;
      return indexOf(h).find(who);
    },
  };
}
