/**
 * Playwright global teardown (playwright.config.ts): removes what is left of this run's folders in the temp dir, those
 * of a worker that was killed outright and so removed nothing on its way out (test/tools/e2e-temp-dirs.ts). Only this
 * run's: the machine is shared, and a run beside this one has folders of its own there.
 */
import { removeRunFolders, RUN_ENV } from '../tools/e2e-temp-dirs';

export default function tempTeardown(): void {
  removeRunFolders(process.env[RUN_ENV]);
}
