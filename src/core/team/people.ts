/**
 * People by their names wherever a person is meant: the Team list and review, the line after a decision,
 * payroll rows and their CSV, `punch timesheets` / `payroll` / `approve`. A record names its person in whatever way
 * the service chose (a name, an email, an employee ID, a record id: ../service/wire/normalize-person.ts); this module turns
 * any of those into a name, in this order:
 *
 *  1. the name the record itself gives (the service's word wins);
 *  2. the employee directory this device keeps on disk (./directory/directory.ts: first and last names), read without
 *     asking the service;
 *  3. a person read before (kept per account with the team cache, ./team-cache.ts);
 *  4. one read of that person (spec 4.4: getDataByID by record id, else the exact search by email or by employee
 *     ID), at most READS_AT_ONCE per call, kept, including "the service showed no record" (tried again after a week):
 *     nobody is read twice. A refusal (the user may not read employee records) stops the reads of that call.
 *
 * Nothing is guessed: a person nothing names stays unnamed, and the screens say an email where that is all there is.
 */
import type { EmployeeRecord } from '../../shared/domain';
import type { Clock, Session } from '../context';
import { AuthError, ServiceError, type CallOptions } from '../service';
import type { EmployeeDirectory } from './directory';
import type { KeptPerson, TeamCache } from './team-cache';

/** Who a record names: any of these may be known. */
export interface PersonRef {
  name?: string;
  email?: string;
  employeeId?: string;
  recordId?: string;
}

/** At most this many people read in one call (the call budget: about 250 calls a day); the rest on the next one. */
export const READS_AT_ONCE = 10;
/** A person the service showed no record of is asked again after this long (hired since, or the record fixed). */
export const MISSING_KEPT_MS = 7 * 24 * 60 * 60_000;
/** Permission refused (no employee records for this user): not asked again in this process for this long. */
const REFUSED_PAUSE_MS = 60 * 60_000;

export interface People {
  /** The person with everything known of them without asking the service. */
  known(p: PersonRef): PersonRef;
  /** Reads, once each, the people nothing known names yet (see the header); never throws. */
  complete(people: PersonRef[], call?: CallOptions): Promise<void>;
}

export interface PeopleDeps {
  session: Session;
  clock: Clock;
  cache: TeamCache;
  /** The directory on disk; without it only people read before and the record's own words name anyone. */
  directory?: Pick<EmployeeDirectory, 'find'>;
}

