/**
 * What the team module keeps between starts, per account, in the store `team` (../store/conf-store.ts, like the
 * catalog's job list): the user's roles as last found out (./roles.ts), which timesheets this device has seen
 * partly approved (./approvals.ts), and whose each timesheet seen is (the user's own or not, the employee's name from
 * its detail): a timesheet never changes hands, so what was learnt once is not asked again, by the app or by the
 * next `punch` process (a decision then costs the decision and one read). A sign-in as someone else starts afresh. It is a cache: a disk that refuses
 * the write costs a probe or a "Partly approved" badge later, never the answer in hand, so write failures are not
 * raised here (the storage state in the status says what the disk does).
 */
import { z } from 'zod';
import { once } from '../../shared/lazy/once';
import type { ApprovalStatus } from '../../shared/domain';
import { accountKey, sameAccount } from '../../shared/account-key';
import type { Session } from '../context';
import type { KeyValueStore, OpenStore, StoreSchema } from '../store';
import { isPlainObject, isString } from '../store';
import { defineMessages } from '../../shared/i18n/messages';
import { said } from '../../shared/i18n/english';
import type { Words } from '../../shared/i18n/said';

const M = defineMessages({
  what: {
    id: 'core.team.cache.what',
    defaultMessage: 'what you may do (Team, HR) as last checked with the service',
    description: "What a damaged file is. Team, HR: the tabs' names.",
  },
  noAccount: { id: 'core.team.cache.no-account', defaultMessage: 'it does not say which account it is for' },
  rolesAgain: { id: 'core.team.cache.roles-again', defaultMessage: 'what you may do (checked with the service again)' },
  mark: { id: 'core.team.cache.mark', defaultMessage: 'the mark of timesheet {id}' },
  whose: { id: 'core.team.cache.whose', defaultMessage: 'whose timesheet {id} is (asked again when needed)' },
  name: {
    id: 'core.team.cache.name',
    defaultMessage: 'the name kept for {key} (read again when needed)',
    description: '{key}: an email or id.',
  },
  held: {
    id: 'core.team.cache.held',
    defaultMessage:
      '{roles, select, yes {what you may do{marks, plural, =0 {} one { and # partly approved timesheet} other { and # partly approved timesheets}}} other {{marks, plural, =0 {nothing} one {# partly approved timesheet} other {# partly approved timesheets}}}}',
  },
  ifNothing: { id: 'core.team.cache.if-nothing', defaultMessage: 'what you may do is checked with the service again' },
});

export const TEAM_STORE = 'team';
const CACHE_KEY = 'cache';
/** The newest marks are kept; a mark is only a hint for a list badge (the detail always tells from its logs). */
const MAX_MARKS = 200;
/** The newest owners are kept: a big team's 8 weeks; one forgotten costs one read when it is decided. */
const MAX_OWNERS = 2_000;
/** The newest people read are kept: one forgotten costs one read when it is named again. */
const MAX_PEOPLE = 2_000;

/**
 * `team.json`'s cache, written once as a zod schema; the types are inferred. The shape check below reads it part by
 * part with the same schemas: roles only whole, each mark and each owner on its own. Built together the first time
 * the file is read (../../shared/lazy/once.ts: not at load, where every `punch` start would pay for them).
 */
