/**
 * The renderer's side of damaged files and a disk that refuses writes: the status carries the reports, "I have seen
 * this" acknowledges one through the bridge and the status is read again; the pill says "Disk full" or "Not signed in",
 * and a log held for the answer to a torn delete as one to check, not as waiting to be sent.
 */
import { describe, expect, it } from 'vitest';
import type { AppStatus, DamageReport } from '../../src/shared/domain';
import { createAppStore } from '../../src/renderer/src/store';
import { describeStatus } from '../../src/renderer/src/store/slices/status';
import { fakeApi } from './renderer-fake-api';
import { englishWording } from '../../src/shared/i18n/english';

const report: DamageReport = {
  id: 'timer.json-x',
  what: 'the timer',
  file: '/d/timer.json',
  keptAs: '/d/damaged/timer.json-x',
  reason: 'it is empty',
  outcome: 'Nothing could be recovered: the timer starts stopped',
  recovered: 0,
  at: 1,
};
const base: AppStatus = {
  online: true,
  outbox: { queued: 0, sending: 0, needsAttention: 0, otherAccounts: 0 },
  account: { kind: 'sandbox', baseUrl: '', user: 'maya', authMethod: 'none', authScheme: 'Zoho-oauthtoken', signedIn: true },
  storage: 'ok',
  damage: [report],
};

describe('damage reports in the app', () => {
  it('keeps a report until "I have seen this", which acknowledges it and reads the status again', async () => {
    let damage = [report];
    const f = fakeApi({
      getStatus: async () => ({ ...base, damage }),
      acknowledgeDamage: async (input: { ids: string[] }) => {
        damage = [];
        return [{ ...report, acknowledgedAt: 2, ...input }];
      },
    });
    const store = createAppStore({ api: f.api, now: () => 1 });
    await store.getState().status.load();
    expect(store.getState().status.value?.damage).toEqual([report]);
    expect(await store.getState().status.acknowledgeDamage([report.id])).toBe(true);
    expect(f.calls.map((c) => c.op)).toEqual(['getStatus', 'acknowledgeDamage', 'getStatus']);
    expect(f.calls[1].input).toEqual({ ids: [report.id] });
    expect(store.getState().status.value?.damage).toEqual([]);
    expect(store.getState().status.acknowledging).toEqual([]);
  });

  it('says a disk that refuses writes and a lost account in the pill before anything else', () => {
    expect(describeStatus({ ...base, storage: 'full' }, englishWording())).toMatchObject({ label: 'Disk full', tone: 'warn' });
    expect(describeStatus({ ...base, storage: 'read-only' }, englishWording())).toMatchObject({ label: 'Disk read-only', tone: 'warn' });
    expect(
      describeStatus({ ...base, account: { ...base.account, signedIn: false, problem: 'Not signed in: ...' } }, englishWording()),
    ).toMatchObject({
      label: 'Not signed in',
      tone: 'warn',
      detail: 'Not signed in: ...',
    });
    expect(describeStatus(base, englishWording())).toMatchObject({ label: 'Online · all synced', tone: 'ok' });
  });

  it('says a log held for the answer to its torn delete in the header as a delete to answer, not as waiting to be sent', async () => {
    const torn: DamageReport = {
      ...report,
      id: 'outbox.journal-x',
      what: 'the outbox',
      offer: {
        logs: [],
        deletes: [{ localId: 'L-1', workDate: '2026-11-16', hours: '00:20', jobName: 'Job', billingStatus: 'Billable' }],
      },
    };
    const held: AppStatus = {
      ...base,
      damage: [],
      offers: [torn],
      outbox: { queued: 1, sending: 0, needsAttention: 0, otherAccounts: 0, heldForAnswer: 1 },
    };
    const store = createAppStore({ api: fakeApi({ getStatus: async () => held }).api, now: () => 1 });
    await store.getState().status.load();
    expect(describeStatus(store.getState().status.value, englishWording())).toEqual({
      label: '1 log to check',
      tone: 'warn',
      detail: '1 entry waits for your answer before it is sent. You deleted 1 log and the delete was not saved: delete it or keep it.',
    });
  });
});
