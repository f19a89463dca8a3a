/**
 * The built `punch` and web mode (scripts/build-node.mjs) and the bin that chooses between the bundle and the sources.
 *
 * - The bundle, built into a scratch folder inside the project (so the optional keytar resolves from node_modules),
 *   answers exactly as the TypeScript sources do, against a real sandbox; so does the web bundle's server.
 * - bin/punch.cjs (with bin/bundle-current.cjs) runs the bundle only while it is at least as new as everything it
 *   lists, and always in an installed package (no src/); that choice is tested on a copy of the bin in a temporary
 *   tree whose "bundle" and "sources" each print who they are. With the build script there (a clone), a missing or
 *   stale bundle is built first, once however many start together, and then run: the fast path is the default. A
 *   bundle whose inputs hash as at its build is not built again, only marked current.
 */
import { createHash } from 'node:crypto';
import { execFile, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index';
import type { Sandbox } from '../../src/sandbox';
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
    ...env,
    PUNCH_BASE_URL: sb.url,
    PUNCH_TOKEN: sb.demoToken,
    PUNCH_USER: sb.demoUser,
    PUNCH_DATA_DIR: dataDir,
    XDG_CONFIG_HOME: join(dataDir, 'xdg'),
  };
}

describe('the bundled punch', () => {
  let sb: Sandbox;
  let dataDir: string;
  beforeAll(async () => {
    await run(process.execPath, ['scripts/build-node.mjs', '--out-dir', SCRATCH], { cwd: ROOT });
    sb = await startSandbox({ today: TEST_TODAY });
    dataDir = tempDir('punch-built-');
  });
  afterAll(async () => {
    await sb?.close();
    rmSync(SCRATCH, { recursive: true, force: true });
    removeDir(dataDir);
  });

  it('lists every source file it was built from, and each bundled package by its package.json', () => {
    const { inputs } = JSON.parse(readFileSync(join(SCRATCH, 'punch.inputs.json'), 'utf8')) as { inputs: string[] };
    expect(inputs).toContain('src/cli/index.ts');
    expect(inputs).toContain('src/core/root/punchcard.ts');
    const packages = inputs.filter((p) => p.includes('node_modules/'));
    for (const p of packages) expect(p).toMatch(/node_modules\/(@[^/]+\/)?[^/]+\/package\.json$/);
    expect(packages.some((p) => p.endsWith('node_modules/zod/package.json'))).toBe(true);
    // Pure-JS packages are bundled in; keytar (native, optional) is required at run time, only when first needed (not
    // import()ed: the bundle runs in a vm.Script). The code is the loader (punch.cjs, and punch.mjs that requires it)
    // and one CommonJS file named by the hash of its content (scripts/build-node-cli.mjs), listed beside the inputs.
    const { chunks } = JSON.parse(readFileSync(join(SCRATCH, 'punch.inputs.json'), 'utf8')) as { chunks: string[] };
    const [script, ...others] = chunks.filter((c) => c.endsWith('.cjs'));
    expect(others).toEqual([]);
    expect(script).toMatch(/^punch-chunks\/punch-[0-9a-f]{20}\.cjs$/);
    const bundle = readFileSync(join(SCRATCH, script));
    expect(script).toContain(createHash('sha256').update(bundle).digest('hex').slice(0, 20));
    const loader = readFileSync(join(SCRATCH, 'punch.cjs'), 'utf8');
    expect(loader).toContain(script);
    expect(chunks).toContain('punch.mjs');
    // each language's messages but English's beside it, read when asked for
    expect(chunks.filter((c) => c !== script && c !== 'punch.mjs').sort()).toEqual(
      ['ar', 'de', 'en-XA', 'es', 'fr'].map((l) => expect.stringMatching(new RegExp(`^punch-chunks/messages-${l}-[0-9a-f]{12}\\.json$`))),
    );
    const code = `${loader}\n${bundle.toString('utf8')}`;
    expect(code).not.toMatch(/from\s*["'](zod|conf|date-fns)["']/);
    expect(code).not.toMatch(/require\(\s*["'](zod|conf|date-fns)["']\s*\)/);
    expect(code).toMatch(/require\(\s*["']keytar["']\s*\)/);
    expect(code).not.toMatch(/import\(\s*["']keytar["']\s*\)|from\s*["']keytar["']/);
    // no function or class has its name set at load (esbuild's keepNames: a defineProperty per function, 1.3 MB of
    // live heap in status); the names are the sources' own
    expect(bundle.toString('latin1')).not.toMatch(/\b__name\(/);
    expect(bundle.toString('latin1')).toMatch(/\bfunction runCli\(/);
    // Node's modules wrapped once each for their `import x from` (40 imports: some 4,000 getters a start made), in
    // esbuild's helper replaced at its length (scripts/build-node-cli.mjs `sharedToEsm`)
    expect(bundle.toString('latin1')).toMatch(/var __tE=new Map,__toESM=\(m,n,t\)=>n&&__tE\.get\(m\)\|\|/);
    expect(bundle.toString('latin1')).not.toContain('var __toESM=(mod,isNodeMode,target)=>');
  });

  it("runs a command through the bin without starting Node's ES module loader (the bin, the loader and the bundle are CommonJS)", async () => {
    const scratch = tempDir('punch-esm-');
    try {
      const list = join(scratch, 'modules.txt');
      // the bin required by a file that lists Node's modules at exit (a `--require` preload would itself start the loader)
      const entry = join(scratch, 'entry.cjs');
      writeFileSync(
        entry,
        `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, process.moduleLoadList.join('\\n')));\n` +
          `require(${JSON.stringify(join(ROOT, 'bin', 'punch.cjs'))});\n`,
      );
      const env = { ...envFor(sb, dataDir), PUNCH_NO_CODE_CACHE: '1' };
      const { stdout } = await run(process.execPath, [entry, '--version'], { cwd: ROOT, env });
      expect(stdout).toMatch(/^punch \d/);
      const loaded = readFileSync(list, 'utf8').split('\n');
      expect(loaded).toContain('NativeModule vm');
      expect(loaded).not.toContain('NativeModule internal/modules/esm/loader');
    } finally {
      removeDir(scratch);
    }
  });

  it('answers jobs --json and --help exactly as the sources do, through punch.cjs and through punch.mjs', async () => {
    const env = envFor(sb, dataDir);
    const fromBundle = await run(process.execPath, [join(SCRATCH, 'punch.cjs'), 'jobs', '--json'], { cwd: ROOT, env });
    const fromEsm = await run(process.execPath, [join(SCRATCH, 'punch.mjs'), 'jobs', '--json'], { cwd: ROOT, env });
    const fromSources = await run(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', 'jobs', '--json'], { cwd: ROOT, env });
    const jobs = JSON.parse(fromBundle.stdout) as Array<{ jobId: string }>;
    const known = new Set(sb.state().jobs.map((j) => j.jobId));
    expect(jobs.length).toBeGreaterThan(0);
    for (const j of jobs) expect(known.has(j.jobId)).toBe(true);
    expect(fromBundle.stdout).toBe(fromSources.stdout);
    expect(fromEsm.stdout).toBe(fromSources.stdout);

    const help = await run(process.execPath, [join(SCRATCH, 'punch.cjs'), '--help'], { cwd: ROOT, env });
    const helpFromSources = await run(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', '--help'], { cwd: ROOT, env });
    expect(help.stdout).toContain('delete-timesheet');
    expect(help.stdout).toBe(helpFromSources.stdout);
  });

  it("says package.json's version with --version, in words and as { version } with --json, from a bundle that lists package.json among its inputs", async () => {
    const env = envFor(sb, dataDir);
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const plain = await run(process.execPath, [join(SCRATCH, 'punch.mjs'), '--version'], { cwd: ROOT, env });
    expect(plain.stdout).toBe(`punch ${version}\n`);
    const json = await run(process.execPath, [join(SCRATCH, 'punch.mjs'), '--version', '--json'], { cwd: ROOT, env });
    expect(JSON.parse(json.stdout)).toEqual({ version });
    // read when the bundle is built: a new version in package.json makes the bundle stale (bin/bundle-current.mjs)
    const { inputs } = JSON.parse(readFileSync(join(SCRATCH, 'punch.inputs.json'), 'utf8')) as { inputs: string[] };
    expect(inputs).toContain('package.json');
    const help = await run(process.execPath, [join(SCRATCH, 'punch.mjs'), '--help'], { cwd: ROOT, env });
    expect(help.stdout).toMatch(/^ {2}--version +print punch's version \(with --json: \{ "version": … \}\)$/m);
  });

  it("reports invalid input with the same message as the sources (zod's findings, put in words, are in the bundle)", async () => {
    const env = envFor(sb, dataDir);
    const args = ['login', '--token', 'short', '--user', 'someone@example.test', '--base-url', sb.url];
    const failed = (e: { code: number; stdout: string; stderr: string }) => e;
    const fromBundle = await run(process.execPath, [join(SCRATCH, 'punch.mjs'), ...args], { cwd: ROOT, env }).then(() => undefined, failed);
    const fromSources = await run(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', ...args], { cwd: ROOT, env }).then(
      () => undefined,
      failed,
    );
    expect(fromBundle?.code).toBe(1);
    expect(fromBundle?.stderr).toMatch(/Access token: use at least 8 characters/);
    expect(fromBundle?.stderr).toBe(fromSources?.stderr);
  });

  it("web mode's bundle starts and serves the core over HTTP (jobs through /rpc)", async () => {
    const webData = tempDir('punch-built-web-');
    const server = spawn(process.execPath, [join(SCRATCH, 'web.mjs'), '--port', '0', '--no-open'], {
      cwd: ROOT,
      env: envFor(sb, webData),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolveUrl, reject) => {
        let out = '';
        let err = '';
        server.stdout!.on('data', (c: Buffer) => {
          out += c.toString();
          if (out.includes('\n')) resolveUrl(out.slice(0, out.indexOf('\n')).trim());
        });
        server.stderr!.on('data', (c: Buffer) => {
          err += c.toString();
        });
        server.once('exit', (code) => reject(new Error(`web.mjs exited (${code}): ${err}`)));
      });
      const { origin, hash } = new URL(url);
      const token = new URLSearchParams(hash.slice(1)).get('token');
      const res = await fetch(`${origin}/rpc/listJobs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      const body = (await res.json()) as { ok: boolean; value: Array<{ jobId: string }> };
      expect(body.ok).toBe(true);
      const known = new Set(sb.state().jobs.map((j) => j.jobId));
      expect(body.value.length).toBeGreaterThan(0);
      for (const j of body.value) expect(known.has(j.jobId)).toBe(true);
    } finally {
      const exited = new Promise((r) => server.once('exit', r));
      if (server.exitCode === null) server.kill('SIGTERM');
      await exited;
      rmSync(webData, { recursive: true, force: true });
    }
  });
});

describe('bin/punch.cjs', () => {
  let tree: string;
  const SOURCE = 'src/cli/index.ts';
  const at = (seconds: number) => new Date(Date.UTC(2026, 10, 18, 10, 0, seconds));
  const launch = async (bin = 'punch.cjs') => (await run(process.execPath, [join(tree, 'bin', bin)], { cwd: tree })).stdout.trim();
  const BIN_FILES = ['punch.cjs', 'punch.mjs', 'bundle-current.cjs', 'bundle-current.mjs'];

  beforeAll(() => {
    tree = tempDir('punch-bin-');
    mkdirSync(join(tree, 'bin'));
    mkdirSync(join(tree, 'out', 'cli'), { recursive: true });
    mkdirSync(join(tree, 'src', 'cli'), { recursive: true });
    for (const file of BIN_FILES) copyFileSync(join(ROOT, 'bin', file), join(tree, 'bin', file));
    // The fallback loads tsx from node_modules, as in the project.
    symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'), 'dir');
    writeFileSync(join(tree, 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(join(tree, SOURCE), "const who: string = 'sources';\nconsole.log(who);\n");
    writeFileSync(join(tree, 'out', 'cli', 'punch.cjs'), "console.log('bundle');\n");
  });
  afterAll(() => {
    rmSync(tree, { recursive: true, force: true });
  });

  const writeInputs = (inputs: string[]) => writeFileSync(join(tree, 'out', 'cli', 'punch.inputs.json'), JSON.stringify({ inputs }));

  it('runs the bundle when it is newer than every source it lists', async () => {
    writeInputs([SOURCE]);
    utimesSync(join(tree, SOURCE), at(0), at(0));
    utimesSync(join(tree, 'out', 'cli', 'punch.cjs'), at(5), at(5));
    expect(await launch()).toBe('bundle');
  });

  it('runs the same way as bin/punch.mjs, the bin before (kept for whoever runs it by that name)', async () => {
    writeInputs([SOURCE]);
    utimesSync(join(tree, SOURCE), at(0), at(0));
    utimesSync(join(tree, 'out', 'cli', 'punch.cjs'), at(5), at(5));
    expect(await launch('punch.mjs')).toBe('bundle');
    utimesSync(join(tree, SOURCE), at(9), at(9));
    expect(await launch('punch.mjs')).toBe('sources');
  });

  it('runs the sources through tsx once a source changed after the build', async () => {
    writeInputs([SOURCE]);
    utimesSync(join(tree, 'out', 'cli', 'punch.cjs'), at(5), at(5));
    utimesSync(join(tree, SOURCE), at(9), at(9));
    expect(await launch()).toBe('sources');
  });

  it('runs the sources when a chunk the bundle imports is gone (a half-deleted build)', async () => {
    mkdirSync(join(tree, 'out', 'cli', 'punch-chunks'), { recursive: true });
    writeFileSync(join(tree, 'out', 'cli', 'punch-chunks', 'core-A1.mjs'), 'export {};\n');
    utimesSync(join(tree, SOURCE), at(0), at(0));
    utimesSync(join(tree, 'out', 'cli', 'punch.cjs'), at(5), at(5));
    writeFileSync(
      join(tree, 'out', 'cli', 'punch.inputs.json'),
      JSON.stringify({ inputs: [SOURCE], chunks: ['punch-chunks/core-A1.mjs'] }),
    );
    expect(await launch()).toBe('bundle');
    rmSync(join(tree, 'out', 'cli', 'punch-chunks', 'core-A1.mjs'));
    expect(await launch()).toBe('sources');
  });

  it('runs the sources when a listed source is gone or the list is missing', async () => {
    utimesSync(join(tree, SOURCE), at(0), at(0));
    utimesSync(join(tree, 'out', 'cli', 'punch.cjs'), at(5), at(5));
    writeInputs([SOURCE, 'src/cli/removed.ts']);
    expect(await launch()).toBe('sources');
    rmSync(join(tree, 'out', 'cli', 'punch.inputs.json'));
    expect(await launch()).toBe('sources');
  });

  it('in a clone (the build script there) builds a missing or stale bundle first, once for several at once, then runs it', async () => {
    const clone = tempDir('punch-clone-');
    try {
      for (const dir of ['bin', 'scripts', join('src', 'cli', 'launch')]) mkdirSync(join(clone, dir), { recursive: true });
      for (const file of BIN_FILES) copyFileSync(join(ROOT, 'bin', file), join(clone, 'bin', file));
      for (const file of ['build-node.mjs', 'build-node-cli.mjs', 'build-node-plugins.mjs'])
        copyFileSync(join(ROOT, 'scripts', file), join(clone, 'scripts', file));
      // the CLI's loader (the bundle runs through it: scripts/build-node-cli.mjs)
      for (const file of ['punch.ts', 'code-cache.ts', 'core-opened.ts'])
        copyFileSync(join(ROOT, 'src', 'cli', 'launch', file), join(clone, 'src', 'cli', 'launch', file));
      symlinkSync(join(ROOT, 'node_modules'), join(clone, 'node_modules'), 'dir');
      writeFileSync(join(clone, 'package.json'), JSON.stringify({ type: 'module' }));
      writeFileSync(join(clone, SOURCE), "const who: string = 'built from the sources';\nconsole.log(who);\n");
      const bin = join(clone, 'bin', 'punch.cjs');
      const bundle = join(clone, 'out', 'cli', 'punch.cjs');
      const start = () => run(process.execPath, [bin], { cwd: clone });

      // a fresh clone: three at once, one build
      const first = await Promise.all([start(), start(), start()]);
      expect(first.map((r) => r.stdout.trim())).toEqual(Array(3).fill('built from the sources'));
      expect(first.filter((r) => /building the command line/.test(r.stderr))).toHaveLength(1);
      expect(readFileSync(bundle, 'utf8')).toMatch(/^\/\/ Built by scripts\/build-node\.mjs/);
      // current now: runs it without building
      const again = await start();
      expect(again.stderr).toBe('');
      // an edit makes it stale: built again, with the edit
      writeFileSync(join(clone, SOURCE), "console.log('edited');\n");
      utimesSync(join(clone, SOURCE), new Date(Date.now() + 2_000), new Date(Date.now() + 2_000));
      const edited = await start();
      expect(edited.stdout.trim()).toBe('edited');
      expect(edited.stderr).toMatch(/building the command line/);
      // the same text with a newer time (a checkout, a save without a change): the inputs hash as at the last build,
      // so the build script does not build again, and the bundle counts as current (npm test asks for it 3 times)
      const past = new Date(Date.now() - 60_000);
      utimesSync(join(clone, SOURCE), past, past);
      await run(process.execPath, ['scripts/build-node.mjs', 'cli', '--force'], { cwd: clone });
      const ahead = new Date(Date.now() + 60_000);
      utimesSync(join(clone, SOURCE), ahead, ahead);
      const unchanged = await run(process.execPath, ['scripts/build-node.mjs', 'cli'], { cwd: clone });
      expect(unchanged.stdout).toMatch(/punch\.cjs {2}unchanged: its inputs hash as at its last build/);
      const current = await start();
      expect(current.stdout.trim()).toBe('edited');
      expect(current.stderr).toBe('');
    } finally {
      rmSync(clone, { recursive: true, force: true });
    }
  }, 120_000);

  it('in an installed package (no src/) runs the bundle without any inputs list, and never tsx', async () => {
    const installed = tempDir('punch-installed-');
    try {
      mkdirSync(join(installed, 'bin'));
      mkdirSync(join(installed, 'out', 'cli'), { recursive: true });
      for (const file of BIN_FILES) copyFileSync(join(ROOT, 'bin', file), join(installed, 'bin', file));
      writeFileSync(join(installed, 'package.json'), JSON.stringify({ type: 'module' }));
      const bin = join(installed, 'bin', 'punch.cjs');
      // No bundle either: a clear message, not an attempt to load tsx (which an installed package does not have).
      const missing = await run(process.execPath, [bin], { cwd: installed }).then(
        () => undefined,
        (e: { code: number; stderr: string }) => e,
      );
      expect(missing?.code).toBe(1);
      expect(missing?.stderr).toMatch(/punch\.cjs is missing/);
      expect(missing?.stderr).not.toMatch(/tsx/);
      writeFileSync(join(installed, 'out', 'cli', 'punch.cjs'), "console.log('bundle');\n");
      expect((await run(process.execPath, [bin], { cwd: installed })).stdout.trim()).toBe('bundle');
    } finally {
      rmSync(installed, { recursive: true, force: true });
    }
  });
});