const schemas = once(() => {
  const KNOWN_ROLES = z.object({ approver: z.boolean(), hr: z.boolean(), checkedAt: z.number() });
  /**
   * Whose a timesheet is, as far as this device learnt: the user's own or not, the employee's name, and how the service
   * names them (email, employee ID, record id: what finds their name when the service gave none, ./people.ts).
   */
  const SHEET_OWNER = z.object({
    own: z.boolean().optional(),
    name: z.string().optional(),
    email: z.string().optional(),
    employeeId: z.string().optional(),
    recordId: z.string().optional(),
  });
  /**
   * A person read once to name them (./people.ts): what the service's employee record said, or (`missing`, when) that
   * it had no record it would show. Kept so nobody is read twice (the call budget).
   */
  const PERSON = z.object({
    name: z.string().optional(),
    email: z.string().optional(),
    employeeId: z.string().optional(),
    recordId: z.string().optional(),
    missing: z.number().optional(),
  });
  const MARK = z.enum(['draft', 'pending', 'approved', 'rejected']) satisfies z.ZodType<ApprovalStatus>;
  const TEAM_FILE = z.object({
    account: z.string(),
    roles: KNOWN_ROLES.optional(),
    /** Timesheet id -> its status when it was seen partly approved (a later status change makes the mark stale). */
    partly: z.record(z.string(), MARK),
    /** Timesheet id -> whose it is. */
    whose: z.record(z.string(), SHEET_OWNER),
    /** `email:<email>`, `emp:<employee ID>`, `rec:<record id>` -> the person read for it (./people.ts). */
    people: z.record(z.string(), PERSON).optional(),
  });
  return { KNOWN_ROLES, SHEET_OWNER, PERSON, MARK, TEAM_FILE };
});
type Schemas = ReturnType<typeof schemas>;
export type KnownRoles = z.infer<Schemas['KNOWN_ROLES']>;
export type SheetOwner = z.infer<Schemas['SHEET_OWNER']>;
export type KeptPerson = z.infer<Schemas['PERSON']>;
type CacheDoc = z.infer<Schemas['TEAM_FILE']>;

/** The shape check of `team.json` (../store/store-schema.ts): roles kept only whole, marks one by one. */
export const TEAM_CACHE_SCHEMA: StoreSchema = {
  what: said(M.what.id),
  check(key, value) {
    if (key !== CACHE_KEY) return { keep: value, problems: [] };
    const account = schemas().TEAM_FILE.shape.account.safeParse(isPlainObject(value) ? value.account : undefined);
    if (!isPlainObject(value) || !account.success) return { keep: undefined, problems: [said(M.noAccount.id)] };
    const problems: Words[] = [];
    const doc: CacheDoc = { account: account.data, partly: {}, whose: {} };
    if (value.roles !== undefined) {
      const roles = schemas().KNOWN_ROLES.safeParse(value.roles);
      if (roles.success) doc.roles = roles.data;
      else problems.push(said(M.rolesAgain.id));
    }
    for (const [id, status] of Object.entries(isPlainObject(value.partly) ? value.partly : {})) {
      const mark = schemas().MARK.safeParse(status);
      if (mark.success) doc.partly[id] = mark.data;
      else problems.push(said(M.mark.id, { id }));
    }
    for (const [id, o] of Object.entries(isPlainObject(value.whose) ? value.whose : {})) {
      const owner = schemas().SHEET_OWNER.safeParse(o);
      if (owner.success) doc.whose[id] = owner.data;
      else problems.push(said(M.whose.id, { id }));
    }
    for (const [key, o] of Object.entries(isPlainObject(value.people) ? value.people : {})) {
      const person = schemas().PERSON.safeParse(o);
      if (person.success) (doc.people ??= {})[key] = person.data;
      else problems.push(said(M.name.id, { key }));
    }
    return { keep: doc, problems };
  },
  describe(doc) {
    const c = doc[CACHE_KEY] as CacheDoc | undefined;
    const marks = Object.keys(c?.partly ?? {}).length;
    return { text: said(M.held.id, { roles: c?.roles ? 'yes' : 'no', marks }), count: (c?.roles ? 1 : 0) + marks };
  },
  ifNothing: said(M.ifNothing.id),
};

