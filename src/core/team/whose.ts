/**
 * Whose a timesheet is, by name: the Team list, the review, the line after a decision and `punch` read
 * `employeeName` and show it; this fills it in wherever anything names the employee (./people.ts for the order).
 *
 * A list row may name nobody (the contract leaves list fields open; the sandbox's `timesheetListEmployee: 'none'`).
 * Such a row is named from what this device learnt of that timesheet before (kept with the owners, ./team-cache.ts),
 * else by its own name when it says more than its period ("Liam C. - conference week"), else by reading its detail
 * once (at most DETAIL_READS_PER_LIST a list, in parallel; the detail's timesheet, else its time logs, name the
 * employee: ../service/wire/normalize.ts). What the row or the detail gives (a name, an email, an employee ID, a record
 * id) then becomes a name through the directory on disk, or one read of that person.
 */
import type { Timesheet } from '../../shared/domain';
import { nameBeyondPeriod } from '../../shared/time/period';
import type { CallOptions } from '../service';
import type { People, PersonRef } from './people';
import type { SheetOwner, TeamCache } from './team-cache';

/** A list names at most this many rows by reading their details (in parallel); the rest on the next list. */
export const DETAIL_READS_PER_LIST = 10;

export interface SheetNames {
  /** Who the timesheet names, with what this device learnt of it before. */
  personOf(t: Timesheet): PersonRef;
  /** The sheets with whose they are filled in from what is known and, for the unnamed, one read per person. */
  named<T extends Timesheet>(sheets: T[], call?: CallOptions): Promise<T[]>;
  /** A list named: rows that name nobody at all first read their detail (`readDetail`, at most DETAIL_READS_PER_LIST). */
  namedList(list: Timesheet[], readDetail: (id: string) => Promise<unknown>): Promise<Timesheet[]>;
  /** What a sheet (a row, a detail) says of whose it is, kept for the next list, decision or process. */
  owner(t: Timesheet): SheetOwner;
}

/** The sheet with the gaps in whose it is filled from `p` (what the service said wins). */
function withPerson<T extends Timesheet>(t: T, p: PersonRef): T {
  return {
    ...t,
    ...(!t.employeeName && p.name ? { employeeName: p.name } : {}),
    ...(!t.employeeEmail && p.email ? { employeeEmail: p.email } : {}),
    ...(!t.employeeId && p.employeeId ? { employeeId: p.employeeId } : {}),
    ...(!t.employeeRecordId && p.recordId ? { employeeRecordId: p.recordId } : {}),
  };
}

export function createSheetNames(deps: { people: People; cache: TeamCache }): SheetNames {
  const { people, cache } = deps;

  function personOf(t: Timesheet): PersonRef {
    const kept = cache.whose(t.recordId);
    const p: PersonRef = {};
    const name = t.employeeName ?? kept?.name;
    const email = t.employeeEmail ?? kept?.email;
    const employeeId = t.employeeId ?? kept?.employeeId;
    const recordId = t.employeeRecordId ?? kept?.recordId;
    if (name) p.name = name;
    if (email) p.email = email;
    if (employeeId) p.employeeId = employeeId;
    if (recordId) p.recordId = recordId;
    return p;
  }

  const owner = (t: Timesheet): SheetOwner => ({
    ...(t.employeeName ? { name: t.employeeName } : {}),
    ...(t.employeeEmail ? { email: t.employeeEmail } : {}),
    ...(t.employeeId ? { employeeId: t.employeeId } : {}),
    ...(t.employeeRecordId ? { recordId: t.employeeRecordId } : {}),
  });

  async function named<T extends Timesheet>(sheets: T[], call?: CallOptions): Promise<T[]> {
    const refs = sheets.map(personOf);
    await people.complete(
      refs.filter((r) => !r.name),
      call,
    );
    const out = sheets.map((t, i) => withPerson(t, people.known(refs[i])));
    // what was learnt is kept with the owners: the next list names these rows without asking
    cache.noteWhose(out.filter((t, i) => t.employeeName && !refs[i].name).map((t) => [t.recordId, owner(t)] as const));
    return out;
  }

  /** Names nothing about the employee at all: no name, email or id, and nothing learnt before. */
  const nameless = (t: Timesheet) => Object.keys(personOf(t)).length === 0;

  async function namedList(list: Timesheet[], readDetail: (id: string) => Promise<unknown>): Promise<Timesheet[]> {
    const toRead = list.filter((t) => nameless(t) && !nameBeyondPeriod(t.timesheetName)).slice(0, DETAIL_READS_PER_LIST);
    await Promise.all(
      toRead.map(async (t) => {
        try {
          await readDetail(t.recordId);
        } catch {
          /* named by its own name or not at all; tried again on the next list */
        }
      }),
    );
    return named(list);
  }

  return { personOf, named, namedList, owner };
}
