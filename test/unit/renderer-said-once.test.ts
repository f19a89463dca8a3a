/**
 * A refusal is said once: an error's message is made of its violations' words, and the message box listed them again
 * under it (the timer refused on a locked week showed its sentence twice on Track).
 */
import { expect, it } from 'vitest';
import { unsaidViolations } from '../../src/renderer/src/components/Messages';

it('lists only the violations the message does not already say', () => {
  const locked = {
    field: 'week' as const,
    rule: 'locked' as const,
    message: 'Date: the week of 16 – 22 Nov 2026 is approved, so its logs cannot change.',
  };
  const hours = { field: 'hours' as const, rule: 'max-per-day' as const, message: 'Hours: Wed 18 Nov would have 10:30.' };
  expect(unsaidViolations({ kind: 'InvalidInputError', message: locked.message, violations: [locked] })).toEqual([]);
  expect(
    unsaidViolations({ kind: 'InvalidInputError', message: `${locked.message} ${hours.message}`, violations: [locked, hours] }),
  ).toEqual([]);
  expect(unsaidViolations({ kind: 'InvalidInputError', message: 'Not saved.', violations: [hours] })).toEqual([hours]);
});
