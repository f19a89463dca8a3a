/**
 * Playwright global setup (playwright.config.ts): builds web mode's server once per run, from the sources as they are
 * now, into out/web/web.mjs (scripts/build-node.mjs, as `npm run build` does). Every browser test starts its own
 * `npm run web` (test/e2e/web-app.ts), and scripts/web.mjs runs that bundle when it is current: plain node, instead
 * of tsx compiling the TypeScript again for each of the ~45 starts (about 4 s of CPU each, against under 1 s).
 * It also gives the run its id, which names the run's temp folders (test/tools/e2e-temp-dirs.ts).
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { e2eRun } from '../tools/e2e-temp-dirs';

const ROOT = resolve(import.meta.dirname, '..', '..');

export default async function buildWeb(): Promise<void> {
  // this run's id, in the environment every worker starts with: its temp folders are named by it (test/tools/e2e-temp-dirs.ts)
  e2eRun();
  try {
    // one line: built, or unchanged since its last build (scripts/build-node.mjs keeps a hash of its inputs)
    const { stdout } = await promisify(execFile)(process.execPath, ['scripts/build-node.mjs', 'web'], { cwd: ROOT });
    process.stdout.write(stdout);
  } catch (e) {
    const { stdout = '', stderr = '' } = e as { stdout?: string; stderr?: string };
    throw new Error(`Could not build out/web/web.mjs for the browser tests (node scripts/build-node.mjs web):\n${stdout}${stderr}`, {
      cause: e,
    });
  }
}
