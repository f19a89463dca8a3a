/**
 * The employee directory's records by the ways other records name a person (../people.ts): a timesheet or its logs by
 * email or record id (erecno), a payroll row by email, employee ID or record id, or only by name. Built once per
 * directory read, on first use.
 */
import type { EmployeeRecord } from '../../../shared/domain';

/** How a record names someone: any of these finds them (a name only when one record has it). */
export interface EmployeeHandle {
  name?: string;
  email?: string;
  employeeId?: string;
  recordId?: string;
}

export interface EmployeeIndex {
  find(who: EmployeeHandle): EmployeeRecord | undefined;
}

/** Lower case without accents, spaces collapsed: `José  Díaz` and `jose diaz` read alike. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

export function indexEmployees(byId: ReadonlyMap<string, EmployeeRecord>): EmployeeIndex {
  const all = [...byId.values()];
  const byEmail = new Map(all.filter((r) => r.email.trim()).map((r) => [r.email.trim().toLowerCase(), r]));
  const byEmployeeId = new Map(all.filter((r) => r.employeeId.trim()).map((r) => [r.employeeId.trim(), r]));
  // two people of one name: the name finds neither (null)
  const byName = new Map<string, EmployeeRecord | null>();
  for (const r of all) {
    const key = fold(`${r.firstName} ${r.lastName}`);
    if (key) byName.set(key, byName.has(key) ? null : r);
  }
  return {
    find(who) {
      const email = who.email?.trim().toLowerCase();
      const id = who.employeeId?.trim();
      const name = who.name ? fold(who.name) : '';
      return (
        (who.recordId ? byId.get(who.recordId.trim()) : undefined) ??
        (email ? byEmail.get(email) : undefined) ??
        // an "employee id" that is not one may be the record id (a payroll row's id: ../../service/wire/normalize-person.ts)
        (id ? (byEmployeeId.get(id) ?? byId.get(id)) : undefined) ??
        (name ? (byName.get(name) ?? undefined) : undefined)
      );
    },
  };
}
