/**
 * Several logs at once (copy a week, the same hours on several days, a duplicated day): one path for all of them.
 * `preview` gives each log the rules' verdict, in order, each day's total counting the batch's earlier logs
 * (./rules/batch.ts), on the weeks concerned as the service holds them (each read at most once per call, shared with
 * any read in flight: ./week/weekview.ts), or as last read here when the service cannot be asked (said: `offline`).
 * `commit` draws the same verdicts again inside one journal change, under the lock, on the latest document, and
 * records only the logs that pass, each once: all of them durable together or none (a refusal of one log never
 * half-writes another). Then they are sent like any log (./log-gate.ts `send`).
 *
 * A copied log remembers its source on its ledger row (`copiedFrom`), so a source copied onto a day is not copied
 * there again, whether the first copy is still queued or long synced; a day holding a log with the same job, hours
 * and description counts as already there too (the source's row may be gone from the ledger since, ../outbox
 * `prune`, or the log was typed by hand).
 */
import type { Clock } from './context';
import type { BatchItem, BatchLog, BatchPreview, Job } from '../shared/domain';
import { weekStartOf } from '../shared/time/week';
import { accountKeyOf, type Session } from './service';
import type { Catalog } from './catalog';
import { rowsOn, type Journal, type Ledger } from './journal';
import { ofAccount } from './outbox';
import { batchVerdicts, type BatchContext, type BatchLogToCheck, type DayLog } from './rules';
import type { Weeks } from './week';
import type { LogGate } from './log-gate';
import type { LogRules, NewLog } from './log-rules';

export interface LogBatch {
  preview(logs: BatchLog[]): Promise<BatchPreview>;
  /** Records what passes, each once, in one journal change; sends them. The items carry each made log's state. */
  commit(logs: BatchLog[], signal?: AbortSignal): Promise<BatchPreview>;
}

export interface LogBatchDeps {
  gate: LogGate;
  rules: LogRules;
  ledger: Ledger;
  catalog: Catalog;
  weeks: Weeks;
  session: Session;
  clock: Clock;
  online: () => boolean;
  /** After a commit: the dates it touched (for `ledger`, `outbox` and `status` events). */
  changed: (dates: string[]) => void;
}

type Ready = NewLog & { copiedFrom?: string };

export function createLogBatch(deps: LogBatchDeps): LogBatch {
  const { gate, rules, ledger, catalog, weeks, session, clock } = deps;

  /**
   * The job list with every status, to tell a completed job (the in-progress list does not say it was completed):
   * the catalog's copy while fresh (15 minutes, ./catalog/catalog.ts), else one read.
   */
  async function jobStates(): Promise<Job[]> {
    if (deps.online()) {
      const all = await catalog.jobs({ status: 'all' }).catch(() => undefined);
      if (all) return all;
    }
    return catalog.cachedJobs();
  }

  /**
   * The logs with their jobs' names, the weeks concerned read, the job list with every status. A preview (the form's
   * check as the user types, the copy's preview) reads a week when the kept one is older than a rule allows (15 s:
   * ./week/read-policy.ts), so typing costs no request per key; a commit reads each week now, once (a batch writes
   * many logs at once: a copy made a moment ago on another device must count).
   */
  async function prepare(logs: BatchLog[], read: 'rule' | 'now'): Promise<{ ready: Ready[]; jobs: Job[] }> {
    gate.requireAccount();
    const weekStarts = [...new Set(logs.map((l) => weekStartOf(l.workDate)))];
    const [ready, , jobs] = await Promise.all([
      Promise.all(
        logs.map(async ({ copiedFrom, ...log }) => ({ ...(await rules.ensureJobs(log)), ...(copiedFrom ? { copiedFrom } : {}) })),
      ),
      read === 'rule'
        ? rules.freshen(logs.map((l) => l.workDate))
        : Promise.all([rules.freshen([]), ...weekStarts.map((w) => weeks.getWeek(w, { look: 'now' }))]),
      jobStates(),
    ]);
    return { ready, jobs };
  }

  /** The keys a source is known by: its local id and its service id (a log is copied before and after it syncs). */
  function sourceKeys(j: Readonly<Journal>, source: string): Set<string> {
    const keys = new Set([source]);
    const row = j.rows[source] ?? Object.values(j.rows).find((r) => r.timeLogId === source);
    if (row) {
      keys.add(row.localId);
      if (row.timeLogId) keys.add(row.timeLogId);
    }
    return keys;
  }

  function context(j: Readonly<Journal>, jobs: Job[]): BatchContext {
    const account = accountKeyOf(session);
    const mine = (day: string) => rowsOn(j, day).filter((r) => !r.pendingDelete && ofAccount(r, account));
    return {
      ...rules.ruleContext(j),
      jobsUnknown: catalog.cachedJobs().length === 0,
      copiedOnto(source, day) {
        const keys = sourceKeys(j, source);
        return mine(day).some((r) => r.copiedFrom !== undefined && keys.has(r.copiedFrom));
      },
      logsOn(day): DayLog[] {
        const rows = mine(day);
        const known = new Set(rows.map((r) => r.timeLogId).filter(Boolean));
        return [...rows, ...weeks.serviceLogsOn(day).filter((l) => !known.has(l.timeLogId))];
      },
      jobCompleted(log) {
        const job = log.jobId ? jobs.find((x) => x.jobId === log.jobId) : jobs.find((x) => x.jobName.trim() === (log.jobName ?? '').trim());
        return job?.jobStatus === 'completed';
      },
    };
  }

  const itemOf = (e: Ready, f: { verdict: BatchItem['verdict']; violations: BatchItem['violations'] }): BatchItem => {
    const { timerId: _t, damageId: _d, ...log } = e;
    return {
      log: { ...log, jobName: e.jobName ?? '' },
      verdict: f.verdict,
      ...(f.violations && f.violations.length > 0 ? { violations: f.violations } : {}),
    };
  };

  const offline = (): Pick<BatchPreview, 'offline'> => (deps.online() ? {} : { offline: true });

  return {
    async preview(logs) {
      const { ready, jobs } = await prepare(logs, 'rule');
      const findings = batchVerdicts(ready as BatchLogToCheck[], context(ledger.read(), jobs));
      return { items: ready.map((e, i) => itemOf(e, findings[i])), ...offline() };
    },

    async commit(logs, signal) {
      const { ready, jobs } = await prepare(logs, 'now');
      const now = clock.now();
      const { items, made } = ledger.change((j) => {
        const findings = batchVerdicts(ready as BatchLogToCheck[], context(j, jobs));
        const made = new Map<number, string>();
        ready.forEach((e, i) => {
          if (findings[i].verdict !== 'log') return;
          made.set(i, gate.record(j, e, now, e.copiedFrom ? { copiedFrom: e.copiedFrom } : {}).localId);
        });
        return { items: ready.map((e, i) => itemOf(e, findings[i])), made };
      });
      if (made.size === 0) return { items, ...offline() };
      for (const i of made.keys()) gate.pushRecentJob(ready[i].jobId);
      deps.changed([...new Set([...made.keys()].map((i) => ready[i].workDate))]);
      for (const [i, localId] of made) {
        const r = await gate.send(localId, signal);
        items[i] = { ...items[i], localId, state: r.state };
      }
      return { items, ...offline() };
    },
  };
}
