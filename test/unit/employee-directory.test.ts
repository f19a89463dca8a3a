/**
 * The employee directory's reading rules (team/directory/directory.ts) over a fake client that records each read:
 * the incremental read starts from the service's newest modified time (not our clock), searches typed while a read is
 * out share it, a service without modified times is read in full each time; and the matching of typed words.
 * @inner src/core/team/directory/directory.ts, src/core/team/directory/search.ts
 */
import { describe, expect, it } from 'vitest';
import type { Session } from '../../src/core/context';
import type { EmployeeQuery, ServiceClient } from '../../src/core/service';
import { CLOCK_MARGIN_MS, createEmployeeDirectory, REFRESH_AFTER_MS } from '../../src/core/team/directory/directory';
import { searchEmployees } from '../../src/core/team/directory/search';
import type { AccountInfo, EmployeeRecord } from '../../src/shared/domain';
import { TEST_NOW } from '../fixtures/test-clock';
import { testClock } from '../fixtures/test-timers';

const rec = (id: string, first: string, last: string, modifiedTime?: number): EmployeeRecord => ({
  recordId: id,
  employeeId: `E${id}`,
  firstName: first,
  lastName: last,
  email: `${first}.${last}@x.test`.toLowerCase(),
  fields: {},
  ...(modifiedTime !== undefined ? { modifiedTime } : {}),
});

function world(answer: (q: EmployeeQuery) => EmployeeRecord[]) {
  const reads: EmployeeQuery[] = [];
  let release: (() => void) | null = null;
  let hold = false;
  const client = {
    allEmployees: async (q: EmployeeQuery) => {
      reads.push(q);
      if (hold)
        await new Promise<void>((r) => {
          release = r;
        });
      return answer(q);
    },
  } as unknown as ServiceClient;
  const account: AccountInfo = {
    kind: 'service',
    baseUrl: 'https://people.example',
    user: 'hr@x.test',
    authMethod: 'token',
    authScheme: 'Bearer',
    signedIn: true,
  };
  const session: Session = { client: () => client, user: () => account.user, account: () => account, onChange: () => () => {} };
  const clock = testClock(TEST_NOW);
  return {
    reads,
    clock,
    directory: createEmployeeDirectory({ session, clock }),
    holdReads: () => {
      hold = true;
    },
    release: () => release?.(),
  };
}

describe('reading the directory', () => {
  it("asks for what changed after the service's newest modified time, whatever our clock says", async () => {
    const w = world((q) =>
      q.modifiedtime === undefined
        ? [rec('1', 'Liam', 'Chen', 5000), rec('2', 'Ava', 'Johnson', 7000)]
        : [rec('2', 'Ava', 'Johnson-Lee', 9000)],
    );
    w.clock.set(1_000_000_000); // our clock far ahead of the service's
    expect(await w.directory.records()).toHaveLength(2);
    await w.clock.advance(REFRESH_AFTER_MS);
    const after = await w.directory.records();
    expect(w.reads).toEqual([{}, { modifiedtime: 6999 }]);
    expect(after.map((r) => r.lastName).sort()).toEqual(['Chen', 'Johnson-Lee']);
    await w.clock.advance(REFRESH_AFTER_MS);
    await w.directory.records();
    expect(w.reads.at(-1)).toEqual({ modifiedtime: 8999 });
  });

  it('asks a service whose records carry no modified time for what changed since our last read, with a margin for its clock', async () => {
    const w = world(() => [rec('1', 'Liam', 'Chen')]);
    const first = w.clock.now();
    await w.directory.records();
    await w.clock.advance(REFRESH_AFTER_MS);
    await w.directory.records();
    expect(w.reads).toEqual([{}, { modifiedtime: first - CLOCK_MARGIN_MS }]);
  });

  it('lets searches typed while a read is out wait for it instead of asking again', async () => {
    const w = world(() => [rec('1', 'Liam', 'Chen', 1)]);
    w.holdReads();
    const a = w.directory.records();
    const b = w.directory.records();
    await Promise.resolve();
    w.release();
    expect((await a).length + (await b).length).toBe(2);
    expect(w.reads).toHaveLength(1);
  });
});

describe('matching typed words', () => {
  const people = [rec('1', 'Liam', 'Chen'), rec('2', 'Cornelia', 'Grant'), rec('3', 'José', 'Álvarez'), rec('4', 'Amelia', 'Chen')];

  it('matches part of a first or last name, an email or an id, in any case, accents ignored, every word', () => {
    const names = (q: string) => searchEmployees(people, q).map((r) => `${r.firstName} ${r.lastName}`);
    expect(names('lia')).toEqual(['Amelia Chen', 'Cornelia Grant', 'Liam Chen']);
    expect(names('CHEN')).toEqual(['Amelia Chen', 'Liam Chen']);
    expect(names('jose alv')).toEqual(['José Álvarez']);
    expect(names('JOSÉ')).toEqual(['José Álvarez']);
    expect(names('liam chen')).toEqual(['Liam Chen']);
    expect(names('liam grant')).toEqual([]);
    expect(names('e3')).toEqual(['José Álvarez']);
    expect(names('@X.TEST')).toHaveLength(4);
    expect(names('   ')).toHaveLength(4);
  });
});
