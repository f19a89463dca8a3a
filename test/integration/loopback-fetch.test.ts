/**
 * The built-in sandbox's fetch over node:http (src/core/service/http/loopback-fetch.ts), against real servers on
 * 127.0.0.1: what the client reads of an answer, and each failure classified as global fetch's would be
 * (src/core/service/http/network-failure.ts), so the demo says the same words as a real service would.
 * @inner src/core/service/http/network-failure.ts
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loopbackFetch } from '../../src/core/service';
import { networkErrorFrom } from '../../src/core/service/http/network-failure';

const servers: http.Server[] = [];
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
