/**
 * 10. The shared demo company: what sharing `sandbox-state.json` between processes costs a request to the demo
 * service. Every change is made under the file's lock on the state read from the file, then written with fsync and a
 * rename (src/sandbox/store.ts); a read stats the file and reads it again only when another process wrote it.
 * Compared with the same demo service in memory (no file), and with two services on one file taking turns (each write
 * then reads the other's first, the case of the app beside `punch`).
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { withFileLock } from '../src/core/store';
import { startSandbox, type Sandbox } from '../src/sandbox/index';
import { describe, kib, method, report, summarize, tempDir } from './measure';

const WRITES = 100;
const READS = 200;

function addLog(sb: Sandbox, jobId: string, i: number): Promise<Response> {
  return fetch(`${sb.url}/api/timetracker/addtimelog`, {
    method: 'POST',
    headers: { authorization: `Zoho-oauthtoken ${sb.demoToken}` },
    // one minute each, over the past days, so no day passes the company maximum
    body: new URLSearchParams({
      user: sb.demoUser,
      workDate: new Date(Date.now() - (1 + (i % 20)) * 86_400_000).toISOString().slice(0, 10),
      jobId,
      hours: '00:01',
    }),
  });
}

async function timed(n: number, fn: (i: number) => Promise<Response>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await fn(i);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`request ${i} answered ${res.status}`);
    times.push(performance.now() - t);
  }
  return times;
}

const read = (sb: Sandbox) =>
  fetch(`${sb.url}/api/timetracker/gettimetrackersettings`, { headers: { authorization: `Zoho-oauthtoken ${sb.demoToken}` } });

export async function runDemoShare(): Promise<void> {
  const dir = tempDir('punch-bench-demo-');
  const file = join(dir.dir, 'sandbox-state.json');
  const stateLock = <T>(fn: () => T): T => withFileLock(file, fn, { what: "The demo company's data" });
  const memory = await startSandbox({ embedded: true });
  const shared = await startSandbox({ embedded: true, persistPath: file, stateLock });
  const other = await startSandbox({ embedded: true, persistPath: file, stateLock });
  try {
    const job = (sb: Sandbox) => sb.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(sb.demoUser))!.jobId;
    method(
      `${WRITES} addtimelog and ${READS} gettimetrackersettings one after another over HTTP, per demo service; state file ${kib(statSync(file).size)} at the start`,
    );
    report('write, in memory (no file)', describe(summarize(await timed(WRITES, (i) => addLog(memory, job(memory), i)))));
    report(
      'write, shared file (lock, read, fsync, rename)',
      describe(summarize(await timed(WRITES, (i) => addLog(shared, job(shared), i)))),
    );
    report(
      'write, two services on one file, in turns',
      describe(summarize(await timed(WRITES, (i) => addLog(i % 2 ? other : shared, job(shared), i)))),
    );
    report('read, in memory', describe(summarize(await timed(READS, () => read(memory)))));
    report('read, shared file, nobody else wrote', describe(summarize(await timed(READS, () => read(shared)))));
    report('state file at the end', kib(statSync(file).size));
  } finally {
    for (const sb of [memory, shared, other]) await sb.close();
    dir.remove();
  }
}
