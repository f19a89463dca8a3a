/**
 * Searching the employee directory (./directory.ts) as HR types: every word part of a first name, last name, email or
 * employee ID, in any letter case and without accents; the hits by name (first, then last), then email.
 */
import type { EmployeeRecord } from '../../../shared/domain';

/** Made on first use: creating a collator loads ICU data, about 10 ms that `punch status` need not pay. */
let collator: Intl.Collator | undefined;
const nameOf = (r: EmployeeRecord) => `${r.firstName} ${r.lastName}`.trim() || r.email;
export const byName = (a: EmployeeRecord, b: EmployeeRecord) =>
  (collator ??= new Intl.Collator(undefined, { sensitivity: 'base' })).compare(nameOf(a), nameOf(b)) ||
  a.email.localeCompare(b.email) ||
  a.recordId.localeCompare(b.recordId);
export const wordsOf = (r: EmployeeRecord) => [r.firstName, r.lastName, r.email, r.employeeId].map(foldCase).join('\u0000');

/** Lower case without accents: `José` and `JOSE` read as `jose`. */
export function foldCase(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words of a free-text search; empty when it holds none. */
export function searchWords(query: string | undefined): string[] {
  return foldCase(query ?? '')
    .split(/\s+/)
    .filter(Boolean);
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
  return hits.sort(byName);
}
