/**
 * What users reported: "An entry with a job name not in the cached job list (or in another letter case) is refused when
 * logged, with the closest names, not days later at sync." `punch log --job-name` against the sandbox; on a first
 * start offline (no job list ever fetched) the name is accepted and queued (docs/outbox.md "Checked before queued").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogResult } from '../../src/shared/contract';
import type { OutboxEntry } from '../../src/shared/domain';
import { freeDay, startCliWorld, type CliWorld } from '../fixtures/cli-harness';

let w: CliWorld;
let jobName: string;
let day: string;
beforeAll(async () => {
  w = await startCliWorld();
  jobName = w.sandbox.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(w.sandbox.demoUser))!.jobName;
  day = freeDay(w.sandbox.state(), w.sandbox.demoUser, 120);
});
afterAll(async () => {
  await w?.close();
});

const mine = () => w.sandbox.state().timeLogs.filter((l) => l.user === w.sandbox.demoUser);

describe('punch log --job-name', () => {
  it('refuses a name in another letter case, naming the job meant, and queues nothing', async () => {
    const typed = jobName.toLowerCase();
    expect(typed).not.toBe(jobName);
    const before = mine().length;
    const [human, json, timer] = await Promise.all([
      w.punch(['log', '--job-name', typed, '--date', day, '--hours', '00:30']),
      w.punchJson<{ error: { name: string; violations: Array<{ field: string; rule: string; message: string }> } }>([
        'log',
        '--job-name',
        `${jobName.slice(0, -1)}x`,
        '--date',
        day,
        '--hours',
        '00:30',
      ]),
      // a timer started on such a name could never be stopped into a log: refused at the start the same way
      w.punch(['timer', 'start', '--job-name', typed]),
    ]);
    expect(timer.code).toBe(1);
    expect(timer.stderr).toContain(`Did you mean '${jobName}'?`);
    expect(human.code).toBe(1);
    expect(human.stdout).toBe('');
    expect(human.stderr).toContain(
      `punch: Job: there is no job named "${typed}" in your job list (job names must match exactly, letter case too). Did you mean '${jobName}'?`,
    );
    expect(json.code).toBe(1);
    expect(json.value.error.name).toBe('InvalidInputError');
    expect(json.value.error.violations).toEqual([expect.objectContaining({ field: 'job', rule: 'unknown-job' })]);
    expect(json.value.error.violations[0].message).toContain(`Did you mean '${jobName}'`);
    const outbox = await w.punchJson<OutboxEntry[]>(['outbox']);
    expect(outbox.value).toEqual([]);
    expect(mine().length).toBe(before);
  });

  it('logs the exact name', async () => {
    const r = await w.punchJson<LogResult>([
      'log',
      '--job-name',
      jobName,
      '--date',
      day,
      '--hours',
      '00:30',
      '--description',
      'exact name',
    ]);
    expect(r.code).toBe(0);
    expect(r.value.state).toBe('synced');
    expect(mine().filter((l) => l.description === 'exact name')).toHaveLength(1);
  });

  it('accepts a name on a first start offline (no job list yet): queued, checked by the service when sent', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'punch-cli-nolist-'));
    try {
      await w.sandbox.setOffline(true);
      const r = await w.punch(['log', '--job-name', jobName.toUpperCase(), '--date', day, '--hours', '00:15'], {
        env: { PUNCH_DATA_DIR: fresh },
      });
      expect(r.code).toBe(0);
      expect(r.stdout.split('\n')[0]).toBe('queued');
    } finally {
      await w.sandbox.setOffline(false);
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});
