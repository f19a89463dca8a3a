/**
 * A change pushes what changed (src/core/change-feed.ts): with a backlog waiting, a log pushes that log's entry, not
 * the outbox; and a page that starts from the whole list (`getOutboxList`) and applies every `outboxChange` holds
 * exactly what the outbox holds, through logs, edits, deletes, sends, a lost answer and another process's log,
 * with the status's counts what the entries say.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxChange, OutboxEntry } from '../../src/shared/domain';
import { createLedger } from '../../src/core/journal';
import { recordAdd } from '../../src/core/outbox';
import { applyChange } from '../../src/renderer/src/store/slices/outbox';
import { startHarness, someJob, tempDir, type Harness } from '../fixtures/logging-harness';
import { wallClock } from '../fixtures/test-timers';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const BACKLOG = 300;

/** A data directory with `n` entries waiting (days before the test's today), made by another process before the app. */
function withBacklog(n: number, today: string): string {
  const dir = tempDir('punch-delta-');
  const ledger = createLedger(
    dir,
    wallClock(() => 1),
  );
  ledger.change((j) => {
    for (let i = 0; i < n; i++)
      recordAdd(j, { workDate: today, hours: '00:01', jobName: 'Backlog', billingStatus: 'Billable', description: `waiting ${i}` }, 1);
  });
  ledger.close();
  return dir;
}

const changes = (x: Harness) => x.events.filter((e) => e.event === 'outboxChange').map((e) => e.payload as OutboxChange);
const sorted = (es: OutboxEntry[]) => [...es].sort((a, b) => a.id.localeCompare(b.id));

describe('the outbox pushes what changed', () => {
  it(`pushes a typed log's entry alone when ${BACKLOG} entries wait, each push one version after the last`, async () => {
    const today = '2026-11-18';
    h = await startHarness({ dataDir: withBacklog(BACKLOG, today) });
    const job = await someJob(h.client, h.sandbox.demoUser);
    await h.sandbox.setOffline(true);
    const before = changes(h).length;
    const r = await h.logging.handlers.logTime({ ...job, workDate: h.today, hours: '00:30', billable: true, description: 'the new one' });
    expect(r.state).toBe('queued');
    await new Promise((done) => setTimeout(done, 0));
    const pushed = changes(h).slice(before);
    expect(pushed.length).toBeGreaterThan(0);
    // the new entry went out, and no push carried the backlog (at most the entry a failed send noted an attempt on)
    expect(pushed.flatMap((c) => c.entries).some((e) => e.localId === r.log.localId)).toBe(true);
    for (const c of pushed) {
      expect(c.entries.length).toBeLessThanOrEqual(2);
      expect(c.whole).toBeUndefined();
    }
    for (let i = 1; i < pushed.length; i++) expect(pushed[i].from).toBe(pushed[i - 1].version);
    expect(h.logging.status().queued).toBe(BACKLOG + 1);
  });

  it('keeps a page that follows the pushes equal to the outbox, through logs, edits, deletes, sends, a lost answer and another process', async () => {
    h = await startHarness();
    const x = h;
    const job = await someJob(x.client, x.sandbox.demoUser);
    const log = (hours: string, description: string) =>
      x.logging.handlers.logTime({ ...job, workDate: x.today, hours, billable: true, description });
    // the page: the whole list once, then every push applied the way the renderer's store applies it
    const start = await x.logging.handlers.getOutboxList({});
    let page = { version: start.version, entries: start.entries };
    let seen = changes(x).filter((c) => c.version <= start.version).length;
    const follow = () => {
      for (const c of changes(x).slice(seen)) {
        seen++;
        if (c.version <= page.version && !c.whole) continue;
        expect(c.whole || c.from === page.version, `push ${c.version} follows ${page.version}`).toBe(true);
        page = { version: c.version, entries: c.whole ? c.entries : applyChange(page.entries, c) };
      }
    };
    const expectPageRight = async (where: string) => {
      await new Promise((done) => setTimeout(done, 0));
      follow();
      const outbox = await x.logging.handlers.getOutbox({});
      expect(sorted(page.entries), where).toEqual(sorted(outbox));
      const s = x.logging.status();
      const unfinished = (state: OutboxEntry['state']) => outbox.filter((e) => e.state === state).length;
      expect([s.queued, s.sending, s.needsAttention], `${where}: the status's counts`).toEqual([
        unfinished('queued'),
        unfinished('sending'),
        unfinished('needs-attention'),
      ]);
    };

    expect((await log('01:00', 'sent at once')).state).toBe('synced');
    await expectPageRight('after a log sent at once');
    await x.sandbox.setOffline(true);
    const queued = await log('00:30', 'queued offline');
    await log('00:15', 'queued and deleted');
    await expectPageRight('after two logs offline');
    await x.logging.handlers.editLog({ localId: queued.log.localId, hours: '00:45' });
    const deleted = (await x.logging.handlers.getOutbox({})).find((e) => e.kind === 'add' && e.hours === '00:15')!;
    await x.logging.handlers.deleteLog({ localId: deleted.localId });
    await expectPageRight('after an edit folded into its add and a delete of a waiting add');
    // another process (`punch log`) adds one while the app runs
    const other = createLedger(
      x.dataDir,
      wallClock(() => 2),
    );
    other.change((j) =>
      recordAdd(j, { workDate: x.today, hours: '00:05', jobName: job.jobName, jobId: job.jobId, billingStatus: 'Billable' }, 2),
    );
    other.close();
    await x.logging.handlers.getStatus({}); // the app reads the journal again (its idle look does this every 3 s)
    await expectPageRight("after another process's log");
    await x.sandbox.setOffline(false);
    await x.logging.handlers.syncNow({});
    await expectPageRight('after they were sent');
    // an answer lost after the service recorded the log: maybe sent, then found on the service
    x.sandbox.fault({ kind: 'commit-then-drop', match: 'addtimelog', times: 1 });
    await log('00:20', 'answer lost');
    await x.logging.handlers.syncNow({});
    await expectPageRight('after a lost answer settled');
  });
});