export interface TeamCache {
  roles(): KnownRoles | undefined;
  setRoles(roles: KnownRoles): void;
  /** Timesheet id -> the status it had when seen partly approved. */
  partlyMarks(): Readonly<Record<string, ApprovalStatus>>;
  /** Seen partly approved with this status, or (null) seen otherwise. */
  markPartly(id: string, status: ApprovalStatus | null): void;
  /** Whose the timesheet is, as far as known. */
  whose(id: string): SheetOwner | undefined;
  /** What was learnt of whose some timesheets are (merged with what was known; written once for all). */
  noteWhose(found: ReadonlyArray<readonly [string, SheetOwner]>): void;
  /** A person read before, by `email:`, `emp:` or `rec:` key (./people.ts). */
  person(key: string): KeptPerson | undefined;
  /** People read (each under every key it is known by; written once for all). */
  notePeople(found: ReadonlyArray<readonly [string, KeptPerson]>): void;
  /** Bumped on every account change: an answer that started for the previous account must not be kept. */
  generation(): number;
  close(): void;
}

/** A store in memory, for a core built without the store factory (tests of one module). */
function memoryStore(): KeyValueStore {
  const m = new Map<string, unknown>();
  return {
    get: <T>(k: string) => m.get(k) as T | undefined,
    set: (k, v) => {
      m.set(k, v);
    },
    delete: (k) => {
      m.delete(k);
    },
    path: ':memory:',
  };
}

export function createTeamCache(deps: { session: Session; openStore?: OpenStore }): TeamCache {
  const store = deps.openStore ? deps.openStore(TEAM_STORE, TEAM_CACHE_SCHEMA) : memoryStore();
  const current = (): string => {
    try {
      return accountKey(deps.session.account());
    } catch {
      return '';
    }
  };
  const read = (): CacheDoc => {
    const stored = store.get<CacheDoc>(CACHE_KEY);
    return stored && isString(stored.account) && sameAccount(stored.account, current())
      ? { ...stored, partly: { ...stored.partly }, whose: { ...stored.whose }, people: { ...stored.people } }
      : { account: current(), partly: {}, whose: {} };
  };
  let doc = read();
  let gen = 0;
  /** After the core closed, an answer still on its way is kept in memory only: nothing touches the disk any more. */
  let closed = false;
  const save = () => {
    if (closed) return;
    try {
      store.set(CACHE_KEY, doc);
    } catch {
      /* a cache: the answer in memory still holds (see the header) */
    }
  };
  const unsubscribe = deps.session.onChange(() => {
    gen++;
    try {
      store.delete(CACHE_KEY);
    } catch {
      /* as above */
    }
    doc = { account: current(), partly: {}, whose: {} };
  });
  return {
    roles: () => doc.roles,
    setRoles(roles) {
      doc.roles = roles;
      save();
    },
    partlyMarks: () => doc.partly,
    markPartly(id, status) {
      const had = doc.partly[id];
      if (status === null && had === undefined) return;
      if (status !== null && had === status) return;
      delete doc.partly[id];
      if (status !== null) doc.partly[id] = status;
      const ids = Object.keys(doc.partly);
      for (const old of ids.slice(0, Math.max(0, ids.length - MAX_MARKS))) delete doc.partly[old];
      save();
    },
    whose: (id) => doc.whose[id],
    noteWhose(found) {
      let changed = false;
      for (const [id, o] of found) {
        const had = doc.whose[id];
        const next: SheetOwner = { ...had, ...(o.own !== undefined ? { own: o.own } : {}) };
        for (const k of ['name', 'email', 'employeeId', 'recordId'] as const) if (o[k]) next[k] = o[k];
        if (had && JSON.stringify(had) === JSON.stringify(next)) continue;
        delete doc.whose[id];
        doc.whose[id] = next;
        changed = true;
      }
      if (!changed) return;
      const ids = Object.keys(doc.whose);
      for (const old of ids.slice(0, Math.max(0, ids.length - MAX_OWNERS))) delete doc.whose[old];
      save();
    },
    person: (key) => doc.people?.[key],
    notePeople(found) {
      if (found.length === 0) return;
      const people = (doc.people ??= {});
      for (const [key, p] of found) {
        delete people[key];
        people[key] = p;
      }
      const keys = Object.keys(people);
      for (const old of keys.slice(0, Math.max(0, keys.length - MAX_PEOPLE))) delete people[old];
      save();
    },
    generation: () => gen,
    close() {
      closed = true;
      unsubscribe();
    },
  };
}
