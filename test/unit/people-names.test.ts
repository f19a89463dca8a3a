/**
 * The order in which a person named by a record gets a name (src/core/team/people.ts): the record's own name, the
 * directory on disk, a person read before, then one read of that person, kept (also "no such record"), never twice.
 * @inner src/core/team/people.ts
 */
import { describe, expect, it } from 'vitest';
import type { Session } from '../../src/core/context';
import { createPeople, type PersonRef } from '../../src/core/team/people';
import { createTeamCache } from '../../src/core/team';
import type { ServiceClient } from '../../src/core/service';
import { ServiceError } from '../../src/core/service';
import type { AccountInfo, EmployeeRecord } from '../../src/shared/domain';
import { wallClock } from '../fixtures/test-timers';

const record = (recordId: string, firstName: string, lastName: string, email: string, employeeId: string): EmployeeRecord => ({
  recordId,
  firstName,
  lastName,
  email,
  employeeId,
  fields: {},
});
const liam = record('301', 'Liam', 'Chen', 'liam.chen@x.test', 'E-301');
const ava = record('302', 'Ava', 'Johnson', 'ava.johnson@x.test', 'E-302');
/** On the service, not in the directory. */
const noah = record('303', 'Noah', 'Kim', 'noah.kim@x.test', 'E-303');

function world(opts: { refuse?: boolean } = {}) {
  const reads: string[] = [];
  const onService = [liam, ava, noah];
  const client = {
    async employee(recordId: string) {
      reads.push(`rec:${recordId}`);
      if (opts.refuse) throw new ServiceError('Permission denied', 9000, 200, 'forms/json/P_Employee/getDataByID');
      return onService.find((r) => r.recordId === recordId) ?? null;
    },
    async allEmployees(q: { searchColumn?: string; searchValue?: string }) {
      reads.push(`${q.searchColumn}:${q.searchValue}`);
      if (opts.refuse) throw new ServiceError('Permission denied', 9000, 200, 'forms/P_EmployeeView/records');
      return onService.filter((r) => (q.searchColumn === 'EMPLOYEEID' ? r.employeeId : r.email) === q.searchValue);
    },
  } as unknown as ServiceClient;
  const account: AccountInfo = {
    kind: 'service',
    baseUrl: 'https://people.example',
    user: 'maya@x.test',
    authMethod: 'token',
    authScheme: 'Bearer',
    signedIn: true,
  };
  const session: Session = { client: () => client, user: () => account.user, account: () => account, onChange: () => () => {} };
  let now = 1_000_000;
  const cache = createTeamCache({ session });
  // the directory on disk holds Liam and Ava only
  const directory = {
    find: (who: PersonRef) =>
      [liam, ava].find(
        (r) =>
          r.recordId === who.recordId ||
          r.email === who.email ||
          r.employeeId === who.employeeId ||
          r.recordId === who.employeeId ||
          `${r.firstName} ${r.lastName}` === who.name,
      ),
  };
  const people = createPeople({ session, clock: wallClock(() => now), cache, directory });
  return { people, reads, later: (ms: number) => (now += ms) };
}

describe('who a person is, by name', () => {
  it.each<[string, PersonRef, PersonRef, string[]]>([
    ["the record's own name wins", { name: 'Liam C.', email: 'liam.chen@x.test' }, { name: 'Liam C.', employeeId: 'E-301' }, []],
    ['the directory by email', { email: 'liam.chen@x.test' }, { name: 'Liam Chen', employeeId: 'E-301', recordId: '301' }, []],
    ["the directory by record id (a log's erecno)", { recordId: '302' }, { name: 'Ava Johnson', email: 'ava.johnson@x.test' }, []],
    ['the directory by employee ID', { employeeId: 'E-302' }, { name: 'Ava Johnson', recordId: '302' }, []],
    [
      "a payroll row's id that is a record id: the directory's Employee ID",
      { employeeId: '301' },
      { name: 'Liam Chen', employeeId: 'E-301' },
      [],
    ],
    ['the directory by a name only one record has', { name: 'Ava Johnson' }, { email: 'ava.johnson@x.test', employeeId: 'E-302' }, []],
    ['not in the directory: one read by record id', { recordId: '303' }, { name: 'Noah Kim', employeeId: 'E-303' }, ['rec:303']],
    [
      'not in the directory: one search by email',
      { email: 'noah.kim@x.test' },
      { name: 'Noah Kim' },
      ['EMPLOYEEMAILALIAS:noah.kim@x.test'],
    ],
    ['not in the directory: one search by employee ID', { employeeId: 'E-303' }, { name: 'Noah Kim' }, ['EMPLOYEEID:E-303']],
    [
      'the service shows no such person: stays unnamed',
      { email: 'gone@x.test' },
      { email: 'gone@x.test' },
      ['EMPLOYEEMAILALIAS:gone@x.test'],
    ],
    ['nothing names the person: nothing is read', {}, {}, []],
  ])('%s', async (_what, ref, expected, reads) => {
    const w = world();
    await w.people.complete([ref]);
    expect(w.people.known(ref)).toMatchObject(expected);
    expect(w.reads).toEqual(reads);
    // kept: asked again, nobody is read twice
    await w.people.complete([ref]);
    expect(w.reads).toEqual(reads);
  });

  it('reads each person once however many records name them (kept under each of their keys), a missing one again after a week', async () => {
    const w = world();
    await w.people.complete([{ recordId: '303' }, { recordId: '303' }, { email: 'noah.kim@x.test' }, { email: 'gone@x.test' }]);
    expect(w.reads).toEqual(['rec:303', 'EMPLOYEEMAILALIAS:noah.kim@x.test', 'EMPLOYEEMAILALIAS:gone@x.test']);
    // a day later: the one the service did not show is not asked about again yet
    w.later(24 * 60 * 60_000);
    await w.people.complete([{ email: 'gone@x.test' }, { recordId: '303' }, { employeeId: 'E-303' }]);
    expect(w.reads).toHaveLength(3);
    w.later(7 * 24 * 60 * 60_000);
    await w.people.complete([{ email: 'gone@x.test' }, { recordId: '303' }]);
    expect(w.reads.slice(3)).toEqual(['EMPLOYEEMAILALIAS:gone@x.test']);
  });

  it('stops at the first refusal when the user may not read employee records', async () => {
    const w = world({ refuse: true });
    await w.people.complete([{ recordId: '303' }, { email: 'x@x.test' }, { employeeId: 'E-9' }]);
    expect(w.reads).toEqual(['rec:303']);
    expect(w.people.known({ recordId: '303' }).name).toBeUndefined();
  });
});
