/**
 * The backlog the benchmarks open and log against (bench/backlog.ts, bench/core-open.ts): `n` entries waiting, adds
 * of one minute each on the last 60 days, written in one change as the journal appends it. Pure over a draft of the
 * journal, so another tree's ledger (core-open's `--against`) takes the same entries.
 */
import path from 'node:path';
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

/**
 * What the opening benches (bench/core-open.ts, bench/core-open-parts.ts) take of one tree (this one, or `--against`'s),
 * loaded from that tree's own files: its ledger, clock, day and test harness, signed in to `sandbox`, a job of the
 * demo user, and `writeBacklog(dir, n)`: `n` entries waiting in `dir`, written in one change as that tree's journal
 * appends it.
 */
export async function openTree(tree: string, sandbox: { url: string; demoToken: string; demoUser: string }) {
  const load = (p: string) => import(path.join(tree, p));
  const { createLedger } = await load('src/core/journal/index.ts');
  const { systemClock } = await load('src/core/context.ts');
  const { localDate: dayOf } = await load('src/shared/time/week.ts');
  const { coreOver, sandboxSession } = await load('test/fixtures/logging-harness.ts');
  const { session, client } = sandboxSession(sandbox.url, sandbox.demoToken, sandbox.demoUser);
  const [job] = await client.allJobs({ assignedTo: sandbox.demoUser, jobStatus: 'in-progress' });
  const writeBacklog = (dir: string, n: number): void => {
    const ledger = createLedger(dir, systemClock);
    ledger.change((j: BacklogDraft) => addBacklog(j, n, job, `sandbox|${session.user()}`));
    ledger.close();
  };
  return { createLedger, systemClock, localDate: dayOf as (now: number) => string, coreOver, session, writeBacklog };
}
