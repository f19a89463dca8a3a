/**
 * An offer of a damaged file stays in view until the user answers it (src/core/app-status.ts `offers`,
 * src/shared/status/sync-words.ts): "I have seen this" (`acknowledgeDamage`, `punch data acknowledge --all`) takes the
 * report out of `damage`, but its logs have still not reached the service, so the status keeps counting them ("1 log
 * to check", never "Everything you logged has reached the service") until they are logged again or discarded. A
 * torn edit of a log the file holds is such an offer too (src/core/journal/torn-end.ts): made again on the service
 * when the user says so. So is a torn delete: the log stays on the service until the user answers ("Delete it" sends
 * the delete, "Keep it" keeps the log). A queued log held for that answer is counted as held, not as waiting to be sent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { systemClock } from '../../src/core/context';
import { createLedger } from '../../src/core/journal';
import { recordAdd, recordDelete } from '../../src/core/outbox';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { syncLine } from '../../src/shared/status/sync-words';
import { englishWording } from '../../src/shared/i18n/english';
import { coreOver, sandboxSession, someJob, tempDir } from '../fixtures/logging-harness';
import { localDate } from '../../src/shared/time/week';
import type { OutboxChange } from '../../src/shared/domain';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 4 });
});
afterAll(async () => {
  await sandbox?.close();
});

/** A data directory whose journal's last record (a queued log) the disk cut 20 bytes short: offered to the user. */
function tornLogDir(): string {
  const dir = tempDir('punch-offer-status-');
  const ledger = createLedger(dir, systemClock);
  ledger.change((j) => recordAdd(j, { workDate: '2026-11-16', hours: '01:15', jobName: 'Cut job', billingStatus: 'Billable' }, 1));
  ledger.close();
  const file = path.join(dir, 'outbox.journal');
  const bytes = fs.readFileSync(file);
  fs.writeFileSync(file, bytes.subarray(0, bytes.length - 20));
  return dir;
}

it('keeps counting an acknowledged report’s unanswered logs in the status until the user answers the offer', async () => {
  const dataDir = tornLogDir();
  const { session } = sandboxSession(sandbox.url, sandbox.demoToken, sandbox.demoUser);
  const core = await coreOver({ dataDir, clock: systemClock, session });
  try {
    const w = englishWording();
    const before = core.core.status();
    expect(before.damage).toHaveLength(1);
    expect(syncLine(before, w).short).toBe('1 log to check');

    await core.handlers.acknowledgeDamage({ all: true });
    const seen = core.core.status();
    expect(seen.damage).toEqual([]); // acknowledged: the key keeps its meaning
    expect(seen.offers?.map((r) => r.id)).toEqual([before.damage![0].id]);
    expect(syncLine(seen, w).short).toBe('1 log to check');
    expect(syncLine(seen, w).sentence).toContain('1 log read back from a damaged file has not reached the service');
    expect(syncLine(seen, w).sentence).not.toContain('Everything you logged has reached the service');

    await core.handlers.resolveDamage({ id: before.damage![0].id, action: 'discard' });
    const answered = core.core.status();
    expect(answered.offers).toEqual([]);
    // nothing here asked the service: all synced, never "Online" before an answer
    expect(syncLine(answered, w).short).toBe('All synced');
  } finally {
    await core.close();
  }
});

