/**
 * The fetch of the built-in sandbox and of `punch`, over node:http and node:https (src/core/service/http/node-fetch.ts),
 * against real servers on 127.0.0.1: what the client reads of an answer, and each failure classified as global fetch's
 * would be (src/core/service/http/network-failure.ts), so punch and the demo say the same words as the app would.
 * @inner src/core/service/http/network-failure.ts
 * @inner src/core/service/http/node-fetch.ts
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loopbackFetch, nodeFetch } from '../../src/core/service';
import { createNodeFetch } from '../../src/core/service/http/node-fetch';
import { networkErrorFrom } from '../../src/core/service/http/network-failure';
import { tempDir } from '../fixtures/temp-dirs';

const ROOT = resolve(__dirname, '../..');
const servers: Array<http.Server | https.Server> = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const failureOf = async (p: Promise<unknown>, phase: 'send' | 'body' = 'send') => {
  try {
    await p;
  } catch (e) {
    return networkErrorFrom(e, 'timetracker/addtimelog', 1_000, { phase });
  }
  throw new Error('expected a failure');
};

describe('loopbackFetch', () => {
  it('sends the method, headers and form body, and gives the status, headers and text of the answer', async () => {
    let seen: { method?: string; auth?: string; type?: string; body: string } = { body: '' };
    const url = await serve((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        seen = { method: req.method, auth: req.headers.authorization, type: req.headers['content-type'], body };
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '7' });
        res.end('{"result":"é"}');
      });
    });
    const answer = await loopbackFetch(`${url}/api/x?a=1`, {
      method: 'POST',
      headers: { Authorization: 'Zoho-oauthtoken t', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'hours=01%3A30',
    });
    expect(seen).toEqual({ method: 'POST', auth: 'Zoho-oauthtoken t', type: 'application/x-www-form-urlencoded', body: 'hours=01%3A30' });
    expect(answer.status).toBe(429);
    expect(answer.headers.get('Retry-After')).toBe('7');
    expect(answer.headers.get('x-missing')).toBeNull();
    expect(await answer.text()).toBe('{"result":"é"}');
  });

  it('a service that is not listening: refused, nothing sent', async () => {
    const url = await serve(() => undefined);
    const s = servers.pop()!;
    await new Promise((r) => s.close(r));
    const e = await failureOf(loopbackFetch(`${url}/api/x`));
    expect([e.kind, e.applied]).toEqual(['refused', 'no']);
  });

  it('no answer before the signal fires: a timeout that may have been applied', async () => {
    const url = await serve(() => undefined); // never answers
    const e = await failureOf(loopbackFetch(`${url}/api/x`, { method: 'POST', body: 'a=1', signal: AbortSignal.timeout(200) }));
    expect([e.kind, e.applied]).toEqual(['timeout', 'unknown']);
  });

  it('a connection cut before the answer: reset; an answer cut in the middle: cut off', async () => {
    const reset = await serve((req) => {
      req.socket.destroy();
    });
    const e1 = await failureOf(loopbackFetch(`${reset}/api/x`, { method: 'POST', body: 'a=1' }));
    expect([e1.kind, e1.applied]).toEqual(['reset', 'unknown']);

    const cut = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"result":');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const answer = await loopbackFetch(`${cut}/api/x`);
    const e2 = await failureOf(answer.text(), 'body');
    expect([e2.kind, e2.applied]).toEqual(['cut-off', 'unknown']);
  });
});

describe('nodeFetch over HTTPS', () => {
  /** A server with a certificate of its own making: what an intercepting proxy or a captive portal shows. */
  async function selfSigned(handler: http.RequestListener): Promise<{ url: string; cert: string }> {
    const dir = tempDir('punch-tls-');
    const cert = join(dir, 'cert.pem');
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', cert,
    ], { stdio: 'ignore' }); // prettier-ignore
    const server = https.createServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(cert) }, handler);
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return { url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, cert };
  }

  it('a service whose certificate is trusted: the request is sent and its answer read, as over HTTP', async () => {
    let seen = '';
    const { url, cert } = await selfSigned((req, res) => {
      req.on('data', (c) => {
        seen += c;
      });
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"result":"ok"}');
      });
    });
    // trusted the way a company's own CA is (NODE_EXTRA_CA_CERTS), which Node reads at start: another process
    const script = `import { nodeFetch } from './src/core/service/index.ts';
      const a = await nodeFetch(process.argv[1], { method: 'POST', body: 'hours=01%3A30' });
      console.log(JSON.stringify({ status: a.status, ok: a.ok, type: a.headers.get('Content-Type'), text: await a.text() }));`;
    const out = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script, `${url}/api/x`],
        { cwd: ROOT, env: { ...process.env, NODE_EXTRA_CA_CERTS: cert } },
        (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout)),
      ),
    );
    expect(JSON.parse(out)).toEqual({ status: 200, ok: true, type: 'application/json', text: '{"result":"ok"}' });
    expect(seen).toBe('hours=01%3A30');
  });

  it('a certificate that is not trusted: not the service, nothing sent (the request never reached the handler)', async () => {
    let reached = false;
    const { url } = await selfSigned((_req, res) => {
      reached = true;
      res.end('{}');
    });
    const e = await failureOf(nodeFetch(`${url}/api/x`, { method: 'POST', body: 'a=1' }));
    expect([e.kind, e.applied]).toEqual(['not-the-service', 'no']);
    expect(reached).toBe(false);
  });

  it('any other scheme is refused before anything is sent', async () => {
    await expect(nodeFetch('ftp://127.0.0.1/x')).rejects.toThrow(/fetch failed/);
  });
});

