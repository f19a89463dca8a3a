/**
 * When the outbox last reached the service ("Last sync"), one record per account for every process on the data
 * directory (the store `sync`, `sync.json`): the app's sync and `punch log`'s both write it, `punch status`, the
 * app's status pill and the tray read it. Kept in memory only, `punch status` said "Last sync: never" right after
 * `punch log` synced an entry, and after the app synced six.
 */
import type { KeyValueStore, StoreSchema } from '../store';
import { isFiniteNumber } from '../store';
import { defineMessages } from '../../shared/i18n/messages';
import { said } from '../../shared/i18n/english';

const M = defineMessages({
  what: {
    id: 'core.outbox.last-sync.what',
    defaultMessage: 'when the outbox last reached the service',
    description: 'What a damaged file is.',
  },
  one: {
    id: 'core.outbox.last-sync.one',
    defaultMessage: 'the last sync of {account}',
    description: '{account}: an account, as it is stored.',
  },
  held: { id: 'core.outbox.last-sync.held', defaultMessage: 'the last sync of {count, plural, one {# account} other {# accounts}}' },
  nothing: { id: 'core.outbox.last-sync.nothing', defaultMessage: 'nothing' },
  ifNothing: {
    id: 'core.outbox.last-sync.if-nothing',
    defaultMessage: 'the status says "Last sync: never" until the next entry reaches the service',
  },
});

export const SYNC_STORE = 'sync';
const keyOf = (account: string) => `lastSyncAt:${account}`;

export const SYNC_SCHEMA: StoreSchema = {
  what: said(M.what.id),
  check(key, value) {
    if (!key.startsWith('lastSyncAt:')) return { keep: value, problems: [] };
    return isFiniteNumber(value)
      ? { keep: value, problems: [] }
      : { keep: undefined, problems: [said(M.one.id, { account: key.slice(11) })] };
  },
  describe(doc) {
    const n = Object.keys(doc).filter((k) => k.startsWith('lastSyncAt:')).length;
    return { text: n ? said(M.held.id, { count: n }) : said(M.nothing.id), count: n };
  },
  ifNothing: said(M.ifNothing.id),
};

export interface LastSyncRecord {
  /** The last sync of this account by any process on the data directory; undefined when none was recorded. */
  read(account: string): number | undefined;
  /** The service answered a sync step of this account at `at` (kept when later than the one recorded). */
  record(account: string, at: number): void;
}

export function lastSyncRecord(store: KeyValueStore): LastSyncRecord {
  return {
    read: (account) => store.get<number>(keyOf(account)),
    record(account, at) {
      try {
        if ((store.get<number>(keyOf(account)) ?? -Infinity) >= at) return;
        store.set(keyOf(account), at);
      } catch {
        // a disk that refuses the write (full, closing): this process still knows it; the outbox itself is what matters
      }
    },
  };
}
