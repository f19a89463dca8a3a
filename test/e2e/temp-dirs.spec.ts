/**
 * A web server that exits before printing its address (here: an option it refuses) fails the start, and leaves
 * nothing: its data dir and clock folder are removed and it is not running, since the caller gets no WebApp to stop
 * (test/e2e/web-app.ts). The other paths (a worker's exit, the run's teardown): test/unit/e2e-temp-dirs.test.ts.
 */
import { existsSync } from 'node:fs';
import { expect, startWebApp, test } from './fixtures';
import { tempDirsMade } from '../tools/e2e-temp-dirs';

test('a web server that never printed its address leaves no temp folder behind', async ({ sandbox }) => {
  const before = tempDirsMade().length;
  await expect(startWebApp(sandbox, {}, ['--port', 'not-a-port'])).rejects.toThrow(/exited \(\d+\) before printing its URL/);
  const made = tempDirsMade().slice(before);
  expect(made).toHaveLength(2);
  for (const dir of made) expect(existsSync(dir), dir).toBe(false);
});