const fullName = (r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`.replace(/\s+/g, ' ').trim();
const clean = (s: string | undefined) => (s && s.trim() ? s.trim() : undefined);

/** The keys a person may be kept under. */
export function keysOf(p: PersonRef): string[] {
  const email = clean(p.email)?.toLowerCase();
  return [
    ...(clean(p.recordId) ? [`rec:${clean(p.recordId)}`] : []),
    ...(email ? [`email:${email}`] : []),
    ...(clean(p.employeeId) ? [`emp:${clean(p.employeeId)}`] : []),
  ];
}

function fromRecord(r: EmployeeRecord): KeptPerson {
  const name = fullName(r);
  return {
    ...(name ? { name } : {}),
    ...(clean(r.email) ? { email: r.email.trim() } : {}),
    ...(clean(r.employeeId) ? { employeeId: r.employeeId.trim() } : {}),
    recordId: r.recordId,
  };
}

/** `p` with the gaps filled from `more` (what `p` says wins). */
const fill = (p: PersonRef, more: PersonRef | undefined): PersonRef =>
  more
    ? {
        ...p,
        ...(!clean(p.name) && clean(more.name) ? { name: more.name } : {}),
        ...(!clean(p.email) && clean(more.email) ? { email: more.email } : {}),
        ...(!clean(p.employeeId) && clean(more.employeeId) ? { employeeId: more.employeeId } : {}),
        ...(!clean(p.recordId) && clean(more.recordId) ? { recordId: more.recordId } : {}),
      }
    : p;

export function createPeople(deps: PeopleDeps): People {
  const { cache, clock } = deps;
  let refusedAt: number | undefined;

  function kept(p: PersonRef): KeptPerson | undefined {
    for (const key of keysOf(p)) {
      const k = cache.person(key);
      if (k && k.missing === undefined) return k;
    }
    return undefined;
  }

  /**
   * The directory's record fills the gaps, and its ids win: the service's "employee id" on a payroll row may be the
   * record id (../service/wire/normalize-person.ts), and the directory knows which is which.
   */
  function known(p: PersonRef): PersonRef {
    let out = { ...p };
    const inDirectory = deps.directory?.find(out);
    if (inDirectory) {
      const r = fromRecord(inDirectory);
      out = { ...fill(out, r), ...(r.employeeId ? { employeeId: r.employeeId } : {}), recordId: r.recordId };
    }
    out = fill(out, kept(out));
    return out;
  }

  /** Read before and still worth nothing new (a record not shown, less than a week ago)? */
  const recentlyMissing = (p: PersonRef) =>
    keysOf(p).some((key) => {
      const m = cache.person(key)?.missing;
      return m !== undefined && clock.now() - m >= 0 && clock.now() - m < MISSING_KEPT_MS;
    });

  /** One read of one person: by record id (getDataByID), else the exact search by email, else by employee ID. */
  async function read(p: PersonRef, call?: CallOptions): Promise<EmployeeRecord | null> {
    const client = deps.session.client();
    const recordId = clean(p.recordId);
    if (recordId) return client.employee(recordId, call);
    const email = clean(p.email);
    const employeeId = clean(p.employeeId);
    const found = await client.allEmployees(
      email ? { searchColumn: 'EMPLOYEEMAILALIAS', searchValue: email } : { searchColumn: 'EMPLOYEEID', searchValue: employeeId! },
      call,
    );
    const same = (r: EmployeeRecord) =>
      email ? r.email.trim().toLowerCase() === email.toLowerCase() : r.employeeId.trim() === employeeId || r.recordId === employeeId;
    return found.find(same) ?? null;
  }

  async function complete(people: PersonRef[], call?: CallOptions): Promise<void> {
    if (refusedAt !== undefined && clock.now() - refusedAt >= 0 && clock.now() - refusedAt < REFUSED_PAUSE_MS) return;
    const seen = new Set<string>();
    const toRead: PersonRef[] = [];
    for (const p of people) {
      const k = known(p);
      const keys = keysOf(k);
      if (clean(k.name) || keys.length === 0 || keys.some((key) => seen.has(key)) || recentlyMissing(k)) continue;
      keys.forEach((key) => seen.add(key));
      toRead.push(k);
      if (toRead.length >= READS_AT_ONCE) break;
    }
    if (toRead.length === 0) return;
    const gen = cache.generation();
    const found: Array<readonly [string, KeptPerson]> = [];
    /** One person read, kept under every key it is known by; false when the service refused or could not be asked. */
    const readOne = async (p: PersonRef): Promise<boolean> => {
      let record: EmployeeRecord | null;
      try {
        record = await read(p, call);
      } catch (e) {
        if (e instanceof AuthError || (e instanceof ServiceError && e.code === 9000)) refusedAt = clock.now();
        return false;
      }
      const person: KeptPerson = record ? fromRecord(record) : { missing: clock.now() };
      for (const key of new Set([...keysOf(p), ...(record ? keysOf(person) : [])])) found.push([key, person]);
      return true;
    };
    // the first alone: a user who may not read employee records is refused once, not READS_AT_ONCE times
    if (await readOne(toRead[0])) await Promise.all(toRead.slice(1).map(readOne));
    // an answer for the account signed in before is not kept for the next one
    if (cache.generation() === gen) cache.notePeople(found);
  }

  return {
    known,
    async complete(people, call) {
      try {
        await complete(people, call);
      } catch {
        /* naming is a courtesy: the answer in hand is never lost to it */
      }
    },
  };
}
