#!/usr/bin/env node
/**
 * `npm run package [-- electron-builder options]`: builds Punchcard (electron-vite's main, preload and renderer, then
 * the Node bundles), then runs electron-builder with electron-builder.yml. Installers land in dist/.
 *
 *   npm run package                 installers for this platform (NSIS on Windows; DMG and zip on macOS; AppImage,
 *                                   deb and rpm on Linux)
 *   npm run package -- --dir        the unpacked app only (dist/linux-unpacked, dist/mac-universal, dist/win-unpacked)
 *   npm run package -- --publish always   what the release workflow runs on a `v*` tag (drafts; docs/release.md)
 *
 * The Electron runtime. electron 45 downloads its runtime on first use, not at `npm ci`, and some machines cannot
 * download it (these development machines among them). electron-builder needs one to wrap the app in:
 *  - node_modules/electron/dist holds the real runtime: `--dir` uses it as it is (electronDist), so nothing is
 *    downloaded; installers are left to electron-builder, which fetches the exact runtime of every target platform
 *    and architecture (a universal macOS app needs two).
 *  - it does not, on Linux: `--dir` packages on a STAND-IN runtime this script writes to dist/.electron-placeholder/,
 *    whose executable only prints that it is a stand-in and exits 1, and says so in one line. The unpacked app's
 *    app.asar is the real one (test/integration/package.test.ts opens it); only the executable is not. Native modules
 *    are not rebuilt for Electron then (there are no Electron headers to build against: keytar's .node stays built
 *    for this Node). Installers are refused: an installer around a stand-in would install an app that cannot start.
 *
 * The update feed (docs/release.md): PUNCH_UPDATE_URL (a generic server holding latest*.yml and the installers) or
 * PUNCH_UPDATE_GITHUB=owner/repo (GitHub releases) at packaging time becomes the app's app-update.yml. With neither,
 * the app has no update source and never checks (a managed machine may still set PUNCH_UPDATE_URL at run time).
 *
 * Publishing happens only when asked (`--publish ...`): electron-builder would otherwise publish by itself when it
 * sees a CI or a git tag, so this script passes `--publish never` unless told otherwise.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const unpackedOnly = args.includes('--dir');

function fail(message) {
  process.stderr.write(`package: ${message}\n`);
  process.exit(1);
}

function run(what, file, argv, env = process.env) {
  const result = spawnSync(process.execPath, [join(ROOT, file), ...argv], { cwd: ROOT, stdio: 'inherit', env });
  if (result.status !== 0) fail(`${what} failed (exit ${result.status ?? result.signal}); nothing was packaged.`);
}

/** The real runtime, as the electron package records it (path.txt names the executable inside dist/). */
function realRuntime() {
  const pkg = join(ROOT, 'node_modules', 'electron');
  const pathFile = join(pkg, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const executable = readFileSync(pathFile, 'utf8').trim();
  return executable && existsSync(join(pkg, 'dist', executable)) ? join(pkg, 'dist') : null;
}

const STAND_IN_NOTE =
  'This is a stand-in for the Electron runtime, not a working Punchcard: it was packaged where the ' +
  'Electron runtime could not be downloaded (npm run package -- --dir), to check what the app holds. ' +
  'Package again where the runtime is installed to get an app that starts.';

/**
 * A folder shaped like Electron's Linux runtime as far as electron-builder reads it: the `electron` executable
 * (renamed to `punchcard` in the app), `version`, and an empty `resources/` for app.asar.
 */
function prepareStandIn() {
  const dir = join(ROOT, 'dist', '.electron-placeholder');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'resources'), { recursive: true });
  const { version } = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'electron', 'package.json'), 'utf8'));
  writeFileSync(join(dir, 'version'), `${version}\n`);
  writeFileSync(join(dir, 'STAND-IN.txt'), `${STAND_IN_NOTE}\n`);
  writeFileSync(join(dir, 'electron'), `#!/bin/sh\n# ${STAND_IN_NOTE}\necho '${STAND_IN_NOTE.replace(/'/g, '')}' >&2\nexit 1\n`);
  chmodSync(join(dir, 'electron'), 0o755);
  return { dir, version };
}

// Refuse before spending a minute on the build.
const real = realRuntime();
if (!real && !unpackedOnly) {
  fail(
    'the Electron runtime is not installed (node_modules/electron/dist is missing), so no installer can be built ' +
      'here: it would install an app that cannot start. Where downloads work, run `node node_modules/electron/install.js` ' +
      "and package again; to check the app's contents here, run `npm run package -- --dir`.",
  );
}
if (!real && process.platform !== 'linux') {
  fail(
    'the Electron runtime is not installed (node_modules/electron/dist is missing). Run `node node_modules/electron/install.js` ' +
      'and package again (a stand-in runtime is provided on Linux only).',
  );
}

// Built only when its inputs changed since the last build (scripts/build-app.mjs): an electron-vite build empties
// out/renderer first, and web mode started meanwhile (the suite runs this beside other tests) would find no index.html.
run('The app build (electron-vite)', 'scripts/build-app.mjs', []);
run('The Node bundles build', 'scripts/build-node.mjs', []);

const builderArgs = ['--config', 'electron-builder.yml'];
if (!args.some((a) => a === '--publish' || a.startsWith('--publish=') || a === '-p')) builderArgs.push('--publish', 'never');

if (process.env.PUNCH_UPDATE_URL) {
  builderArgs.push('-c.publish.provider=generic', `-c.publish.url=${process.env.PUNCH_UPDATE_URL}`);
} else if (process.env.PUNCH_UPDATE_GITHUB) {
  const [owner, repo, extra] = process.env.PUNCH_UPDATE_GITHUB.split('/');
  if (!owner || !repo || extra !== undefined) fail(`PUNCH_UPDATE_GITHUB must be owner/repo (it is "${process.env.PUNCH_UPDATE_GITHUB}").`);
  builderArgs.push('-c.publish.provider=github', `-c.publish.owner=${owner}`, `-c.publish.repo=${repo}`, '-c.publish.releaseType=draft');
}

if (real && unpackedOnly) {
  builderArgs.push(`-c.electronDist=${real}`);
} else if (!real) {
  const standIn = prepareStandIn();
  builderArgs.push(`-c.electronDist=${standIn.dir}`, `-c.electronVersion=${standIn.version}`, '-c.npmRebuild=false');
  process.stdout.write(
    `package: the Electron runtime is not installed, so the unpacked app is built on a stand-in runtime ` +
      `(${relative(ROOT, standIn.dir)}: its executable only says it is a stand-in); app.asar is the real app.\n`,
  );
}

run('electron-builder', 'node_modules/electron-builder/cli.js', [...builderArgs, ...args]);
