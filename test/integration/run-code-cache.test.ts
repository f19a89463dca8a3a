/**
 * The run's code cache of `punch` (test/fixtures/build-node-bundles.ts): every `punch` a test starts through cleanEnv
 * gets one private directory as XDG_CACHE_HOME, already holding the cache of this build made by a full command, so no
 * test's punch starts without it or with the thin cache of a `--help`; and none writes into the user's ~/.cache.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, runPunch } from '../fixtures/cli-harness';
import { PUNCH_BUNDLE } from '../fixtures/node-bundles';
import { tempDir } from '../fixtures/temp-dirs';

const runCache = process.env.PUNCH_TEST_CODE_CACHE_HOME;

describe("the test run's code cache of punch", () => {
  it('is a private directory of this run, given to punch as XDG_CACHE_HOME unless a test names its own', () => {
    expect(runCache, 'vitest.config.ts globalSetup sets PUNCH_TEST_CODE_CACHE_HOME').toMatch(/punch-code-cache-/);
    expect(statSync(runCache!).mode & 0o777).toBe(0o700);
    expect(cleanEnv({}).XDG_CACHE_HOME).toBe(runCache);
    expect(cleanEnv({ XDG_CACHE_HOME: '/elsewhere' }).XDG_CACHE_HOME).toBe('/elsewhere');
    // the variable itself is the tests' (PUNCH_*): punch never sees it
    expect(cleanEnv({}).PUNCH_TEST_CODE_CACHE_HOME).toBeUndefined();
  });

  it("holds this build's cache, made by a full command before the first test: more than a `--version` leaves", async () => {
    const hash = /punch-([0-9a-f]+)\.cjs/.exec(readFileSync(PUNCH_BUNDLE, 'utf8'))?.[1]; // the bundle's content hash
    const files = readdirSync(join(runCache!, 'punchcard')).filter((f) => f.endsWith('.v8cache'));
    expect(files).toEqual([expect.stringMatching(new RegExp(`^punch-${hash}-`))]);
    // what the first punch to end would otherwise have left, were it a --version
    const thin = tempDir('punch-thin-cache-');
    const data = tempDir('punch-thin-cache-data-');
    await runPunch(['--version'], { XDG_CACHE_HOME: thin, PUNCH_DATA_DIR: data, XDG_CONFIG_HOME: join(data, 'xdg') });
    const [thinFile] = readdirSync(join(thin, 'punchcard'));
    expect(statSync(join(runCache!, 'punchcard', files[0])).size).toBeGreaterThan(1.3 * statSync(join(thin, 'punchcard', thinFile)).size);
  });
});
