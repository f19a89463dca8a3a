/**
 * `npm pack` yields a package from which `npm install -g` gives a working `punch`: the tarball is installed into a
 * private prefix (a clean global install: its own node_modules, from the registry), and the installed `punch` answers
 * `status` from the built-in sandbox with a fresh data folder, run from outside the project so nothing can resolve
 * from the project's node_modules. The install must hold no dev dependency (no tsx, vitest, electron) and the bin
 * must not need one. npm does install the desktop app's run-time packages (package.json `dependencies`, which
 * electron-builder puts in the app): the bundle does not load them, and none of them is a dev dependency.
 *
 * keytar is optional: npm builds it where it can (npm_config_nodedir points at Debian's Node headers when they are
 * there), and `punch` must work whether it built or not, and with it removed.
 *
 * Slow (about 10 to 60 s: npm pack runs the prepack build, npm install fetches keytar and its few dependencies).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The environment without the developer's PUNCH_* (npm's settings, such as the registry, are kept).
import { cleanEnv } from '../fixtures/cli-harness';

const run = promisify(execFile);
const ROOT = resolve(__dirname, '../..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

describe('punch installed from npm pack', () => {
  let temp: string;
  let prefix: string;
  let installed: string;
  let punch: string;

  const statusIn = async (dataDir: string) => {
    const { stdout } = await run(punch, ['status', '--json'], {
      cwd: temp,
      env: cleanEnv({ PUNCH_DATA_DIR: join(temp, dataDir), XDG_CONFIG_HOME: join(temp, 'xdg') }),
      timeout: 30_000,
    });
    return JSON.parse(stdout) as {
      online: boolean;
      account: { kind: string; user: string; signedIn: boolean };
      outbox: { queued: number };
    };
  };

  beforeAll(async () => {
    temp = mkdtempSync(join(tmpdir(), 'punch-install-'));
    prefix = join(temp, 'prefix');
    const npmEnv = cleanEnv(existsSync('/usr/include/node') ? { npm_config_nodedir: '/usr' } : {});
    // prepack builds out/cli/punch.cjs (written by rename, so a punch starting meanwhile never reads half of it).
    await run(NPM, ['pack', '--pack-destination', temp], { cwd: ROOT, env: npmEnv, timeout: 120_000 });
    const tarballs = readdirSync(temp).filter((f) => /^punchcard-.+\.tgz$/.test(f));
    expect(tarballs).toHaveLength(1);
    await run(NPM, ['install', '--global', '--prefix', prefix, '--no-audit', '--no-fund', join(temp, tarballs[0])], {
      cwd: temp,
      env: npmEnv,
      timeout: 240_000,
    });
    installed = join(prefix, 'lib', 'node_modules', 'punchcard');
    punch = join(prefix, 'bin', 'punch');
  }, 360_000);

  afterAll(() => {
    if (temp) rmSync(temp, { recursive: true, force: true });
  });

  it('ships the bin (CommonJS: no ES module loader at start) and the bundle, not the sources', () => {
    expect(existsSync(punch)).toBe(true);
    expect(realpathSync(punch)).toBe(realpathSync(join(installed, 'bin', 'punch.cjs')));
    expect(existsSync(join(installed, 'out', 'cli', 'punch.cjs'))).toBe(true);
    // the ES module loader of before, for whoever runs it by that name
    expect(existsSync(join(installed, 'out', 'cli', 'punch.mjs'))).toBe(true);
    expect(existsSync(join(installed, 'src'))).toBe(false);
    expect(existsSync(join(installed, 'test'))).toBe(false);
  });

  it('installs no dev dependency: no tsx, vitest or electron', () => {
    const modules = join(installed, 'node_modules');
    const present = existsSync(modules) ? readdirSync(modules) : [];
    const scoped = present.filter((n) => n.startsWith('@')).flatMap((s) => readdirSync(join(modules, s)).map((n) => `${s}/${n}`));
    const names = new Set([...present, ...scoped]);
    for (const dev of ['tsx', 'vitest', 'electron', 'typescript', 'esbuild']) expect(names.has(dev), dev).toBe(false);
    const { devDependencies } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    expect(Object.keys(devDependencies).filter((d) => names.has(d))).toEqual([]);
  });

  it('answers status from the built-in sandbox with a fresh data folder', async () => {
    const s = await statusIn('data');
    expect(s.account).toMatchObject({ kind: 'sandbox', user: 'maya.patel@demo.punchcard.test', signedIn: true });
    expect(s.online).toBe(true);
    expect(s.outbox.queued).toBe(0);
  }, 60_000);

  it('prints help and logs time against the sandbox (the text answers, not only JSON)', async () => {
    const env = cleanEnv({ PUNCH_DATA_DIR: join(temp, 'data'), XDG_CONFIG_HOME: join(temp, 'xdg') });
    const help = await run(punch, ['--help'], { cwd: temp, env, timeout: 30_000 });
    expect(help.stdout).toContain('delete-timesheet');
    const jobs = JSON.parse((await run(punch, ['jobs', '--json'], { cwd: temp, env, timeout: 30_000 })).stdout) as Array<{ jobId: string }>;
    expect(jobs.length).toBeGreaterThan(0);
    const log = await run(punch, ['log', '--job', jobs[0].jobId, '--hours', '00:30'], { cwd: temp, env, timeout: 30_000 });
    expect(log.stdout.split('\n')[0]).toBe('synced');
  }, 60_000);

  it('keeps working without keytar (an optional dependency that may not build)', async () => {
    rmSync(join(installed, 'node_modules', 'keytar'), { recursive: true, force: true });
    const s = await statusIn('data-without-keytar');
    expect(s.account.kind).toBe('sandbox');
    expect(s.online).toBe(true);
  }, 60_000);
});
