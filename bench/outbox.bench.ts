/**
 * Outbox figures (section 6 of `npm run bench`): the journal file (src/core/journal/file/index.ts) at 10, 1,000
 * and 10,000 entries: one durable append (the raw ledger change, the change logTime makes: the company's rules, the
 * day's total through the ledger's index by day, then the add; a sync step), the as-you-type check (the same rules on
 * the current document, no change), start-up load (open + first read) of a compacted journal and of one as appended,
 * and compaction at 10,000; then an end-to-end sync of 200 entries against the local sandbox. Budgets: an append and
 * logTime's whole change 5 ms, the as-you-type check 2 ms, start-up load at 10,000 entries 50 ms.
 *   npx tsx bench/outbox.bench.ts
 * @inner src/core/journal/file/index.ts, src/core/journal/format.ts, src/core/outbox/operations.ts, src/core/outbox/send-steps.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { systemClock } from '../src/core/context';
import { accountKeyOf } from '../src/core/service';
import { createLedger, emptyJournal, type Journal, type Ledger } from '../src/core/journal';
import { JournalFile, JOURNAL_FILE } from '../src/core/journal/file';
import { encodeRecord, headerRecord } from '../src/core/journal/format';
import { recordAdd } from '../src/core/outbox/operations';
import { markApplied, markSending } from '../src/core/outbox/send-steps';
import { dayTotalWithService } from '../src/core/week';
import { checkLog, type RuleContext } from '../src/core/rules';
import type { TimeLog } from '../src/shared/domain';
import { addDays, localDate } from '../src/shared/time/week';
import { startSandbox } from '../src/sandbox/index';
import { coreOver, sandboxSession } from '../test/fixtures/logging-harness';
import { describe, kib, method, ms, report, summarize } from './measure';

const SIZES = [10, 1_000, 10_000];
const BUDGET_MS = 5;
const CHECK_BUDGET_MS = 2;
const LOAD_BUDGET_MS = 50;
const APPENDS = 60;
const WARM_UP = 10;
const LOADS = 7;
const SYNC = 200;
const ACCOUNT = 'sandbox|bench';

const today = localDate(Date.now());
const fields = (i: number, workDate = today) => ({
  workDate,
  hours: '00:01',
  jobName: 'Bench',
  billingStatus: 'Billable' as const,
  description: `bench ${i}`,
});
/** A log of today that the outbox does not know (made on the service's web page): the rule then asks every row without a service id whether it holds it. */
const elsewhere: TimeLog = {
  timeLogId: 'S-elsewhere',
  workDate: today,
  hours: '00:30',
  jobId: 'X',
  jobName: 'Elsewhere',
  billingStatus: 'Billable',
};
/** The company's rules as logTime checks them (src/core/log-rules.ts `ruleContext`), the day's total through the ledger. */
function rules(j: Readonly<Journal>, serviceLogs: TimeLog[]): RuleContext {
  return {
    // a maximum no day of the benchmark reaches (10,000 minutes are logged on one day in the first shape)
    settings: {
      logType: 'hours',
      maxMinutesPerDay: 1e9,
      allowFutureDates: false,
      pastDaysAllowed: null,
      submissionDueWeekday: 5,
      enabled: true,
    },
    today,
    jobs: [
      { jobId: 'J', jobName: 'Bench', projectName: 'Bench', clientName: 'Bench', jobStatus: 'in-progress', jobBillableStatus: 'Billable' },
    ],
    jobsKnown: true,
    dayTotalMinutes: (date, excluding) =>
      dayTotalWithService(j, date, serviceLogs, { account: ACCOUNT, ...(excluding ? { excludingLocalId: excluding } : {}) }),
    isLocked: () => false,
  };
}
const entry = { workDate: today, hours: '00:01', jobName: 'Bench' };
const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'punch-bench-outbox-'));
  dirs.push(d);
  return d;
};

/**
 * `queued`: n entries waiting (n rows, n add operations: the worst case, an outbox that never reached the service,
 * every entry of today: the day's total reads them all). `ledger`: n logs in the ledger, synced, over the last 16
 * weeks, with 50 entries of today waiting (a heavy user's 16 weeks, the usual shape).
 */
function documentOf(n: number, shape: 'queued' | 'ledger' | 'synced', account = ACCOUNT): Journal {
  const doc = emptyJournal();
  const now = Date.now();
  const waiting = shape === 'queued' ? n : shape === 'ledger' ? Math.min(50, n) : 0;
  for (let i = 0; i < n - waiting; i++) {
    const localId = `L-bench-${i}`;
    const f = fields(i, addDays(today, -(i % 112)));
    doc.rows[localId] = { ...f, localId, timeLogId: `T-${i}`, remote: f, account, createdAt: now, updatedAt: now };
  }
  for (let i = 0; i < waiting; i++) recordAdd(doc, fields(n + i), now, account);
  return doc;
}

