/**
 * Employee search by part of a name, email or employee ID, any letter case (team/directory/directory.ts), through the
 * core's handlers over the sandbox's real HTTP: one full read, then only incremental reads (spec 4.4 `modifiedtime`),
 * at most once a minute by the core's clock; a change made on the service by someone else is found on the next
 * search after that; another account starts its own directory.
 * @inner src/core/team/directory/directory.ts
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Session } from '../../src/core/context';
import { createServiceClient, SANDBOX_POLICY } from '../../src/core/service';
import type { ServiceClient } from '../../src/core/service';
import { FULL_READ_AFTER_MS, REFRESH_AFTER_MS } from '../../src/core/team/directory/directory';
import { teamHandlers } from '../../src/core/team';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox } from '../../src/sandbox';
import type { AccountInfo } from '../../src/shared/domain';
import { TEST_NOW } from '../fixtures/test-clock';
import { testClock, type TestClock } from '../fixtures/test-timers';

let sb: Sandbox;
beforeAll(async () => {
  sb = await startSandbox({ today: '2026-11-18', extraEmployees: 230 });
});
afterAll(async () => {
  await sb.close();
});

/**
 * The client on the same clock as the team's handlers: a deadline is a reading of one clock's `elapsed()`
 * (src/core/clock/clock.ts), handed from the handler to the client, as the app's root gives both one clock.
 */
const clientFor = (token: string): ServiceClient =>
  createServiceClient({ baseUrl: sb.url, getToken: async () => token, policy: SANDBOX_POLICY, clock });

/** A session whose account can be switched, as signing in as someone else does. */
function switchableSession() {
  let current = { user: sb.demoUser, client: clientFor(sb.demoToken) };
  const session: Session = {
    client: () => current.client,
    user: () => current.user,
    account: (): AccountInfo => ({
      kind: 'service',
      baseUrl: sb.url,
      user: current.user,
      authMethod: 'token',
      authScheme: 'Zoho-oauthtoken',
      signedIn: true,
    }),
    onChange: () => () => {},
  };
  return {
    session,
    signInAs: (user: string) => {
      current = { user, client: clientFor(sb.issueToken({ user, scopes: ['forms.READ'] })) };
    },
  };
}

const listings = () => sb.requests().filter((r) => r.path.endsWith('/records'));
const names = (list: Array<{ firstName: string; lastName: string }>) => list.map((e) => `${e.firstName} ${e.lastName}`);
/** What the words should find, from the sandbox's own rows. */
const expected = (word: string) =>
  sb
    .state()
    .employees.filter((e) => [e.firstName, e.lastName, e.email, e.employeeId].some((f) => f.toLowerCase().includes(word.toLowerCase())))
    .map((e) => `${e.firstName} ${e.lastName}`)
    .sort();

let clock: TestClock;
let team: ReturnType<typeof teamHandlers>;
let accounts: ReturnType<typeof switchableSession>;
beforeEach(() => {
  clock = testClock(TEST_NOW);
  accounts = switchableSession();
  team = teamHandlers({ session: accounts.session, clock });
  sb.resetRequests();
});

