/**
 * One schema for a log (src/shared/log.ts): every edge that takes a log's day and hours reads them the same way, once,
 * where they come in (the dispatcher); the core keeps what the service is sent; a journal an older Punchcard wrote
 * still reads and sends.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseInput, type OperationName } from '../../src/shared/contract';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { listDamage } from '../../src/core/store';
import { sandboxSession, someJob, startHarness, tempDir } from '../fixtures/logging-harness';
import { TEST_TODAY } from '../fixtures/test-clock';
import { freshWeekDay } from '../fixtures/fault-matrix';

/** The refusal an input met at the dispatcher's door, or undefined when it passed. */
function refusal(name: OperationName, input: unknown): { message: string; violations: unknown[] } | undefined {
  try {
    parseInput(name, input);
    return undefined;
  } catch (e) {
    return e as { message: string; violations: unknown[] };
  }
}

describe("a log's day and hours, read once where they come in", () => {
  // every edge that takes a log's hours and day: a new log, its live check, a change, a Fix
  const edges: Array<[OperationName, Record<string, unknown>]> = [
    ['logTime', { jobId: 'j1', workDate: '2026-03-02', hours: '01:00' }],
    ['checkLog', { jobId: 'j1', workDate: '2026-03-02', hours: '01:00', localId: 'L-1' }],
    ['editLog', { localId: 'L-1', workDate: '2026-03-02', hours: '01:00' }],
    ['fixEntry', { id: 'op-000001', workDate: '2026-03-02', hours: '01:00' }],
  ];

  it('keeps hours typed with one digit of hours zero-padded, as the service is sent them and answers them', () => {
    for (const [name, input] of edges) {
      expect(parseInput(name, { ...input, hours: '7:05' }), name).toMatchObject({ hours: '07:05' });
      expect(parseInput(name, { ...input, hours: '12:30' }), name).toMatchObject({ hours: '12:30' });
    }
  });

  it('refuses a wrong day or hours in the same words, at the field, at every edge', () => {
    for (const [name, input] of edges) {
      expect(refusal(name, { ...input, hours: '1.5' }), name).toMatchObject({
        message: 'Hours: use a duration like 1:30, 1h30 or 90m.',
        violations: [{ field: 'hours', rule: 'format', message: 'Hours: use a duration like 1:30, 1h30 or 90m.' }],
      });
      expect(refusal(name, { ...input, workDate: '2026-02-30' }), name).toMatchObject({
        message: 'Date: that day is not on the calendar. Pick a real date.',
        violations: [{ field: 'workDate', rule: 'format' }],
      });
    }
  });

  it('takes a job typed by name of up to 200 characters, and no empty name', () => {
    expect(refusal('logTime', { jobName: 'x'.repeat(200), workDate: '2026-03-02', hours: '01:00' })).toBeUndefined();
    expect(refusal('logTime', { jobName: 'x'.repeat(201), workDate: '2026-03-02', hours: '01:00' })?.message).toBe(
      'Job: use at most 200 characters.',
    );
    expect(refusal('fixEntry', { id: 'op-000001', jobName: '' })?.message).toBe('Job: this cannot be empty.');
  });
});

describe('a journal written by an older Punchcard', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await startSandbox({ today: TEST_TODAY, seed: 1 });
  });
  afterAll(async () => {
    await sb.close();
  });

  it('reads a queued log whose hours have one digit of hours, and sends them zero-padded', async () => {
    const dataDir = tempDir();
    const job = await someJob(sandboxSession(sb.url, sb.demoToken, sb.demoUser).client, sb.demoUser);
    const day = freshWeekDay(sb.state(), TEST_TODAY);
    // the old whole document (outbox.json, version 1), as a Punchcard that kept hours as typed wrote it
    const row = { localId: 'L-1', workDate: day, hours: '1:05', ...job, billingStatus: 'Billable', createdAt: 1, updatedAt: 1 };
    const op = {
      ...{ id: 'op-000001', kind: 'add', localId: 'L-1', state: 'queued', resolutions: [], attempts: [], maybeSent: false },
      ...{ add: { workDate: day, hours: '1:05', ...job, billingStatus: 'Billable' }, createdAt: 1, updatedAt: 1 },
    };
    fs.writeFileSync(
      path.join(dataDir, 'outbox.json'),
      JSON.stringify({ journal: { version: 1, rows: { 'L-1': row }, ops: [op], seq: 1 } }),
    );
    sb.resetRequests();
    const h = await startHarness({ sandbox: sb, dataDir });
    try {
      expect(listDamage(dataDir)).toEqual([]);
      await h.logging.handlers.syncNow({});
      const adds = sb.requests().filter((r) => r.path.endsWith('/addtimelog'));
      expect(adds.map((r) => [r.params.workDate, r.params.hours])).toEqual([[day, '01:05']]);
      expect((await h.logging.handlers.getOutbox({})).filter((e) => e.state !== 'synced')).toEqual([]);
    } finally {
      await h.close();
    }
  });
});