/** A data directory whose journal is `doc` as a compacted file (header, one record per row and operation, the mark). */
function compacted(doc: Journal): string {
  const dir = tempDir();
  const file = new JournalFile({ dataDir: dir, now: Date.now });
  file.locked(() => file.writeWhole(doc));
  return dir;
}

/** A data directory whose journal holds `doc` as it was appended: one change record per entry (row and operation). */
function appended(doc: Journal): string {
  const dir = tempDir();
  const parts = [encodeRecord(headerRecord(Date.now()))];
  for (const op of doc.ops)
    parts.push(encodeRecord({ t: 'change', rows: { [op.localId]: doc.rows[op.localId] }, ops: [op], seq: Number(op.id.slice(3)) }));
  fs.writeFileSync(path.join(dir, JOURNAL_FILE), parts.join(''), { mode: 0o600 });
  return dir;
}

function times(n: number, fn: (i: number) => void): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    fn(i);
    out.push(performance.now() - t0);
  }
  return out;
}

function budget(samples: number[]): string {
  const s = summarize(samples);
  const verdict = s.p95 <= BUDGET_MS ? 'within' : s.median <= BUDGET_MS ? 'median within, p95 over' : 'over';
  return `${describe(s)}; ${verdict} the ${BUDGET_MS} ms budget`;
}

function loads(dir: string): number[] {
  return times(LOADS, () => {
    createLedger(dir, systemClock).read();
  });
}

function loadBudget(samples: number[], n: number): string {
  const s = summarize(samples);
  return n < 10_000 ? describe(s) : `${describe(s)}; ${s.median <= LOAD_BUDGET_MS ? 'within' : 'over'} the ${LOAD_BUDGET_MS} ms budget`;
}

/** logTime's change: the company's rules inside the change (the day's total on the latest document), then the add. */
function logTimeChange(ledger: Ledger, serviceLogs: TimeLog[], i: number): void {
  ledger.change((j) => {
    if (checkLog(entry, rules(j, serviceLogs)).length > 0) throw new Error('refused');
    return recordAdd(j, fields(i), Date.now(), ACCOUNT);
  });
}

function appendFigures(ledger: Ledger, n: number): void {
  let i = n;
  // warm-up: JIT and the page cache, not counted
  times(WARM_UP, () => ledger.change((j) => recordAdd(j, fields(i++), Date.now(), ACCOUNT)));
  report(
    `  append: raw change (recordAdd), ${APPENDS}x`,
    budget(times(APPENDS, () => ledger.change((j) => recordAdd(j, fields(i++), Date.now(), ACCOUNT)))),
  );
  report(`  append: logTime's change (rules + add)`, budget(times(APPENDS, () => logTimeChange(ledger, [], i++))));
  report(`  ... the day holding a log the outbox does not know`, budget(times(APPENDS, () => logTimeChange(ledger, [elsewhere], i++))));
  const check = times(APPENDS, () => {
    if (checkLog(entry, rules(ledger.read(), [elsewhere])).length > 0) throw new Error('refused');
  });
  const c = summarize(check);
  report(
    '  as-you-type check (the rules, no change)',
    `${describe(c)}; ${c.median <= CHECK_BUDGET_MS ? 'within' : 'over'} the ${CHECK_BUDGET_MS} ms budget`,
  );
  const queued = ledger
    .read()
    .ops.filter((o) => o.state === 'queued')
    .slice(0, Math.min(APPENDS, 50))
    .map((o) => o.id);
  const sending = times(queued.length, (k) => ledger.change((j) => markSending(j, queued[k], Date.now())));
  const applied = times(queued.length, (k) => ledger.change((j) => markApplied(j, queued[k], Date.now(), { timeLogId: `T${k}` })));
  report('  sync step: the sending mark', budget(sending));
  report('  sync step: the answer (with pruning)', budget(applied));
}