it('offers a torn edit of a synced log, and makes it again on the service when the user says so', async () => {
  const dataDir = tempDir('punch-offer-edit-');
  const { session, client } = sandboxSession(sandbox.url, sandbox.demoToken, sandbox.demoUser);
  const job = await someJob(client, sandbox.demoUser);
  const core = await coreOver({ dataDir, clock: systemClock, session });
  const logged = await core.handlers.logTime({
    ...job,
    workDate: localDate(Date.now()),
    hours: '00:30',
    billable: true,
    description: 'torn edit',
  });
  expect(logged.state).toBe('synced');
  // the edit is made while the service is away (queued), then the disk cuts its record 20 bytes short
  await sandbox.setOffline(true);
  const edited = await core.handlers.editLog({ localId: logged.log.localId, hours: '01:45' });
  expect(edited.state).toBe('queued');
  await core.close();
  await sandbox.setOffline(false);
  const file = path.join(dataDir, 'outbox.journal');
  const bytes = fs.readFileSync(file);
  const text = bytes.toString('latin1');
  const start = text.lastIndexOf('\n', text.indexOf('"hours":"01:45"')) + 1; // the edit's record (rows first), and all after it
  fs.writeFileSync(file, bytes.subarray(0, text.indexOf('\n', start) + 1 - 20));

  const again = await coreOver({ dataDir, clock: systemClock, session });
  try {
    const [report] = again.core.status().damage!;
    expect(report.reason).toContain('it holds a change of a log that the file holds as it was before the change');
    expect(report.offer?.edits).toEqual([
      expect.objectContaining({ localId: logged.log.localId, hours: '01:45', was: expect.objectContaining({ hours: '00:30' }) }),
    ]);
    expect(syncLine(again.core.status(), englishWording()).short).toBe('1 log to check');
    const onService = () =>
      sandbox
        .state()
        .timeLogs.filter((l) => l.description === 'torn edit')
        .map((l) => l.minutes);
    expect(onService()).toEqual([30]); // the change never reached the service, and the file no longer holds it
    const answer = await again.handlers.resolveDamage({ id: report.id, action: 'log-again' });
    expect(answer.logged.map((l) => l.log.hours)).toEqual(['01:45']);
    await again.handlers.syncNow({});
    expect(onService()).toEqual([105]);
    expect(again.core.status().offers).toEqual([]);
  } finally {
    await again.close();
  }
});

/** A synced log deleted while the service is away, then the delete's record cut 20 bytes short by the disk. */
async function tornDeleteOf(description: string) {
  const dataDir = tempDir('punch-offer-delete-');
  const { session, client } = sandboxSession(sandbox.url, sandbox.demoToken, sandbox.demoUser);
  const job = await someJob(client, sandbox.demoUser);
  const core = await coreOver({ dataDir, clock: systemClock, session });
  const logged = await core.handlers.logTime({ ...job, workDate: localDate(Date.now()), hours: '00:45', billable: true, description });
  expect(logged.state).toBe('synced');
  await sandbox.setOffline(true);
  expect((await core.handlers.deleteLog({ localId: logged.log.localId })).state).toBe('queued');
  await core.close();
  await sandbox.setOffline(false);
  const file = path.join(dataDir, 'outbox.journal');
  const bytes = fs.readFileSync(file);
  const text = bytes.toString('latin1');
  const start = text.lastIndexOf('\n', text.indexOf('"pendingDelete":true')) + 1; // the delete's record, and all after it
  fs.writeFileSync(file, bytes.subarray(0, text.indexOf('\n', start) + 1 - 20));
  const onService = () => sandbox.state().timeLogs.filter((l) => l.description === description).length;
  return { dataDir, session, localId: logged.log.localId, onService };
}

it('offers a torn delete of a synced log ("delete it" or "keep it"), and deletes it on the service when the user says so', async () => {
  const { dataDir, session, localId, onService } = await tornDeleteOf('torn delete');
  const again = await coreOver({ dataDir, clock: systemClock, session });
  try {
    const [report] = again.core.status().damage!;
    expect(report.reason).toContain('it holds a delete of a log that the file still holds');
    expect(report.offer?.deletes).toEqual([expect.objectContaining({ localId, hours: '00:45', description: 'torn delete' })]);
    expect(syncLine(again.core.status(), englishWording()).short).toBe('1 log to check');
    await again.handlers.syncNow({});
    expect(onService()).toBe(1); // the log stays on the service until the user answers: nothing sends its delete
    const answer = await again.handlers.resolveDamage({ id: report.id, action: 'log-again' });
    expect(answer.report.offer?.resolved?.action).toBe('logged');
    await again.handlers.syncNow({});
    expect(onService()).toBe(0);
    expect(again.core.status().offers).toEqual([]);
  } finally {
    await again.close();
  }
});

