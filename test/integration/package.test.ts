/**
 * `npm run package -- --dir` builds the unpacked desktop app, and its app.asar holds what the installed app runs and
 * nothing else: the built main, preload and renderer, the tray icons, a package.json whose `main` is in the archive,
 * every production dependency (and every package the built main imports resolves inside the archive), no test,
 * build or type tooling and no sources; keytar's native module beside it in app.asar.unpacked.
 *
 * Where the Electron runtime is not installed (these machines) the app is packaged on the project's stand-in
 * runtime (scripts/package.mjs), which must say so in one line, and whose executable says it is a stand-in and exits
 * non-zero. Where it is installed, the real one is used and nothing is said.
 *
 * Slow: one packaging run (the build, then electron-builder: about a minute, more on a busy machine). It writes
 * out/ and dist/ in the project, as the command does for a developer.
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import * as asar from '@electron/asar';
import { tempDir } from '../fixtures/temp-dirs';
import { cleanEnv } from '../fixtures/cli-harness';

const run = promisify(execFile);
const ROOT = resolve(__dirname, '../..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const DIST = join(ROOT, 'dist');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Tooling that must never ship (the list, and the rest of what only builds or tests). */
const NEVER = [
  'vitest',
  'playwright',
  '@playwright',
  'electron-vite',
  'vite',
  'typescript',
  'tsx',
  'electron',
  'electron-builder',
  '@electron/asar',
  'esbuild',
  '@vitejs',
  'react',
  'react-dom',
  'zustand',
  '@types',
  '@axe-core',
];

const realRuntime = (() => {
  const pathFile = join(ROOT, 'node_modules', 'electron', 'path.txt');
  return existsSync(pathFile) && existsSync(join(ROOT, 'node_modules', 'electron', 'dist', readFileSync(pathFile, 'utf8').trim()));
})();

/** A developer's shell: no PUNCH_* (no update feed), and none of vitest's own variables (NODE_ENV=test would reach vite). */
function shellEnv(): NodeJS.ProcessEnv {
  const env = cleanEnv({ NODE_ENV: undefined });
  for (const k of Object.keys(env)) if (k.startsWith('VITEST')) delete env[k];
  return env;
}

/** dist/<platform>-unpacked/resources/app.asar, or the .app's on macOS. */
function findArchive(): string {
  for (const dir of readdirSync(DIST)) {
    for (const candidate of [
      join(DIST, dir, 'resources', 'app.asar'),
      join(DIST, dir, 'Punchcard.app', 'Contents', 'Resources', 'app.asar'),
    ]) {
      if (existsSync(candidate)) return candidate;
    }
  }
  throw new Error(`no app.asar under ${DIST}`);
}

/** The production packages npm installed (dependencies and optional ones, all the way down), as node_modules/... paths. */
async function productionPackages(): Promise<string[]> {
  const { stdout } = await run(NPM, ['ls', '--omit=dev', '--all', '--parseable'], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 }).catch(
    (e: { stdout?: string }) => ({ stdout: e.stdout ?? '' }),
  ); // npm ls exits 1 for an optional package that did not build
  return stdout
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith(join(ROOT, 'node_modules')))
    .map((l) => relative(ROOT, l).split(sep).join('/'));
}

