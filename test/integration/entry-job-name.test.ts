/**
 * A job name checked exactly, in the app's form for a log typed by hand: a job name typed while the picker had no job list (JobPicker
 * `allowTypedName`) is checked as the user types (the store's `logForm.check`, the form's live check). The core fetches
 * the job list once, and the form shows the closest name at the job field (LogForm's `jobSlot` shows
 * `violationFor(violations, 'job')` as the picker's hint); logging it anyway is refused with the same violation and
 * queues nothing. Over the real core and a real sandbox, the store built as the window builds it.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { apiOver } from '../fixtures/api-over-core';
import { call, startCoreOverSandbox, type CoreOverSandbox } from '../fixtures/core-over-sandbox';
import { createAppStore, type AppStore } from '../../src/renderer/src/store';
import { violationFor } from '../../src/renderer/src/store/errors';

const TODAY = '2026-11-18';
const now = () => new Date(2026, 10, 18, 10, 0).getTime();

let world: CoreOverSandbox;
let store: AppStore;
let jobName: string;

beforeEach(async () => {
  world = await startCoreOverSandbox({ today: TODAY, dirPrefix: 'punch-entry-job-', now });
  store = createAppStore({ api: apiOver(world.core), now });
  jobName = world.sb.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(world.sb.demoUser))!.jobName;
});
afterEach(async () => {
  await world.close();
});

it('shows "Did you mean" at the job field for a typed name in another letter case, and refuses to log it', async () => {
  const typed = jobName.toUpperCase();
  const fields = { jobName: typed, workDate: TODAY, hours: '01:00', billable: true };
  await store.getState().logForm.check(fields);
  const atJob = violationFor(store.getState().logForm.violations, 'job');
  expect(atJob?.message).toBe(
    `Job: there is no job named "${typed}" in your job list (job names must match exactly, letter case too). Did you mean '${jobName}'?`,
  );

  expect(await store.getState().logForm.log(fields)).toBe(false);
  expect(violationFor(store.getState().logForm.violations, 'job')?.rule).toBe('unknown-job');
  expect(await call(world.core, 'getOutbox')).toEqual([]);

  await store.getState().logForm.check({ ...fields, jobName });
  expect(store.getState().logForm.violations).toEqual([]);
  expect(await store.getState().logForm.log({ ...fields, jobName })).toBe(true);
});