it('keeps the log of a torn delete when the user says "keep it": on the service and in the week, offer answered', async () => {
  const { dataDir, session, localId, onService } = await tornDeleteOf('torn delete kept');
  const again = await coreOver({ dataDir, clock: systemClock, session });
  try {
    const [report] = again.core.status().damage!;
    await again.handlers.resolveDamage({ id: report.id, action: 'discard' });
    await again.handlers.syncNow({});
    expect(onService()).toBe(1);
    const week = await again.handlers.getWeek({ date: localDate(Date.now()) });
    expect(week.logs.filter((l) => l.localId === localId).map((l) => l.hours)).toEqual(['00:45']);
    expect(again.core.status().offers).toEqual([]);
  } finally {
    await again.close();
  }
});

it('counts a queued log held for the answer to its torn delete apart from what waits to be sent, until "Keep it" (the Outbox list and its push say it with their groups)', async () => {
  // two logs queued; the user deleted the second (never sent: its row taken away) and the disk lost the end of that record
  const dataDir = tempDir('punch-held-status-');
  const ledger = createLedger(dataDir, systemClock);
  const fields = (description: string) => ({
    workDate: '2026-11-16',
    hours: '00:20',
    jobName: 'Cut job',
    billingStatus: 'Billable' as const,
    description,
  });
  ledger.change((j) => recordAdd(j, fields('waits'), 1));
  const held = ledger.change((j) => recordAdd(j, fields('held'), 2)).localId;
  ledger.change((j) => void recordDelete(j, held, 3));
  ledger.close();
  const file = path.join(dataDir, 'outbox.journal');
  const bytes = fs.readFileSync(file);
  fs.writeFileSync(file, bytes.subarray(0, bytes.length - 2));

  await sandbox.setOffline(true); // nothing is sent meanwhile: the counts are the journal's
  const { session } = sandboxSession(sandbox.url, sandbox.demoToken, sandbox.demoUser);
  const core = await coreOver({ dataDir, clock: systemClock, session });
  try {
    const w = englishWording();
    const s = core.core.status();
    // `queued` keeps its meaning for readers that predate `heldForAnswer` (CHANGELOG): both entries are queued
    expect(s.outbox).toMatchObject({ queued: 2, sending: 0, heldForAnswer: 1 });
    const line = syncLine(s, w);
    expect(line.counts).toMatchObject({ waiting: 1, heldForAnswer: 1 });
    expect(line.short).toMatch(/^(Online · |Offline · )?1 waiting$/); // online, offline or not checked yet, as the probe last found the service
    expect(line.sentence).toContain('1 entry is waiting to be sent');
    expect(line.sentence).toContain('1 entry waits for your answer before it is sent.');
    expect(line.sentence).toContain('You deleted 1 log and the delete was not saved: delete it or keep it.');
    expect(line.sentence).not.toContain('log it again');

    // the Outbox's list says the held count with its groups' counts (the Waiting heading takes both from one answer)
    const list = await core.handlers.getOutboxList({ window: { from: 0, count: 50 } });
    expect(list.groups?.waiting).toBe(2);
    expect(list.heldForAnswer).toBe(1);
    const pushes: OutboxChange[] = [];
    core.core.on('outboxChange', (c) => pushes.push(c));

    await core.handlers.resolveDamage({ id: s.offers![0].id, action: 'discard' }); // "Keep it": the log goes
    // ...and the push of that change (it follows its change in a microtask) says both, as they are after it: none
    // held, two waiting
    await expect.poll(() => pushes.at(-1)).toMatchObject({ groups: { waiting: 2 }, heldForAnswer: 0 });
    const after = core.core.status();
    expect(after.outbox.heldForAnswer).toBeUndefined();
    expect(syncLine(after, w).counts).toMatchObject({ waiting: 2, heldForAnswer: 0 });
  } finally {
    await sandbox.setOffline(false);
    await core.close();
  }
});
