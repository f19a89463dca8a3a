/**
 * `punch employees --search` in a large company: each run is a new process, and the employee directory it searches
 * is kept in the data directory (team/directory/directory.ts), so the second run does not read every page again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCliWorld, type CliWorld } from '../fixtures/cli-harness';

let w: CliWorld;
beforeAll(async () => {
  w = await startCliWorld({ extraEmployees: 3_000 });
});
afterAll(async () => {
  await w?.close();
});

const asked = () => w.sandbox.requests().filter((r) => r.path.startsWith('/api/'));

describe('punch employees --search', () => {
  it('reads the directory once; a second run searches the kept copy with at most 3 requests', async () => {
    const first = await w.punch(['employees', '--search', 'liam ch']);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Liam\s+Chen/);
    const pages = asked().filter((r) => r.path.endsWith('/records')).length;
    expect(pages).toBeGreaterThanOrEqual(15); // 3,012 records, 200 a page

    w.sandbox.resetRequests();
    const second = await w.punch(['employees', '--search', 'CHEN']);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/Liam\s+Chen/);
    expect(asked().length).toBeLessThanOrEqual(3);
  });
});
