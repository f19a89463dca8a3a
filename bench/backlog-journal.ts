/**
 * The backlog the benchmarks open and log against (bench/backlog.ts, bench/core-open.ts): `n` entries waiting, adds
 * of one minute each on the last 60 days, written in one change as the journal appends it. Pure over a draft of the
 * journal, so another tree's ledger (core-open's `--against`) takes the same entries.
 */
import type { Job } from '../src/shared/domain';
import { addDays, localDate } from '../src/shared/time/week';

/** What of the journal's document the backlog writes (a tree's `Journal` draft has at least this). */
export interface BacklogDraft {
  rows: Record<string, unknown>;
  seq: number;
  ops: unknown[];
}

/** Adds `n` entries waiting, of `account` (`sandbox|<user>`), to the draft `j` (inside `ledger.change`). */
export function addBacklog(j: BacklogDraft, n: number, job: Pick<Job, 'jobId' | 'jobName'>, account: string): void {
  const now = Date.now();
  const today = localDate(now);
  for (let i = 0; i < n; i++) {
    const localId = `L-backlog-${i}`;
    const fields = {
      workDate: addDays(today, -1 - (i % 60)),
      hours: '00:01',
      jobId: job.jobId,
      jobName: job.jobName,
      billingStatus: 'Billable' as const,
      description: `waiting ${i}`,
    };
    j.rows[localId] = { ...fields, localId, account, createdAt: now, updatedAt: now };
    j.seq += 1;
    j.ops.push({
      id: `op-${String(j.seq).padStart(6, '0')}`,
      kind: 'add',
      localId,
      state: 'queued',
      resolutions: [],
      attempts: [],
      add: fields,
      maybeSent: false,
      createdAt: now,
      updatedAt: now,
    });
  }
}