async function main(): Promise<void> {
  const [l1, l5] = os.loadavg();
  console.log(
    `budgets: an append (one durable change) and logTime's change under ${BUDGET_MS} ms, the as-you-type check under ${CHECK_BUDGET_MS} ms, start-up load at 10,000 under ${LOAD_BUDGET_MS} ms (medians)`,
  );
  console.log(`load average ${l1.toFixed(2)} / ${l5.toFixed(2)} (1 / 5 min) on ${os.cpus().length} CPU; journal in ${os.tmpdir()}`);
  method(
    `N entries all waiting (N rows + N add operations), and N logs with 50 waiting. Appends: ${WARM_UP} warm-up, then ${APPENDS} timed, each one ` +
      'ledger.change() under the lock: catch up (one stat), the rule on a copy-on-write draft, one record appended and ' +
      `fdatasync'd. Load: createLedger(dir).read() in this process, ${LOADS} times.`,
  );

  // the disk's own floor: one ~400-byte append + fdatasync, nothing else
  const floorDir = tempDir();
  const fd = fs.openSync(path.join(floorDir, 'floor'), 'a', 0o600);
  const line = Buffer.from(`${'x'.repeat(400)}\n`);
  const floor = times(APPENDS, () => {
    fs.writeSync(fd, line);
    fs.fdatasyncSync(fd);
  });
  fs.closeSync(fd);
  report('disk floor: 400-byte append + fdatasync', describe(summarize(floor)));

  for (const n of SIZES) {
    console.log(`  -- ${n.toLocaleString('en-US')} entries, all waiting (${n} rows, ${n} operations) --`);
    const doc = documentOf(n, 'queued');
    const dir = compacted(doc);
    const size = fs.statSync(path.join(dir, JOURNAL_FILE)).size;
    report(`  start-up load, compacted (${kib(size)})`, loadBudget(loads(dir), n));
    const asAppended = appended(doc);
    report(
      `  start-up load, as appended (${kib(fs.statSync(path.join(asAppended, JOURNAL_FILE)).size)})`,
      loadBudget(loads(asAppended), n),
    );
    const ledger = createLedger(dir, systemClock);
    appendFigures(ledger, n);
    ledger.close();
    if (n > 10) {
      console.log(`  -- ${n.toLocaleString('en-US')} logs in the ledger, 50 of them waiting in the outbox --`);
      const usual = compacted(documentOf(n, 'ledger'));
      report(`  start-up load, compacted (${kib(fs.statSync(path.join(usual, JOURNAL_FILE)).size)})`, loadBudget(loads(usual), n));
      const l2 = createLedger(usual, systemClock);
      appendFigures(l2, n);
      l2.close();
    }
    if (n === 10_000) {
      const file = new JournalFile({ dataDir: dir, now: Date.now });
      const compaction = times(3, () => file.locked(() => file.writeWhole(file.doc)));
      report(
        '  compaction (temp file, fsync, rename), 3x',
        `${describe(summarize(compaction))}; ${kib(fs.statSync(path.join(dir, JOURNAL_FILE)).size)}`,
      );
    }
  }

  // end to end: logging over the sandbox sends a pre-filled outbox (each entry: mark, request, answer, two appends)
  const sandbox = await startSandbox({ seed: 3 });
  try {
    const { session, client } = sandboxSession(sandbox.url, sandbox.demoToken, sandbox.demoUser);
    const [job] = await client.allJobs({ assignedTo: sandbox.demoUser, jobStatus: 'in-progress' });
    const dir = tempDir();
    const prefill = createLedger(dir, systemClock);
    prefill.change((j) => {
      for (let i = 0; i < SYNC; i++) recordAdd(j, { ...fields(i), jobId: job.jobId, jobName: job.jobName }, Date.now());
    });
    prefill.close();
    const logging = await coreOver({ dataDir: dir, clock: systemClock, session });
    const t0 = performance.now();
    const r = await logging.handlers.syncNow({});
    const syncMs = performance.now() - t0;
    await logging.close();
    const onService = sandbox.state().timeLogs.filter((l) => l.description.startsWith('bench ')).length;
    report(
      `sync ${SYNC} entries to the sandbox`,
      `${ms(syncMs)} (${ms(syncMs / SYNC)} each; sent ${r.sent}, on the service ${onService}, remaining ${r.remaining})`,
    );

    // the as-you-type check as the app makes it: the logging module's checkLog (the cached rules and jobs, the day's
    // service logs from the cached week, the day's total through the ledger), 10,000 logs of this account in the ledger
    const big = compacted(documentOf(10_000, 'synced', accountKeyOf(session)));
    const app = await coreOver({ dataDir: big, clock: systemClock, session });
    await app.handlers.getWeek({ date: today });
    const input = { workDate: today, hours: '00:30', jobId: job.jobId, billable: true };
    for (let i = 0; i < WARM_UP; i++) await app.handlers.checkLog(input);
    const checks: number[] = [];
    for (let i = 0; i < APPENDS; i++) {
      const t1 = performance.now();
      if ((await app.handlers.checkLog(input)).length > 0) throw new Error('the check refused the entry');
      checks.push(performance.now() - t1);
    }
    await app.close();
    const c = summarize(checks);
    report(
      'checkLog at 10,000 logs (the handler)',
      `${describe(c)}; ${c.median <= CHECK_BUDGET_MS ? 'within' : 'over'} the ${CHECK_BUDGET_MS} ms budget`,
    );
  } finally {
    await sandbox.close();
  }
}

try {
  await main();
} finally {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
}
