/**
 * Updates against a local update feed served over real HTTP: electron-updater's own check and download (its generic
 * provider reading latest-linux.yml, its sha512 verification of the download), driven through Punchcard's wrapper
 * (src/main/electron/updater.ts) and schedule (src/main/update/controller.ts), as the app drives them.
 *
 * What stands in for Electron, and only that: electron-updater's updaters take an app adapter (version, paths,
 * quit) instead of Electron's `app` (the form its own tests use), given here with temp folders; and its HTTP executor
 * (ElectronHttpExecutor: the download, and through builder-util-runtime's HttpExecutor the sha512 check) sends its
 * requests with Node's `http.request` instead of Electron's `net.request`, the one call that needs Electron. The deb
 * updater is used because
 * it is the one whose download needs nothing of the machine (the AppImage one wants to be inside an AppImage);
 * installing (dpkg, the NSIS installer, Squirrel) is not exercised here: docs/release.md says what is.
 */
import { createHash } from 'node:crypto';
import { createServer, request, type IncomingMessage, type RequestOptions, type Server } from 'node:http';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DebUpdater, type AppUpdater } from 'electron-updater';
import type { AppAdapter } from 'electron-updater/out/AppAdapter';
import { ElectronHttpExecutor } from 'electron-updater/out/electronHttpExecutor';
import { electronUpdater } from '../../src/main/electron/updater';
import { CHECK_EVERY_MS, createUpdateController, FIRST_CHECK_AFTER_MS, LOOK_EVERY_MS } from '../../src/main/update/controller';
import { updateMenuLabel, updateWords, type UpdateState } from '../../src/main/update/policy';
import { forbiddenIn } from '../fixtures/forbidden-words';
import { tempDir } from '../fixtures/temp-dirs';

const NEWER = '9.9.9';
const INSTALLER = `Punchcard-${NEWER}.deb`;
const BYTES = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 31 + 7) % 256));
const SHA512 = createHash('sha512').update(BYTES).digest('base64');

/** What the feed serves: the version it announces, and whether the installer's bytes arrive changed. */
const feed = { version: NEWER, damaged: false, requests: [] as string[] };

function latestYml(): string {
  return [
    `version: ${feed.version}`,
    'files:',
    `  - url: ${INSTALLER}`,
    `    sha512: ${SHA512}`,
    `    size: ${BYTES.length}`,
    `path: ${INSTALLER}`,
    `sha512: ${SHA512}`,
    "releaseDate: '2026-11-17T09:00:00.000Z'",
    '',
  ].join('\n');
}

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://feed').pathname;
    feed.requests.push(path);
    if (path === '/latest-linux.yml') {
      res.writeHead(200, { 'content-type': 'text/yaml' }).end(latestYml());
      return;
    }
    if (path === `/${INSTALLER}`) {
      const body = Buffer.from(BYTES);
      if (feed.damaged) body[body.length >> 1] ^= 0xff; // one byte changed on the way
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(body.length) }).end(body);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** Electron's HTTP executor, its requests sent by Node (Node's http reports a redirect as a response, handled by the base). */
function nodeNetExecutor(): ElectronHttpExecutor {
  return Object.assign(new ElectronHttpExecutor(), {
    createRequest: (options: RequestOptions, callback: (response: IncomingMessage) => void) => request(options, callback),
    addRedirectHandlers: () => undefined,
  });
}