describe("nodeFetch's connect timeout", () => {
  const WITHIN_MS = 400;
  const fetchWithin = createNodeFetch({ connectTimeoutMs: WITHIN_MS });
  const leftOpen: Array<net.Socket | net.Server | ChildProcess> = [];
  afterEach(async () => {
    // sockets and the child first: a server closes only once its connections are gone
    const all = leftOpen.splice(0);
    for (const x of all) {
      if (x instanceof net.Socket) x.destroy();
      else if (!(x instanceof net.Server)) x.kill('SIGKILL');
    }
    for (const x of all) if (x instanceof net.Server) await new Promise((r) => x.close(r));
  });

  /** What a user reads of it: the failure of a write, in words, as the client makes it. */
  const userWords = (e: unknown) => networkErrorFrom(e, 'timetracker/addtimelog', 30_000, { write: true });

  it('gives up on an address whose SYN is never answered (a listening socket with a full backlog) after the limit: names the host, says what to do, nothing sent', async () => {
    // a listener that never accepts: its event loop blocked at once (pipes are written synchronously on Linux)
    const child = spawn(process.execPath, [
      '-e',
      `const s = require('net').createServer();
       s.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
         process.stdout.write(String(s.address().port) + '\\n');
         Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
       });`,
    ]);
    leftOpen.push(child);
    const port = await new Promise<number>((resolve) => child.stdout!.once('data', (d: Buffer) => resolve(Number(String(d).trim()))));
    // fill the queue the kernel keeps for it: once full, a SYN is dropped and the connection is never made
    for (let made = true; made;) {
      const filler = net.connect(port, '127.0.0.1');
      leftOpen.push(filler);
      made = await new Promise<boolean>((r) => {
        filler.once('connect', () => r(true));
        filler.once('error', () => r(true));
        // kept: a SYN the kernel dropped has no event; a connection neither made nor refused within 300 ms is one
        setTimeout(() => r(false), 300);
      });
    }
    const host = `127.0.0.1:${port}`;
    const started = performance.now();
    const e = await fetchWithin(`http://${host}/api/x`, { method: 'POST', body: 'a=1' }).then(
      () => undefined,
      (x: unknown) => x,
    );
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(WITHIN_MS - 20);
    expect(took).toBeLessThan(WITHIN_MS + 3_000);
    expect((e as { cause?: { code?: string; message?: string } }).cause).toMatchObject({ code: 'ETIMEDOUT' });
    expect((e as { cause: { message: string } }).cause.message).toContain(host);
    const said = userWords(e);
    expect([said.kind, said.applied]).toEqual(['timeout', 'no']);
    expect(said.message).toBe(
      `The service at ${host} could not be reached in time while sending a new log (the connection was never made). Nothing was sent. Check the network connection and the service address, then try again.`,
    );
  });

  it('gives up on an HTTPS address that accepts the connection and never answers the handshake after the limit, with nothing sent', async () => {
    let received = 0;
    const silent = net.createServer((socket) => {
      leftOpen.push(socket);
      socket.on('data', (d) => {
        received += d.length; // the TLS hello only: no byte of the request can come before the handshake
      });
    });
    leftOpen.push(silent);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const host = `127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const started = performance.now();
    const e = await fetchWithin(`https://${host}/api/x`, { method: 'POST', body: 'hours=01%3A30' }).then(
      () => undefined,
      (x: unknown) => x,
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(WITHIN_MS - 20);
    expect(received).toBeGreaterThan(0); // the connection was accepted and the client spoke first
    const said = userWords(e);
    expect([said.kind, said.applied]).toEqual(['timeout', 'no']);
    expect(said.message).toContain(`The service at ${host} could not be reached in time`);
    expect(said.message).toContain('Check the network connection and the service address');
  });

  it('does not cut a plain HTTP request that was accepted and sent but never answered: that wait is the caller deadline, and it may have been applied', async () => {
    const silent = net.createServer((socket) => {
      leftOpen.push(socket);
    });
    leftOpen.push(silent);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const deadline = AbortSignal.timeout(WITHIN_MS * 3);
    const started = performance.now();
    const e = await fetchWithin(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/api/x`, {
      method: 'POST',
      body: 'a=1',
      signal: deadline,
    }).then(
      () => undefined,
      (x: unknown) => x,
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(WITHIN_MS * 3 - 20);
    const said = userWords(e);
    expect([said.kind, said.applied]).toEqual(['timeout', 'unknown']);
  });
});
