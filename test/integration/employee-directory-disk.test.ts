/**
 * The employee directory of a large company kept on disk between runs (team/directory/directory.ts), through the
 * real core over the sandbox's HTTP with 2,000 employees (11 pages of 200): the first search reads everything once, a
 * second search in another process on the same data directory asks at most 3 requests (none within a minute), the
 * file is owner-only, read in full again only after 12 hours, and a damaged copy is kept aside and reported, never
 * trusted. How fast it is with 10,000 (the first page of matches: goal 100 ms) is `npm run bench -- directory`
 * (bench/employee-directory.ts): none of these behaviours changes with the size, and 10,000 here was all CPU (three
 * full reads of 51 pages), which took over 180 s at a load of 30-55 on 2 cores.
 * @inner src/core/team/directory/directory.ts
 */
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memorySecrets } from '../../src/core/account';
import { createPunchcard, type Punchcard } from '../../src/core';
import { FULL_READ_AFTER_MS, REFRESH_AFTER_MS } from '../../src/core/team/directory/directory';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox } from '../../src/sandbox';
import type { EmployeePage, EmployeeRecord } from '../../src/shared/domain';
import { call } from '../fixtures/core-over-sandbox';
import { removeDir, tempDir } from '../fixtures/temp-dirs';
import { TEST_TODAY, TEST_NOW } from '../fixtures/test-clock';
import { testClock } from '../fixtures/test-timers';

const COMPANY = 2_000;
let sb: Sandbox;
let dir: string;
const clock = testClock(TEST_NOW);

beforeAll(async () => {
  sb = await startSandbox({ today: TEST_TODAY, extraEmployees: COMPANY });
  dir = tempDir('punch-directory-');
});
afterAll(async () => {
  await sb.close();
  removeDir(dir);
});

/** One `punch` process (or a window) on the shared data directory: a new core, nothing in memory. */
async function withCore<T>(fn: (core: Punchcard) => Promise<T>): Promise<T> {
  const core = await createPunchcard({
    dataDir: dir,
    secrets: memorySecrets(),
    autoSync: false,
    clock,
    env: { baseUrl: sb.url, token: sb.demoToken, user: sb.demoUser },
  });
  try {
    return await fn(core);
  } finally {
    await core.close();
  }
}

const listings = () => sb.requests().filter((r) => r.path.endsWith('/records'));
/** The pages of a full read: every employee (the seeded company and COMPANY more), 200 a page. */
const fullRead = () => Math.ceil((sb.state().employees.length + 1) / 200);

// A ceiling for a hang, not a speed limit: each full read is 11 pages of 200 records answered by the sandbox in this
// same process, parsed and written to disk, all CPU (no timer waits: the clock is the test's). With 10,000 (51 pages)
// the first test took 4-13 s at a load of 12-17 and over 180 s at 30-55 (docs/benchmarks.md, "The tests' loose ends").
describe('a directory of 2,000 employees', { timeout: 180_000 }, () => {
  it('reads everything once; the next process searches from the file with at most 3 requests', async () => {
    sb.resetRequests();
    const first = await withCore((core) => call<EmployeeRecord[]>(core, 'listEmployees', { query: 'liam' }));
    expect(first.map((r) => `${r.firstName} ${r.lastName}`)).toContain('Liam Chen');
    const all = sb.state().employees.length;
    expect(all).toBeGreaterThan(COMPANY);
    expect(listings()).toHaveLength(fullRead());
    expect(fullRead()).toBeGreaterThan(10); // paged: many pages, not one

    // owner-only, like every file in the data directory
    const file = join(dir, 'employees.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // a second process within the minute asks nothing at all
    sb.resetRequests();
    const again = await withCore((core) => call<EmployeeRecord[]>(core, 'listEmployees', { query: 'CHEN liam' }));
    expect(again.map((r) => r.email)).toEqual(['liam.chen@demo.punchcard.test']);
    expect(sb.requests().filter((r) => r.path.startsWith('/api/'))).toHaveLength(0);

    // within the hour: only what changed since (one page)
    await clock.advance(30 * 60_000);
    sb.resetRequests();
    const later = await withCore((core) => call<EmployeeRecord[]>(core, 'listEmployees', { query: 'liam' }));
    expect(later).toHaveLength(first.length);
    const asked = sb.requests().filter((r) => r.path.startsWith('/api/'));
    expect(asked.length).toBeLessThanOrEqual(3);
    expect(asked.every((r) => r.params.modifiedtime !== undefined)).toBe(true);
  });

  // how long the first page takes (goal 100 ms, with 10,000) is measured by `npm run bench -- directory`, not here: a
  // shared machine's load decides a wall-clock limit. What makes it fast is checked: the page is drawn from the
  // directory in hand, with no request and no write of the file.
  it('draws a page of the matches at a time for the HR screen from the directory in hand, once read', async () => {
    await clock.advance(REFRESH_AFTER_MS);
    await withCore(async (core) => {
      await call<EmployeePage>(core, 'findEmployees', { query: 'x', limit: 1 }); // the directory read (from the file)
      sb.resetRequests();
      const written = statSync(join(dir, 'employees.json')).mtimeMs;
      const page = await call<EmployeePage>(core, 'findEmployees', { query: 'demo', limit: 50 });
      expect(page.records).toHaveLength(50);
      expect(page.total).toBeGreaterThan(COMPANY);
      const next = await call<EmployeePage>(core, 'findEmployees', { query: 'demo', offset: 50, limit: 50 });
      expect(next.offset).toBe(50);
      expect(next.records[0].recordId).not.toBe(page.records[0].recordId);
      expect(sb.requests().filter((r) => r.path.startsWith('/api/'))).toHaveLength(0);
      expect(statSync(join(dir, 'employees.json')).mtimeMs).toBe(written);
    });
  });

  it('reads everything again after 12 hours (deletions never show up in an incremental read)', async () => {
    await clock.advance(FULL_READ_AFTER_MS);
    sb.resetRequests();
    await withCore((core) => call<EmployeeRecord[]>(core, 'listEmployees', { query: 'liam' }));
    expect(listings()).toHaveLength(fullRead());
    expect(listings().every((r) => r.params.modifiedtime === undefined)).toBe(true);
  });

  it('keeps a damaged copy aside, reports it, and reads the records from the service again', async () => {
    writeFileSync(join(dir, 'employees.json'), '{"formatVersion":1,"directory":{"account":"x","records":[{"recordId":', { mode: 0o600 });
    await clock.advance(REFRESH_AFTER_MS);
    sb.resetRequests();
    const found = await withCore((core) => call<EmployeeRecord[]>(core, 'listEmployees', { query: 'liam chen' }));
    expect(found.map((r) => r.email)).toEqual(['liam.chen@demo.punchcard.test']);
    expect(listings()).toHaveLength(fullRead());
    const kept = readdirSync(join(dir, 'damaged'));
    expect(kept.some((f) => f.startsWith('employees.json'))).toBe(true);
  });
});
