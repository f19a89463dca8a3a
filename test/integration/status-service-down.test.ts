/**
 * The status says why the service cannot be used, measured (issue 24, "Words and small things"): when the service
 * stops while a long-running app (web mode, Electron) holds a kept-alive connection to it, the first request on that
 * connection is reset, which looks like a network gone; its next connections are refused, which says the network is
 * fine and the service is down. The web header said "Offline: no network" while `punch status`, a new process on a
 * new connection, said "the service is not answering; the network is fine". Now a lost connection is measured on a new
 * one before the status names a cause, and every front end uses the same words (src/shared/status/sync-words.ts).
 *
 * The service here is a small proxy in front of the sandbox that "goes down" the way a stopped server does: it stops
 * listening (new connections refused) and resets the requests that still arrive on connections kept alive before.
 */
import { createServer, request, type Server } from 'node:http';
import { afterEach, expect, it } from 'vitest';
import { memorySecrets } from '../../src/core/account';
import { createPunchcard, type Punchcard } from '../../src/core';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import type { NetworkCause } from '../../src/shared/domain';
import { syncLine } from '../../src/shared/status/sync-words';
import { removeDir, tempDir } from '../fixtures/temp-dirs';
import { runningClock, TEST_TODAY } from '../fixtures/test-clock';
import { englishWording } from '../../src/shared/i18n/english';

let sb: Sandbox | undefined;
let server: Server | undefined;
let core: Punchcard | undefined;
let dir: string | undefined;
afterEach(async () => {
  await core?.close();
  server?.closeAllConnections();
  await new Promise((r) => (server ? server.close(() => r(undefined)) : r(undefined)));
  await sb?.close();
  if (dir) removeDir(dir);
  core = server = sb = dir = undefined;
});

/** A proxy to the sandbox; `down()`: no new connection is accepted, and what arrives on kept ones is reset. */
async function serviceThatGoesDown(upstream: Sandbox): Promise<{ url: string; down(): void }> {
  const up = new URL(upstream.url);
  let isDown = false;
  server = createServer((req, res) => {
    if (isDown) {
      req.socket.resetAndDestroy();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const out = request(
        { host: up.hostname, port: up.port, path: req.url, method: req.method, headers: { ...req.headers, host: up.host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      out.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    down() {
      isDown = true;
      server!.close(); // stops listening; the connections kept alive stay open until a request arrives on them
    },
  };
}

it('says the service is not answering and the network is fine when it stops under a kept-alive connection, never "no network"', async () => {
  sb = await startSandbox({ today: TEST_TODAY });
  const service = await serviceThatGoesDown(sb);
  dir = tempDir('punch-service-down-');
  core = await createPunchcard({
    dataDir: dir,
    secrets: memorySecrets(),
    clock: runningClock(),
    env: { baseUrl: service.url, token: sb.demoToken, user: sb.demoUser },
  });
  const job = (await core.handlers.listJobs({})).find((j) => j.jobStatus === 'in-progress')!;
  // the week and the settings are fresh: the log below goes straight to its write, on the kept-alive connection
  await core.handlers.getWeek({ date: TEST_TODAY });
  await core.handlers.getCompanySettings({});
  expect(core.status().network?.cause).toBe('online');

  const causes: NetworkCause[] = [];
  const off = core.on('status', (s) => causes.push(s.network!.cause));
  service.down();
  const r = await core.handlers.logTime({ jobId: job.jobId, workDate: TEST_TODAY, hours: '00:30', description: 'while it stops' });
  expect(r.state).toBe('queued');
  await expect.poll(() => core!.status().network?.cause, { timeout: 10_000 }).toBe('service-down');
  off();
  // never said "no network" on the way: the lost connection was measured on a new one first
  expect(causes).not.toContain('offline-no-network');
  const words = syncLine(core.status(), englishWording());
  expect(words.short).toBe('Offline · 1 waiting');
  expect(words.sentence).toContain('Offline: the service is not answering; the network is fine.');
  expect(words.sentence).not.toContain('no network');
}, 60_000);
