/**
 * 14. A backlog does not make every log slow: a typed log, whole (the logTime handler and the push it
 * makes), with 0 and with 10,000 entries waiting (the service out of reach all along), in the core and in web mode,
 * and what opening the core costs with them. Goal: with 10,000 waiting a log answers within 1.2x of an empty outbox.
 *
 * Both data directories are served at once and the logs alternate between them (0, 10,000, 0, 10,000 ...), so a
 * machine whose load drifts during the run weighs on both alike. The figure is the median of the rounds' ratios (each
 * round: one log of each, its order alternating), with the range its 95 % confidence takes (by the ranks of the
 * ratios: no assumption of their shape), so a reader can tell 1.2x from 1.3x or see that this run cannot.
 * - core: `handlers.logTime` of `createPunchcard` (offline: the sandbox refuses connections), timed to its answer;
 *   every event the core pushes meanwhile is serialised as web mode's event stream does (JSON), and counted.
 * - web mode: the same core behind web mode's server (src/web/server.ts) on 127.0.0.1, a log POSTed to
 *   `/rpc/logTime`, timed to the later of its answer and the `outboxChange` event on `/events` (what the page waits
 *   for to show it), with the bytes that came down the stream for it.
 * - opening: `createPunchcard` on the directory to its first status, whole outbox list and week, new each time.
 */
import { request, type IncomingMessage } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { systemClock } from '../src/core/context';
import { createLedger } from '../src/core/journal';
import type { AccountSession } from '../src/core/account';
import { startSandbox, type Sandbox } from '../src/sandbox/index';
import { startWebServer, type WebServer } from '../src/web/server';
import type { Job } from '../src/shared/domain';
import { coreOver, sandboxSession, type CoreUnderTest } from '../test/fixtures/logging-harness';
import { describe, goal, median, method, report, summarize, tempDir } from './measure';
import { addBacklog } from './backlog-journal';
import { localDate } from '../src/shared/time/week';

const BACKLOG = 10_000;
const LOGS = 120;
const WEB_LOGS = 60;
const WARM_UP = 5;
const OPENS = 9;
const GOAL_RATIO = 1.2;

interface Side {
  n: number;
  dir: string;
  core: CoreUnderTest;
  /** Bytes of events the core pushed since the last look, serialised as the event stream does. */
  pushed: { bytes: number };
  web: WebServer;
}

/** A data directory whose outbox holds `n` entries waiting, made over the last 60 days (one change, as appended). */
function backlogDir(n: number, job: Job, account: AccountSession): string {
  const { dir } = tempDir('punch-bench-backlog-');
  if (n === 0) return dir;
  const ledger = createLedger(dir, systemClock);
  ledger.change((j) => addBacklog(j, n, job, `sandbox|${account.user()}`));
  ledger.close();
  return dir;
}

async function openSide(n: number, dir: string, session: AccountSession): Promise<Side> {
  const core = await coreOver({ dataDir: dir, clock: systemClock, session, start: true });
  const pushed = { bytes: 0 };
  for (const event of ['timer', 'outbox', 'outboxChange', 'status', 'ledger', 'week', 'notice'] as const)
    core.core.on(event, (payload) => {
      pushed.bytes += `data: ${JSON.stringify({ event, payload })}\n\n`.length;
    });
  const rendererDir = join(dir, 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>bench</title>');
  const web = await startWebServer({ core: core.core, rendererDir });
  return { n, dir, core, pushed, web };
}

const entry = (job: Job, tag: string) => ({
  jobId: job.jobId,
  jobName: job.jobName,
  workDate: localDate(Date.now()),
  hours: '00:01',
  billable: true,
  description: tag,
});

/** The page's side of web mode: one event stream, and the events as they come. */
function listen(web: WebServer): Promise<{ next(event: string): Promise<number>; bytes(): number; close(): void }> {
  return new Promise((resolve, reject) => {
    const req = request(`${web.origin}/events?token=${encodeURIComponent(web.token)}`, { headers: { Host: new URL(web.origin).host } });
    req.on('error', reject);
    req.on('response', (res: IncomingMessage) => {
      let bytes = 0;
      let buffered = '';
      const waiting: Array<{ event: string; done: (at: number) => void }> = [];
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        bytes += Buffer.byteLength(chunk);
        buffered += chunk;
        let cut: number;
        while ((cut = buffered.indexOf('\n\n')) >= 0) {
          const message = buffered.slice(0, cut);
          buffered = buffered.slice(cut + 2);
          if (!message.startsWith('data: ')) continue;
          const event = (JSON.parse(message.slice(6)) as { event: string }).event;
          const i = waiting.findIndex((w) => w.event === event);
          if (i >= 0) waiting.splice(i, 1)[0].done(performance.now());
        }
      });
      resolve({
        next: (event) => new Promise((done) => waiting.push({ event, done })),
        bytes: () => bytes,
        close: () => req.destroy(),
      });
    });
    req.end();
  });
}

