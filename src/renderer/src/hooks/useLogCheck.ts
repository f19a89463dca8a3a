import { useEffect } from 'react';
import type { LogInput } from '../store/slices/log-form';
import { isHhmm } from '../../../shared/time/hours';
import { isValidDate } from '../../../shared/time/week';
import { useApp } from '../store/useApp';

/**
 * Asks the core to check a log against the company's rules while the user types, debounced so a burst of
 * keystrokes costs one check. Only well-formed input is sent; the form itself explains a malformed field.
 * `localId`: the form edits that log, so the day is counted without its old hours.
 */
export function useLogCheck(fields: LogInput | null, delayMs = 300, localId?: string): void {
  const check = useApp((s) => s.logForm.check);
  const key = fields ? `${localId ?? ''}|${JSON.stringify(fields)}` : '';
  useEffect(() => {
    if (!fields || !isHhmm(fields.hours) || !isValidDate(fields.workDate)) return;
    const t = setTimeout(() => void check(fields, localId), delayMs);
    return () => clearTimeout(t);
    // `key` stands for `fields` and `localId`: a new object with the same content must not trigger another check.
  }, [key, check, delayMs]);
}
