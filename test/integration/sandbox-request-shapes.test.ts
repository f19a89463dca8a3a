/**
 * The sandbox's request shapes (zod schemas: src/sandbox/params.ts for the service's parameters,
 * src/sandbox/admin/bodies.ts for the admin routes' bodies), over real HTTP: a parameter that breaks its rule is refused
 * with the service's code and a message naming it, and an admin body that does not fit answers 400 saying which field
 * and what it takes, changing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';

const TODAY = '2025-03-12';
const MAYA = 'maya.patel@demo.punchcard.test';
const JSON_BODY = { 'content-type': 'application/json' };
let sb: Sandbox;

beforeAll(async () => {
  sb = await startSandbox({ today: TODAY });
});
afterAll(async () => {
  await sb.close();
});

async function addLog(params: Record<string, string>) {
  const res = await fetch(`${sb.url}/api/timetracker/addtimelog`, {
    method: 'POST',
    headers: { authorization: `Zoho-oauthtoken ${sb.demoToken}` },
    body: new URLSearchParams(params),
  });
  return (await res.json()) as { response?: { status: number; errors?: unknown } } & Record<string, unknown>;
}
const admin = (route: string, body: unknown) =>
  fetch(`${sb.url}/__sandbox/${route}`, { method: 'POST', headers: JSON_BODY, body: JSON.stringify(body) });

describe('service parameters', () => {
  it('refuses a missing, a malformed and an out-of-rule parameter with the service codes, saving nothing', async () => {
    const before = sb.state().timeLogs.length;
    const base = { user: MAYA, workDate: TODAY, hours: '01:00', jobName: 'Training' };
    const missing = JSON.stringify(await addLog({ ...base, hours: '' }));
    expect(missing).toContain('9002');
    expect(missing).toContain('Missing parameter: hours is required.');
    const badHours = JSON.stringify(await addLog({ ...base, hours: '1:75' }));
    expect(badHours).toContain('9003');
    expect(badHours).toContain('Invalid value for hours: use HH:MM with minutes below 60');
    const zero = JSON.stringify(await addLog({ ...base, hours: '00:00' }));
    expect(zero).toContain('hours must be more than 00:00');
    const badDay = JSON.stringify(await addLog({ ...base, workDate: '2025-02-30' }));
    expect(badDay).toContain('9004');
    expect(badDay).toContain('Invalid date format for workDate');
    const badBilling = JSON.stringify(await addLog({ ...base, billingStatus: 'maybe' }));
    expect(badBilling).toContain('Invalid value for billingStatus: use Billable or Non Billable (got \\"maybe\\")');
    expect(sb.state().timeLogs.length).toBe(before);
  });

  it('reads the tolerated spellings: trimmed values and non-billable', async () => {
    const ok = await addLog({ user: ` ${MAYA} `, workDate: TODAY, hours: ' 00:45 ', jobName: 'Training', billingStatus: 'non-billable' });
    expect(JSON.stringify(ok)).not.toContain('errors');
    expect(sb.state().timeLogs.some((l) => l.minutes === 45 && l.billingStatus === 'Non Billable')).toBe(true);
  });
});

describe('admin bodies', () => {
  it('answers 400 with the field and what it takes, and changes nothing', async () => {
    const before = sb.state().timeLogs.length;
    const decide = await admin('decide', { timesheetId: '1', decision: 'maybe' });
    expect(decide.status).toBe(400);
    expect(JSON.stringify(await decide.json())).toContain('decide: decision must be \\"approved\\" or \\"rejected\\"');
    const log = await admin('elsewhere/log', { workDate: TODAY, hours: 90 });
    expect(log.status).toBe(400);
    expect(JSON.stringify(await log.json())).toContain('elsewhere/log: hours must be HH:MM');
    const offline = await admin('offline', { offline: false });
    expect(offline.status).toBe(400);
    expect(JSON.stringify(await offline.json())).toContain('coming back online is done by forMs');
    const notObject = await admin('elsewhere/edit', [1, 2]);
    expect(notObject.status).toBe(400);
    expect(JSON.stringify(await notObject.json())).toContain('elsewhere/edit takes a JSON object body');
    const fault = await admin('fault', { kind: 'meteor' });
    expect(fault.status).toBe(400);
    expect(
      (await fetch(`${sb.url}/api/timetracker/getjobs`, { headers: { authorization: `Zoho-oauthtoken ${sb.demoToken}` } })).status,
    ).toBe(200);
    expect(sb.state().timeLogs.length).toBe(before);
  });

  it('takes a well-formed body: a log added elsewhere, then deleted', async () => {
    const added = await admin('elsewhere/log', { user: MAYA, workDate: TODAY, hours: '00:30', jobName: 'Training', billable: false });
    expect(added.status).toBe(200);
    const { timeLogId } = (await added.json()) as { timeLogId: string };
    expect(sb.state().timeLogs.find((l) => l.timeLogId === timeLogId)).toMatchObject({ minutes: 30, billingStatus: 'Non Billable' });
    expect((await admin('elsewhere/delete', { timeLogId })).status).toBe(200);
    expect(sb.state().timeLogs.some((l) => l.timeLogId === timeLogId)).toBe(false);
  });
});
