/**
 * The built `punch` (scripts/build-cli.mjs) and the bin that chooses between it and the sources.
 *
 * - The bundle, built into a scratch folder inside the project (so its external packages resolve from node_modules),
 *   answers exactly as the TypeScript sources do, against a real sandbox.
 * - bin/punch.mjs runs the bundle only while it is at least as new as every source it lists; that choice is tested on
 *   a copy of the bin in a temporary tree whose "bundle" and "sources" each print who they are.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index';
import type { Sandbox } from '../../src/sandbox/types';
import { removeDir, tempDir } from '../fixtures/temp-dirs';
import { TEST_TODAY } from '../fixtures/test-clock';

const run = promisify(execFile);
const ROOT = resolve(__dirname, '../..');
const SCRATCH = join(ROOT, 'out', `cli-test-${process.pid}`);

/** The environment of a run: the sandbox's account, a private data folder, and no PUNCH_* of the developer. */
function envFor(sb: Sandbox, dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('PUNCH_')) env[k] = v;
  return {
    ...env, PUNCH_BASE_URL: sb.url, PUNCH_TOKEN: sb.demoToken, PUNCH_USER: sb.demoUser, PUNCH_DATA_DIR: dataDir,
    XDG_CONFIG_HOME: join(dataDir, 'xdg'),
  };
}

describe('the bundled punch', () => {
  let sb: Sandbox;
  let dataDir: string;
  beforeAll(async () => {
    await run(process.execPath, ['scripts/build-cli.mjs', '--out-dir', SCRATCH], { cwd: ROOT });
    sb = await startSandbox({ today: TEST_TODAY });
    dataDir = tempDir('punch-built-');
  });
  afterAll(async () => {
    await sb?.close();
    rmSync(SCRATCH, { recursive: true, force: true });
    removeDir(dataDir);
  });

  it('lists every source file it was built from, and no package', () => {
    const { inputs } = JSON.parse(readFileSync(join(SCRATCH, 'punch.inputs.json'), 'utf8')) as { inputs: string[] };
    expect(inputs).toContain('src/cli/index.ts');
    expect(inputs).toContain('src/main/core/punchcard.ts');
    expect(inputs.filter((p) => p.includes('node_modules'))).toEqual([]);
    // Packages are imported at run time, not copied in.
    expect(readFileSync(join(SCRATCH, 'punch.mjs'), 'utf8')).toMatch(/from ["']zod["']/);
  });

  it('answers jobs --json and --help exactly as the sources do', async () => {
    const env = envFor(sb, dataDir);
    const fromBundle = await run(process.execPath, [join(SCRATCH, 'punch.mjs'), 'jobs', '--json'], { cwd: ROOT, env });
    const fromSources = await run(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', 'jobs', '--json'], { cwd: ROOT, env });
    const jobs = JSON.parse(fromBundle.stdout) as Array<{ jobId: string }>;
    const known = new Set(sb.state().jobs.map((j) => j.jobId));
    expect(jobs.length).toBeGreaterThan(0);
    for (const j of jobs) expect(known.has(j.jobId)).toBe(true);
    expect(fromBundle.stdout).toBe(fromSources.stdout);

    const help = await run(process.execPath, [join(SCRATCH, 'punch.mjs'), '--help'], { cwd: ROOT, env });
    const helpFromSources = await run(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', '--help'], { cwd: ROOT, env });
    expect(help.stdout).toContain('delete-timesheet');
    expect(help.stdout).toBe(helpFromSources.stdout);
  });
});

describe('bin/punch.mjs', () => {
  let tree: string;
  const SOURCE = 'src/cli/index.ts';
  const at = (seconds: number) => new Date(Date.UTC(2026, 10, 18, 10, 0, seconds));
  const launch = async () => (await run(process.execPath, [join(tree, 'bin', 'punch.mjs')], { cwd: tree })).stdout.trim();

  beforeAll(() => {
    tree = tempDir('punch-bin-');
    mkdirSync(join(tree, 'bin'));
    mkdirSync(join(tree, 'out', 'cli'), { recursive: true });
    mkdirSync(join(tree, 'src', 'cli'), { recursive: true });
    copyFileSync(join(ROOT, 'bin', 'punch.mjs'), join(tree, 'bin', 'punch.mjs'));
    // The fallback loads tsx from node_modules, as in the project.
    symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'), 'dir');
    writeFileSync(join(tree, 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(join(tree, SOURCE), "const who: string = 'sources';\nconsole.log(who);\n");
    writeFileSync(join(tree, 'out', 'cli', 'punch.mjs'), "console.log('bundle');\n");
  });
  afterAll(() => { rmSync(tree, { recursive: true, force: true }); });

  const writeInputs = (inputs: string[]) =>
    writeFileSync(join(tree, 'out', 'cli', 'punch.inputs.json'), JSON.stringify({ inputs }));

  it('runs the bundle when it is newer than every source it lists', async () => {
    writeInputs([SOURCE]);
    utimesSync(join(tree, SOURCE), at(0), at(0));
    utimesSync(join(tree, 'out', 'cli', 'punch.mjs'), at(5), at(5));
    expect(await launch()).toBe('bundle');
  });

  it('runs the sources through tsx once a source changed after the build', async () => {
    writeInputs([SOURCE]);
    utimesSync(join(tree, 'out', 'cli', 'punch.mjs'), at(5), at(5));
    utimesSync(join(tree, SOURCE), at(9), at(9));
    expect(await launch()).toBe('sources');
  });

  it('runs the sources when a listed source is gone or the list is missing', async () => {
    utimesSync(join(tree, SOURCE), at(0), at(0));
    utimesSync(join(tree, 'out', 'cli', 'punch.mjs'), at(5), at(5));
    writeInputs([SOURCE, 'src/cli/removed.ts']);
    expect(await launch()).toBe('sources');
    rmSync(join(tree, 'out', 'cli', 'punch.inputs.json'));
    expect(await launch()).toBe('sources');
  });
});
