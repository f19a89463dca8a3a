/**
 * The job picker ranks by how well the job's own name matches what was typed (issue 24), in real Chromium against a
 * company with the jobs the issue met: Job 1, 2, 11, 12, 16, 18 (all but Job 2 in a project whose name has a 2), and a
 * client "Super Corp" beside the job "Support Tickets". "job 2" lists Job 2 first; "sup" lists Support Tickets first.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, type Page } from '@playwright/test';
import { DEMO_USER, seedState, type Sandbox } from '../../src/sandbox';
import { addDays } from '../../src/shared/time/week';
import { TEST_TODAY } from '../fixtures/test-clock';
import { expect, openApp, saveScreen, startTestSandbox, startWebApp, useTestClock, type WebApp } from './fixtures';
import { e2eTempDir, removeTempDir } from '../tools/e2e-temp-dirs';

test.use({ viewport: { width: 420, height: 640 } });

/** The demo company for the test day, with the issue's jobs added, assigned to the demo user. */
function companyWithIssueJobs(): ReturnType<typeof seedState> {
  const state = seedState({ today: TEST_TODAY, seed: 1 });
  const client = { clientId: '990001', clientName: 'Super Corp' };
  state.clients.push(client);
  const projects = [
    { projectId: '990010', projectName: 'Project 2', clientId: state.clients[0].clientId },
    { projectId: '990011', projectName: 'Alpha', clientId: state.clients[0].clientId },
    { projectId: '990012', projectName: 'Brand', clientId: client.clientId },
  ];
  state.projects.push(...projects);
  const job = (jobId: string, jobName: string, projectId: string) => ({
    jobId,
    jobName,
    projectId,
    jobStatus: 'in-progress' as const,
    jobBillableStatus: 'Billable' as const,
    fromDate: addDays(TEST_TODAY, -30),
    toDate: addDays(TEST_TODAY, 90),
    assignedTo: [DEMO_USER],
  });
  for (const n of [1, 2, 11, 12, 16, 18]) state.jobs.push(job(`9900${20 + n}`, `Job ${n}`, n === 2 ? '990011' : '990010'));
  state.jobs.push(job('990050', 'Design', '990012'), job('990051', 'Analysis', '990012'));
  return state;
}

const options = (page: Page) => page.getByRole('listbox').getByRole('option');

test.describe('the job picker', () => {
  let sandbox: Sandbox;
  let web: WebApp;
  let dir: string;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dir = e2eTempDir('picker');
    const persistPath = join(dir, 'sandbox-state.json');
    writeFileSync(persistPath, JSON.stringify(companyWithIssueJobs()));
    sandbox = await startTestSandbox({ persistPath });
    web = await startWebApp(sandbox);
  });
  test.afterAll(async () => {
    await web?.stop();
    await sandbox?.close();
    if (dir) removeTempDir(dir);
  });

  test('lists the job whose own name matches first: "job 2" puts Job 2 first, "sup" puts Support Tickets first', async ({ page }) => {
    await useTestClock(page);
    await openApp(page, web.url);
    const picker = page.getByRole('combobox', { name: 'Job' });

    await picker.fill('job 2');
    await expect(options(page).first()).toContainText('Job 2');
    // then names starting with it, then names holding both words, then the project matches, in natural order
    await expect(options(page)).toHaveCount(6);
    const names = await options(page).evaluateAll((els) => els.map((e) => e.textContent ?? ''));
    expect(names.map((n) => /Job \d+/.exec(n)?.[0])).toEqual(['Job 2', 'Job 12', 'Job 1', 'Job 11', 'Job 16', 'Job 18']);
    await saveScreen(page, 'picker-job-2');
    // Enter takes the first: the best match
    await picker.press('Enter');
    await expect(picker).toHaveValue('Job 2');

    // typed (or pasted) over the chosen job: what is typed stays in the field
    await picker.fill('sup');
    await expect(picker).toHaveValue('sup');
    await expect(options(page).first()).toContainText('Support Tickets');
    const sup = await options(page).evaluateAll((els) => els.map((e) => e.textContent ?? ''));
    const superCorp = sup.findIndex((n) => n.includes('Super Corp'));
    expect(superCorp).toBeGreaterThan(0);
    expect(sup.findIndex((n) => n.includes('Support Tickets'))).toBe(0);
  });
});