describe('employee search', () => {
  it('finds by part of a first name, a last name in capitals, an email part and an employee ID, from one full read', async () => {
    const lia = await team.listEmployees({ query: 'lia' });
    expect(names(lia).sort()).toEqual(expected('lia'));
    expect(names(lia)).toContain('Liam Chen');
    const total = sb.state().employees.length;
    // all pages once (200 a page), none of them a search the service would do
    expect(listings().map((r) => r.params.sIndex)).toEqual(['1', '201']);
    expect(listings().every((r) => r.params.modifiedtime === undefined && r.params.searchColumn === undefined)).toBe(true);

    expect(names(await team.listEmployees({ query: 'CHEN' }))).toEqual(['Liam Chen']);
    expect(await team.listEmployees({ query: '@demo' })).toHaveLength(total);
    expect(names(await team.listEmployees({ query: 'liam CH' }))).toEqual(['Liam Chen']);
    const liam = sb.state().employees.find((e) => e.firstName === 'Liam')!;
    expect(names(await team.listEmployees({ query: liam.employeeId.toLowerCase() }))).toEqual(['Liam Chen']);
    expect(await team.listEmployees({ query: 'nobody-like-this' })).toEqual([]);
    expect(await team.listEmployees({})).toHaveLength(total);
    // searching as one types within the minute asks the service nothing more
    expect(listings()).toHaveLength(2);
  });

  it('finds a record changed on the service after the first read, with only an incremental read', async () => {
    await team.listEmployees({ query: 'lia' });
    // someone else (another app, the service's own screens) adds one employee and renames another
    const elsewhere = clientFor(sb.demoToken);
    const { pkId } = await elsewhere.insertEmployee({
      'First Name': 'Amelia',
      'Last Name': 'Hart',
      Email: `amelia.hart.${Date.now()}@demo.punchcard.test`,
      'Employee ID': `PCX${Date.now() % 100000}`,
    });
    const chloe = sb.state().employees.find((e) => e.firstName === 'Chloe')!;
    await elsewhere.updateEmployee(chloe.recordId, { 'Last Name': 'Martin-Liakos' });
    sb.resetRequests();

    // within the minute: the directory as read
    expect(names(await team.listEmployees({ query: 'lia' }))).not.toContain('Amelia Hart');
    expect(listings()).toHaveLength(0);

    await clock.advance(REFRESH_AFTER_MS + 1);
    const found = await team.listEmployees({ query: 'LIA' });
    expect(names(found)).toEqual(expect.arrayContaining(['Amelia Hart', 'Chloe Martin-Liakos', 'Liam Chen']));
    expect(names(found).sort()).toEqual(expected('lia'));
    expect(found.find((e) => e.firstName === 'Amelia')!.recordId).toBe(pkId);
    // one request, one page, asking only for what changed since the newest change already read
    expect(listings()).toHaveLength(1);
    const since = Number(listings()[0].params.modifiedtime);
    expect(since).toBeGreaterThan(0);
    const changedAfter = sb.state().employees.filter((e) => e.modifiedTime > since);
    expect(changedAfter.length).toBeLessThanOrEqual(3);
    expect(changedAfter.map((e) => e.recordId)).toEqual(expect.arrayContaining([pkId, chloe.recordId]));
  });

  it('keeps what it adds and changes itself without asking for the whole list again', async () => {
    await team.listEmployees({ query: 'x' });
    const added = await team.addEmployee({
      fields: {
        'First Name': 'Björn',
        'Last Name': 'Lindqvist',
        Email: `bjorn.${Date.now()}@demo.punchcard.test`,
        'Employee ID': `PCY${Date.now() % 100000}`,
      },
    });
    sb.resetRequests();
    // accents do not matter either
    expect(names(await team.listEmployees({ query: 'bjorn LIND' }))).toEqual(['Björn Lindqvist']);
    await team.updateEmployee({ recordId: added.recordId, fields: { 'Last Name': 'Lindgren' } });
    expect(names(await team.listEmployees({ query: 'lindgren' }))).toEqual(['Björn Lindgren']);
    expect(listings()).toHaveLength(0);
  });

  it('reads everything again after a long while (deletions) and for another account', async () => {
    await team.listEmployees({ query: 'chen' });
    await clock.advance(FULL_READ_AFTER_MS);
    sb.resetRequests();
    await team.listEmployees({ query: 'chen' });
    expect(listings()[0].params.modifiedtime).toBeUndefined();
    expect(listings()[0].params.sIndex).toBe('1');

    sb.resetRequests();
    accounts.signInAs('priya.shah@demo.punchcard.test');
    expect(names(await team.listEmployees({ query: 'chen' }))).toEqual(['Liam Chen']);
    expect(listings()[0].params.modifiedtime).toBeUndefined();
  });

  it('still asks the service for an exact email or employee ID, and filters "changed since" by the words', async () => {
    const liam = sb.state().employees.find((e) => e.firstName === 'Liam')!;
    expect(names(await team.listEmployees({ email: liam.email }))).toEqual(['Liam Chen']);
    expect(listings().at(-1)!.params).toMatchObject({ searchColumn: 'EMPLOYEEMAILALIAS', searchValue: liam.email });
    const since = Math.min(...sb.state().employees.map((e) => e.modifiedTime)) - 1;
    const changed = await team.listEmployees({ modifiedSince: since, query: 'chen' });
    expect(names(changed)).toEqual(['Liam Chen']);
    expect(listings().at(-1)!.params.modifiedtime).toBe(String(since));
  });
});
