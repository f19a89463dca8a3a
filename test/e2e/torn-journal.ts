/**
 * What the specs of a torn journal record share (damage-edit.spec.ts, damage-delete.spec.ts): the Track form, a log
 * made through it and seen synced, and the minutes the service holds for a description.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export const form = (page: Page) => page.getByRole('form', { name: 'Log or time your work' });

/** The minutes of each log the service holds with this description. */
export const minutesOf = (sandbox: { state(): { timeLogs: Array<{ description: string; minutes: number }> } }, description: string) =>
  sandbox
    .state()
    .timeLogs.filter((l) => l.description === description)
    .map((l) => l.minutes);

/** Logs `hours` on Data Migration Scripts through the form and waits for it to be synced. */
export async function logOn(page: Page, hours: string, description: string): Promise<void> {
  await form(page).getByRole('combobox', { name: 'Job' }).fill('migra');
  await page.getByRole('option', { name: /Data Migration Scripts/ }).click();
  await form(page).getByLabel('Hours').fill(hours);
  await form(page).getByLabel('Description').fill(description);
  await form(page)
    .getByRole('button', { name: /^Log \d/ })
    .click();
  await expect(form(page).getByRole('status')).toContainText('Synced');
}