/** A copy of Punchcard 1.0.0 as installed: its app-update.yml names the local feed, as electron-builder writes it. */
function installedCopy(version = '1.0.0') {
  const dir = tempDir('punch-update-');
  const configPath = join(dir, 'resources', 'app-update.yml');
  mkdirSync(join(dir, 'resources'), { recursive: true });
  writeFileSync(configPath, `provider: generic\nurl: ${baseUrl}\nupdaterCacheDirName: punchcard-updater\n`);
  const quits: number[] = [];
  const app: AppAdapter = {
    version,
    name: 'Punchcard',
    isPackaged: true,
    appUpdateConfigPath: configPath,
    userDataPath: join(dir, 'userData'),
    baseCachePath: join(dir, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => {
      quits.push(Date.now());
    },
    onQuit: () => undefined,
  };
  const appUpdater = new DebUpdater(null, app);
  (appUpdater as unknown as { httpExecutor: ElectronHttpExecutor }).httpExecutor = nodeNetExecutor();
  const states: UpdateState[] = [];
  const controller = createUpdateController({
    decide: () => ({ on: true }),
    createUpdater: () => electronUpdater(async () => appUpdater as AppUpdater),
    onChange: (s) => states.push(s),
  });
  const pending = join(dir, 'cache', 'punchcard-updater', 'pending');
  return { dir, controller, states, pending, version, appUpdater: appUpdater as AppUpdater };
}

describe('updates from a local feed', () => {
  it('finds the newer version, downloads it in the background, and the tray offers to restart into it', async () => {
    feed.version = NEWER;
    feed.damaged = false;
    feed.requests.length = 0;
    const copy = installedCopy();
    const state = await copy.controller.checkNow();

    expect(state).toEqual({ kind: 'ready', version: NEWER });
    expect(copy.states.map((s) => s.kind)).toEqual(['checking', 'downloading', 'ready']);
    expect(feed.requests).toEqual(['/latest-linux.yml', `/${INSTALLER}`]);
    // the installer waiting for the quit is the feed's, byte for byte
    const saved = join(copy.pending, INSTALLER);
    expect(readFileSync(saved).equals(BYTES)).toBe(true);
    expect(updateMenuLabel(state)).toBe(`Restart to update to ${NEWER}`);
    const words = updateWords(state, copy.version);
    expect(words).toContain(`Punchcard ${NEWER} is ready`);
    expect(forbiddenIn(words)).toEqual([]);
  });

  it('refuses a damaged download by its checksum: nothing is kept to install, and the user is told in words', async () => {
    feed.version = NEWER;
    feed.damaged = true;
    feed.requests.length = 0;
    const copy = installedCopy();
    const state = await copy.controller.checkNow();

    expect(state).toMatchObject({ kind: 'failed', reason: 'damaged', version: NEWER });
    expect(copy.states.map((s) => s.kind)).toEqual(['checking', 'downloading', 'failed']);
    expect(feed.requests).toContain(`/${INSTALLER}`); // it was downloaded, then refused
    const left = existsSync(copy.pending) ? readdirSync(copy.pending) : [];
    expect(left.filter((f) => f.endsWith('.deb'))).toEqual([]);
    expect(updateMenuLabel(state)).toBeUndefined();
    const words = updateWords(state, copy.version);
    expect(words).toContain('arrived damaged');
    expect(forbiddenIn(words)).toEqual([]);

    // the same copy, once the feed serves the right bytes: the next check gets the update
    feed.damaged = false;
    expect(await copy.controller.checkNow()).toEqual({ kind: 'ready', version: NEWER });
  });

  it('says the app is up to date when the feed offers this version, and downloads nothing', async () => {
    feed.version = '1.0.0';
    feed.damaged = false;
    feed.requests.length = 0;
    const copy = installedCopy('1.0.0');
    const state = await copy.controller.checkNow();
    expect(state.kind).toBe('current');
    expect(feed.requests).toEqual(['/latest-linux.yml']);
    expect(updateMenuLabel(state)).toBeUndefined();
    expect(updateWords(state, copy.version)).toBe('Punchcard 1.0.0 is up to date.');
  });

  it('never goes back to an older version the feed announces', async () => {
    feed.version = '0.9.0';
    feed.damaged = false;
    feed.requests.length = 0;
    const copy = installedCopy('1.0.0');
    expect((await copy.controller.checkNow()).kind).toBe('current');
    expect(feed.requests).toEqual(['/latest-linux.yml']);
  });

  it('says the server could not be reached when nothing answers, in words', async () => {
    const copy = installedCopy();
    writeFileSync(
      join(copy.dir, 'resources', 'app-update.yml'),
      'provider: generic\nurl: http://127.0.0.1:9/\nupdaterCacheDirName: punchcard-updater\n',
    );
    const state = await copy.controller.checkNow();
    expect(state).toMatchObject({ kind: 'failed', reason: 'unreachable' });
    expect(forbiddenIn(updateWords(state, copy.version))).toEqual([]);
  });
});

describe('when the app looks', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Waits, in real time, until the feed has been asked `n` times in all. */
  const asked = (n: number) =>
    vi.waitFor(
      () => {
        expect(feed.requests.filter((r) => r.endsWith('.yml'))).toHaveLength(n);
      },
      { timeout: 10_000 },
    );

  it('a minute after start, then once a day; never while the setting is off', async () => {
    feed.version = '1.0.0';
    feed.damaged = false;
    feed.requests.length = 0;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    let on = true;
    const copy = installedCopy('1.0.0');
    const controller = createUpdateController({
      decide: () => (on ? { on: true } : { on: false, why: 'setting' }),
      createUpdater: () => electronUpdater(async () => copy.appUpdater),
    });
    controller.reconsider();
    await vi.advanceTimersByTimeAsync(FIRST_CHECK_AFTER_MS - 1_000);
    expect(feed.requests).toEqual([]); // the start is left to the app
    await vi.advanceTimersByTimeAsync(1_000);
    await asked(1);
    await vi.waitFor(() => {
      expect(controller.state().kind).toBe('current');
    });

    // a day later, at the next hourly look (the look is what keeps the day across a laptop's sleep)
    await vi.advanceTimersByTimeAsync(CHECK_EVERY_MS - LOOK_EVERY_MS);
    expect(feed.requests.filter((r) => r.endsWith('.yml'))).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2 * LOOK_EVERY_MS);
    await asked(2);

    on = false;
    controller.reconsider();
    expect(controller.state()).toEqual({ kind: 'off', why: 'setting' });
    await vi.advanceTimersByTimeAsync(3 * CHECK_EVERY_MS);
    expect(feed.requests.filter((r) => r.endsWith('.yml'))).toHaveLength(2);
    controller.stop();
  });
});
