/**
 * An add queued before the company's rules were known is checked against them before it is sent: refused to
 * needs-attention with the rule's words, or sent (with what the check filled in: the job's name, the billing the job
 * gives). The engine reads what the rules need through `QueuedRules` (declared here, implemented above it by
 * ../log-rules.ts, handed in by the root) and the pure ../rules/before-send.ts decides: the engine calls nothing above
 * it.
 */
import type { CallOptions } from '../service';
import { saidOf, type Words } from '../../shared/i18n/said';
import type { Journal, Ledger, OutboxOp } from '../journal';
import { outboxWords, markRefused } from '../outbox';
import { checkBeforeSend, type BeforeSend, type RuleContext } from '../rules';
import type { Step } from './outcomes';

/**
 * What the engine reads to check an add queued before the company's rules were known: the data the rules need, which
 * only the layers above hold (the company's settings and job list, the day's total with the service's logs, the
 * weeks' locks). A reader of data: ../log-rules.ts implements it, the root hands it in.
 */
export interface QueuedRules {
  /**
   * Reads what the rules need and was never read: the company's settings, and the job list when the add's job is not
   * in it (bounded by `call`). Throws when the settings still cannot be read: the entry stays queued.
   */
  readRules(add: { jobId?: string; jobName?: string }, call: CallOptions): Promise<void>;
  /** The rules' view of the world on document `j`. */
  ruleContext(j: Readonly<Journal>): RuleContext;
}

export interface QueuedCheckDeps {
  ledger: Ledger;
  now: () => number;
  /** The engine's one atomic change about one log, with its events (./engine.ts). */
  apply: <T>(localId: string, fn: (j: Journal) => T) => T;
  notify: (level: 'info' | 'warning' | 'error', message: string | Words) => void;
  /** The limits of one of the engine's reads (./engine.ts). */
  engineRead: () => CallOptions;
  /** Nothing was sent for the entry because reading the rules failed (./send.ts): it stays queued as it was. */
  notSent: (op: OutboxOp, e: unknown) => Step;
}

/**
 * Checks the unchecked add `op` against the company's rules and records the verdict. Returns the step when it is not
 * to be sent now (refused, changed meanwhile, or the rules could not be read), undefined when it goes.
 */
export async function checkQueuedAdd(op: OutboxOp, rules: QueuedRules, deps: QueuedCheckDeps): Promise<Step | undefined> {
  const { ledger } = deps;
  let verdict: BeforeSend;
  try {
    await rules.readRules(op.add ?? {}, deps.engineRead());
    verdict = checkBeforeSend(op, rules.ruleContext(ledger.read()));
  } catch (e) {
    return deps.notSent(op, e);
  }
  const now = deps.now();
  const outcome = deps.apply(op.localId, (j) => {
    const o = j.ops.find((x) => x.id === op.id);
    if (!o || o.state !== 'queued' || o.maybeSent || !o.unchecked) return 'changed';
    delete o.unchecked;
    if (verdict.jobName && o.add && !o.add.jobName) {
      o.add.jobName = verdict.jobName;
      const row = j.rows[o.localId];
      if (row && !row.jobName) row.jobName = verdict.jobName;
    }
    if (verdict.billingStatus && o.add && o.billingFromJob) {
      o.add.billingStatus = verdict.billingStatus;
      const row = j.rows[o.localId];
      if (row) row.billingStatus = verdict.billingStatus;
    }
    delete o.billingFromJob;
    if (!verdict.refusal) return 'ok';
    markRefused(j, o.id, now, verdict.refusal, verdict.field);
    return 'refused';
  });
  if (outcome === 'ok') return undefined;
  if (outcome === 'refused' && verdict.refusal)
    deps.notify(
      'warning',
      outboxWords.offlineRefused(typeof verdict.refusal === 'string' ? verdict.refusal : { said: saidOf(verdict.refusal) }),
    );
  return 'next'; // refused, or changed meanwhile: look again
}