describe('the packaged app', () => {
  let output = '';
  let archive = '';
  let files = new Set<string>();

  beforeAll(async () => {
    const result = await run(NPM, ['run', 'package', '--', '--dir'], {
      cwd: ROOT,
      env: shellEnv(),
      timeout: 540_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    output = result.stdout;
    archive = findArchive();
    files = new Set(asar.listPackage(archive, { isPack: false }).map((f) => f.replace(/\\/g, '/').replace(/^\//, '')));
  }, 600_000);

  it('says in one line that it used the stand-in runtime, only when the real one is not installed', () => {
    const lines = output.split('\n').filter((l) => /stand-in/i.test(l));
    expect(lines).toHaveLength(realRuntime ? 0 : 1);
    if (!realRuntime)
      expect(lines[0]).toMatch(/^package: the Electron runtime is not installed, so the unpacked app is built on a stand-in runtime/);
  });

  it('holds the built main, preload and renderer, the tray icons and package.json', () => {
    for (const f of [
      'out/main/index.js',
      'out/preload/index.cjs',
      'out/renderer/index.html',
      'package.json',
      'resources/tray-idle.png',
      'resources/tray-running.png',
      'resources/tray-idleTemplate.png',
      'resources/tray-runningTemplate@2x.png',
    ]) {
      expect(files.has(f), f).toBe(true);
    }
    expect([...files].some((f) => /^out\/renderer\/assets\/.+\.js$/.test(f))).toBe(true);
  });

  it('names its entry point in package.json, and that file is in the archive', () => {
    const archived = JSON.parse(asar.extractFile(archive, 'package.json').toString('utf8')) as { main: string; name: string };
    expect(archived.name).toBe('punchcard');
    const main = archived.main.replace(/^\.\//, '');
    expect(main).toBe('out/main/index.js');
    expect(files.has(main)).toBe(true);
  });

  it('holds every production dependency, all the way down', async () => {
    const needed = await productionPackages();
    expect(needed).toEqual(expect.arrayContaining(Object.keys(pkg.dependencies).map((d) => `node_modules/${d}`)));
    const missing = needed.filter((p) => !files.has(`${p}/package.json`));
    expect(missing).toEqual([]);
  });

  it('holds no test, build or type tooling, no sources and no tests', () => {
    const shipped = (name: string) =>
      [...files].filter(
        (f) => f === `node_modules/${name}` || f.startsWith(`node_modules/${name}/`) || f.includes(`/node_modules/${name}/`),
      );
    for (const name of NEVER) expect(shipped(name), name).toEqual([]);
    // every devDependency that is not also needed at run time
    const runtime = new Set(Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies }));
    for (const dev of Object.keys(pkg.devDependencies).filter((d) => !runtime.has(d))) expect(shipped(dev), dev).toEqual([]);
    const ours = [...files].filter((f) => !f.startsWith('node_modules/'));
    expect(ours.filter((f) => /^(src|test|bench|scripts|docs|build|dist)(\/|$)/.test(f))).toEqual([]);
    expect(ours.filter((f) => /\.(ts|tsx|map)$/.test(f))).toEqual([]);
    // the CLI and web bundles are `npm pack`'s and `npm run web`'s, not the app's
    expect(ours.filter((f) => /^out\/(cli|web)(\/|$)/.test(f))).toEqual([]);
  });

  it('resolves every package the built main imports from inside the archive', async () => {
    const unpacked = tempDir('punch-package-');
    asar.extractAll(archive, unpacked);
    const main = readdirSync(join(unpacked, 'out', 'main'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(unpacked, 'out', 'main', f), 'utf8'))
      .join('\n');
    // static imports (one per line at the top of a module) and dynamic ones (keytar, electron-updater: loaded on use)
    const PACKAGE = /^(?:@[a-z0-9._-]+\/)?[a-z0-9._-]+(?:\/[a-z0-9._/-]+)?$/;
    const found = [...main.matchAll(/^import\s[^;]*?from\s*"([^"]+)";$/gm), ...main.matchAll(/\bimport\("([^"]+)"\)/g)].map((m) => m[1]);
    const specifiers = new Set(found.filter((s) => PACKAGE.test(s) && s !== 'electron'));
    expect([...specifiers]).toEqual(expect.arrayContaining(['conf', 'date-fns', 'electron-store', 'electron-updater', 'keytar', 'zod']));
    // resolved as the app resolves them: from the built main's own folder, by Node's ESM resolution
    const probe = join(unpacked, 'out', 'main', 'resolve-probe.mjs');
    writeFileSync(probe, `for (const s of ${JSON.stringify([...specifiers])}) console.log(s + ' ' + import.meta.resolve(s));\n`);
    const resolved = spawnSync(process.execPath, [probe], { encoding: 'utf8' });
    expect(resolved.stderr).toBe('');
    for (const line of resolved.stdout.trim().split('\n')) {
      const [name, url] = line.split(' ');
      expect(
        url.startsWith(`file://${unpacked.split(sep).join('/')}/node_modules/`) ||
          url.startsWith(`file:///${unpacked.split(sep).join('/')}`),
        `${name} -> ${url}`,
      ).toBe(true);
    }
  });

  it("keeps keytar's native module out of the archive, in app.asar.unpacked, where Electron loads it from", () => {
    const built = join(ROOT, 'node_modules', 'keytar', 'build', 'Release', 'keytar.node');
    if (!existsSync(built)) return; // keytar is optional: on a machine without libsecret it was not built
    const inArchive = 'node_modules/keytar/build/Release/keytar.node';
    expect(files.has(inArchive)).toBe(true);
    expect((asar.statFile(archive, inArchive) as { unpacked?: boolean }).unpacked).toBe(true);
    const unpackedFile = join(`${archive}.unpacked`, 'node_modules', 'keytar', 'build', 'Release', 'keytar.node');
    expect(statSync(unpackedFile).size).toBe(statSync(built).size);
  });

  it.skipIf(realRuntime || process.platform !== 'linux')('has a stand-in executable that says what it is and fails', () => {
    const executable = join(archive, '..', '..', 'punchcard');
    const ran = spawnSync(executable, [], { encoding: 'utf8' });
    expect(ran.status).not.toBe(0);
    expect(ran.stderr).toMatch(/stand-in for the Electron runtime, not a working Punchcard/);
  });

  it.skipIf(realRuntime)('refuses to build installers on the stand-in, before building anything', () => {
    const refused = spawnSync(process.execPath, [join(ROOT, 'scripts', 'package.mjs')], { cwd: ROOT, encoding: 'utf8', env: shellEnv() });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/no installer can be built here/);
    expect(refused.stdout).toBe('');
  });
});