async function rpc(web: WebServer, name: string, input: unknown): Promise<unknown> {
  const body = JSON.stringify(input);
  return new Promise((resolve, reject) => {
    const req = request(
      `${web.origin}/rpc/${name}`,
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${web.token}`, 'Content-Type': 'application/json', Host: new URL(web.origin).host },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve(JSON.parse(text)));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function ratioLine(label: string, empty: number[], full: number[]): void {
  const [a, b] = [median(empty), median(full)];
  report(`${label}, 0 waiting`, describe(summarize(empty)));
  report(`${label}, ${BACKLOG.toLocaleString('en-US')} waiting`, describe(summarize(full)));
  report(`  ${BACKLOG.toLocaleString('en-US')} / 0 (medians)`, `${(b / a).toFixed(2)}x`);
  // each round's two logs ran back to back: their ratio leaves out what the load did between rounds
  const ratios = full.map((v, i) => v / empty[i]).sort((x, y) => x - y);
  const n = ratios.length;
  const half = (1.96 * Math.sqrt(n)) / 2;
  const lo = ratios[Math.max(0, Math.floor(n / 2 - half))];
  const hi = ratios[Math.min(n - 1, Math.ceil(n / 2 + half))];
  report(
    `  ${BACKLOG.toLocaleString('en-US')} / 0 (median of ${n} rounds' ratios; 95 % of the median: ${lo.toFixed(2)}-${hi.toFixed(2)}x)`,
    goal(median(ratios), { goal: GOAL_RATIO, atMost: true, format: (v) => `${v.toFixed(2)}x` }),
  );
}

async function coreLogs(sides: Side[], job: Job): Promise<void> {
  const times = new Map<number, number[]>(sides.map((s) => [s.n, []]));
  const bytes = new Map<number, number[]>(sides.map((s) => [s.n, []]));
  for (let i = 0; i < WARM_UP + LOGS; i++)
    for (const side of i % 2 ? [...sides].reverse() : sides) {
      side.pushed.bytes = 0;
      const t0 = performance.now();
      const r = await side.core.handlers.logTime(entry(job, `core ${i}`));
      const took = performance.now() - t0;
      if (r.state !== 'queued') throw new Error(`a log answered ${r.state}, not queued: the service was meant to be out of reach`);
      if (i < WARM_UP) continue;
      times.get(side.n)!.push(took);
      bytes.get(side.n)!.push(side.pushed.bytes);
    }
  ratioLine('core: logTime, handler and push', times.get(0)!, times.get(BACKLOG)!);
  for (const side of sides)
    report(`  events pushed per log, ${side.n.toLocaleString('en-US')} waiting`, `${median(bytes.get(side.n)!)} bytes`);
}

async function webLogs(sides: Side[], job: Job): Promise<void> {
  const streams = await Promise.all(sides.map((s) => listen(s.web)));
  const times = new Map<number, number[]>(sides.map((s) => [s.n, []]));
  const bytes = new Map<number, number[]>(sides.map((s) => [s.n, []]));
  try {
    for (let i = 0; i < WARM_UP + WEB_LOGS; i++)
      for (const [k, side] of i % 2 ? [...sides.entries()].reverse() : sides.entries()) {
        const stream = streams[k];
        const before = stream.bytes();
        const t0 = performance.now();
        const pushedAt = stream.next('outboxChange');
        const answer = (await rpc(side.web, 'logTime', entry(job, `web ${i}`))) as { ok: boolean };
        const answeredAt = performance.now();
        if (!answer.ok) throw new Error(`web mode refused a log: ${JSON.stringify(answer)}`);
        const took = Math.max(answeredAt, await pushedAt) - t0;
        if (i < WARM_UP) continue;
        times.get(side.n)!.push(took);
        bytes.get(side.n)!.push(stream.bytes() - before);
      }
  } finally {
    for (const s of streams) s.close();
  }
  ratioLine('web mode: POST /rpc/logTime to answer and push', times.get(0)!, times.get(BACKLOG)!);
  for (const side of sides)
    report(
      `  event stream per log, ${side.n.toLocaleString('en-US')} waiting`,
      `${median(bytes.get(side.n)!).toLocaleString('en-US')} bytes`,
    );
}

/** The first screen of the Outbox: the window a page asks for when it opens (getOutboxList's `window`). */
const FIRST_WINDOW = { from: 0, count: 50 };

/**
 * Opening the core: to its first status, outbox list and week. Twice: with the whole list (what the page asked for
 * until the list had windows, and what `punch --json` and other callers still may), and with the first window of it.
 * The goal counts the journal's own open (read, checked, replayed: `createLedger(dir).read()`, timed in the same
 * round) on top of 1.2x an empty outbox: a start cannot avoid reading the file it starts from.
 */
async function opening(dirs: Map<number, string>, session: AccountSession): Promise<void> {
  const kinds = ['whole list', 'first window'] as const;
  const times = new Map(kinds.map((k) => [k, new Map<number, number[]>([...dirs.keys()].map((n) => [n, []]))]));
  const journal: number[] = [];
  for (let i = 0; i < OPENS; i++)
    for (const kind of kinds)
      for (const [n, dir] of dirs) {
        const t0 = performance.now();
        const core = await coreOver({ dataDir: dir, clock: systemClock, session, start: true });
        await Promise.all([
          core.handlers.getStatus({}),
          core.handlers.getOutboxList(kind === 'whole list' ? {} : { window: FIRST_WINDOW }),
          core.handlers.getWeek({ date: localDate(Date.now()) }),
        ]);
        times
          .get(kind)!
          .get(n)!
          .push(performance.now() - t0);
        await core.close();
        if (n > 0 && kind === 'first window') {
          const t1 = performance.now();
          const ledger = createLedger(dir, systemClock);
          ledger.read();
          journal.push(performance.now() - t1);
          ledger.close();
        }
      }
  ratioLine(
    'opening the core: status, whole outbox list and week',
    times.get('whole list')!.get(0)!,
    times.get('whole list')!.get(BACKLOG)!,
  );
  const empty = times.get('first window')!.get(0)!;
  const full = times.get('first window')!.get(BACKLOG)!;
  ratioLine(`opening the core: status, the list's first ${FIRST_WINDOW.count} and week`, empty, full);
  report(`  the journal's own open, ${BACKLOG.toLocaleString('en-US')} waiting`, describe(summarize(journal)));
  const allowed = GOAL_RATIO * median(empty) + median(journal);
  report(
    `  goal: within ${GOAL_RATIO}x an empty outbox plus the journal's open (${allowed.toFixed(1)} ms)`,
    `${median(full).toFixed(1)} ms: ${median(full) <= allowed ? 'within' : 'over'}`,
  );
  // the same, round by round (an opening of each and the journal's open, back to back): what the load did between
  // rounds left out
  const over = full.map((v, i) => v - GOAL_RATIO * empty[i] - journal[i]).sort((x, y) => x - y);
  report(
    `  over the goal, round by round (median; least, greatest)`,
    `${median(over).toFixed(1)} ms (${over[0].toFixed(1)}, ${over[over.length - 1].toFixed(1)})`,
  );
}

export async function runBacklog(): Promise<void> {
  method(
    `two data directories, one with no entry and one with ${BACKLOG.toLocaleString('en-US')} waiting (spread over 60 days), ` +
      `each with its core (createPunchcard, autoSync on) and web mode's server in this process, the sandbox offline ` +
      `(connections refused); ${WARM_UP} warm-up logs each, then ${LOGS} logs of 00:01 in the core and ${WEB_LOGS} over ` +
      `HTTP, in rounds of one log each (which goes first alternating); ${OPENS} openings of each.`,
  );
  const sandbox: Sandbox = await startSandbox({ seed: 3 });
  const { session, client } = sandboxSession(sandbox.url, sandbox.demoToken, sandbox.demoUser);
  const sides: Side[] = [];
  try {
    const [job] = await client.allJobs({ assignedTo: sandbox.demoUser, jobStatus: 'in-progress' });
    const dirs = new Map([0, BACKLOG].map((n) => [n, backlogDir(n, job, session)]));
    // the company's rules (job list, settings) read once while the service answers, kept on disk: then it goes away
    for (const dir of dirs.values()) {
      const prime = await coreOver({ dataDir: dir, clock: systemClock, session, start: false });
      await prime.handlers.listJobs({ status: 'all' });
      await prime.handlers.getCompanySettings({});
      await prime.close();
    }
    await sandbox.setOffline(true);
    await opening(dirs, session);
    for (const [n, dir] of dirs) sides.push(await openSide(n, dir, session));
    await coreLogs(sides, job);
    await webLogs(sides, job);
  } finally {
    for (const s of sides) {
      await s.web.close();
      await s.core.close();
    }
    await sandbox.close();
  }
}
