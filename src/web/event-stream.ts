/**
 * `GET /events`: the core's push events as Server-Sent Events, one `data: {"event","payload"}` message each.
 * A comment line every `keepAliveMs` keeps proxies and idle-connection timers from closing the stream, and lets
 * us notice a vanished tab (the write fails and the subscription is dropped).
 */
import type { ServerResponse } from 'node:http';
import { EVENT_NAMES, type EventName, type Events } from '../shared/contract';

export type Subscribe = <E extends EventName>(event: E, listener: (payload: Events[E]) => void) => () => void;

export function openEventStream(res: ServerResponse, subscribe: Subscribe, keepAliveMs: number): () => void {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  // `retry`: how long the browser waits before reconnecting after the server went away (e.g. a restart).
  res.write('retry: 2000\n\n');

  const unsubscribes = EVENT_NAMES.map((event) =>
    subscribe(event, (payload) => {
      res.write(`data: ${JSON.stringify({ event, payload })}\n\n`);
    }),
  );
  const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), keepAliveMs);
  keepAlive.unref();

  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(keepAlive);
    for (const unsubscribe of unsubscribes) unsubscribe();
    if (!res.writableEnded) res.end();
  };
  res.on('close', close);
  res.on('error', close);
  return close;
}
