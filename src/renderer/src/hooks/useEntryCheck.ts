import { useEffect } from 'react';
import type { EntryFields } from '../store/entry';
import { useApp } from '../store/useApp';

const HHMM = /^\d{1,5}:[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Asks the core to check an entry against the company's rules while the user types, debounced so a burst of
 * keystrokes costs one check. Only well-formed input is sent; the form itself explains a malformed field.
 */
export function useEntryCheck(fields: EntryFields | null, delayMs = 300): void {
  const check = useApp((s) => s.entry.check);
  const key = fields ? JSON.stringify(fields) : '';
  useEffect(() => {
    if (!fields || !HHMM.test(fields.hours) || !DATE.test(fields.workDate)) return;
    const t = setTimeout(() => void check(fields), delayMs);
    return () => clearTimeout(t);
    // `key` stands for `fields`: a new object with the same content must not trigger another check.
  }, [key, check, delayMs]);
}

/** "1.5" -> "01:30", "90m" -> "01:30", "2" -> "02:00"; anything else is returned as typed for the format message. */
export function normaliseHours(input: string): string {
  const s = input.trim();
  const two = (n: number) => String(n).padStart(2, '0');
  const fromMinutes = (m: number) => `${two(Math.floor(m / 60))}:${two(m % 60)}`;
  if (/^\d+(\.\d+)?$/.test(s)) return fromMinutes(Math.round(Number(s) * 60));
  const m = /^(\d+)\s*m(in)?$/i.exec(s);
  if (m) return fromMinutes(Number(m[1]));
  const hm = /^(\d{1,5}):([0-5]\d)$/.exec(s);
  if (hm) return `${hm[1].padStart(2, '0')}:${hm[2]}`;
  return s;
}

export function isHoursFormat(s: string): boolean {
  return HHMM.test(s);
}
