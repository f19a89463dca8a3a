/**
 * `GET /events`: the core's push events as Server-Sent Events, one `data: {"event","payload"}` message each.
 * A comment line every `keepAliveMs` keeps proxies and idle-connection timers from closing the stream, and lets
 * us notice a vanished tab (the write fails and the subscription is dropped).
 */
import type { ServerResponse } from 'node:http';
import { EVENT_NAMES, type EventName, type Events } from '../shared/contract';

export type Subscribe = <E extends EventName>(event: E, listener: (payload: Events[E]) => void) => () => void;

/** What a stream says first: events as they stand when it opens (e.g. the status), for pushes made before it. */
export type Snapshot = () => Promise<Array<{ [E in EventName]: { event: E; payload: Events[E] } }[EventName]>>;

/**
 * `snapshot`: read once the stream listens, and written unless a push of the same event came first (that push is
 * newer). A page opens its stream while its first calls are under way: a push made between a call's answer and the
 * stream's opening (the first check of the service, going online) reached no one, and the pill said "not checked"
 * until the next change.
 */
export function openEventStream(res: ServerResponse, subscribe: Subscribe, keepAliveMs: number, snapshot?: Snapshot): () => void {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  // `retry`: how long the browser waits before reconnecting after the server went away (e.g. a restart).
  res.write('retry: 2000\n\n');

  const pushed = new Set<EventName>();
  const write = (event: EventName, payload: unknown) => {
    if (!res.writableEnded) res.write(`data: ${JSON.stringify({ event, payload })}\n\n`);
  };
  const unsubscribes = EVENT_NAMES.map((event) =>
    subscribe(event, (payload) => {
      pushed.add(event);
      write(event, payload);
    }),
  );
  void snapshot?.().then(
    (items) => {
      for (const { event, payload } of items) if (!pushed.has(event)) write(event, payload);
    },
    () => undefined,
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
