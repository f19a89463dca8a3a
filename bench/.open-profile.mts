// scratch (not committed): opening the core on a backlog, for a CPU profile
import { systemClock } from '../src/core/context';
import { createLedger } from '../src/core/journal';
import { startSandbox } from '../src/sandbox/index';
import { localDate, addDays } from '../src/shared/time/week';
import { coreOver, sandboxSession } from '../test/fixtures/logging-harness';
import { tempDir } from './measure';
const sandbox = await startSandbox({ seed: 3 });
const { session, client } = sandboxSession(sandbox.url, sandbox.demoToken, sandbox.demoUser);
const [job] = await client.allJobs({ assignedTo: sandbox.demoUser, jobStatus: 'in-progress' });
const { dir } = tempDir('punch-open-prof-');
const ledger = createLedger(dir, systemClock);
const today = localDate(Date.now());
ledger.change((j) => { const now = Date.now(); for (let i = 0; i < 10000; i++) { const localId = `L-b-${i}`; const f = { workDate: addDays(today, -1 - (i % 60)), hours: '00:01', jobId: job.jobId, jobName: job.jobName, billingStatus: 'Billable' as const, description: `w ${i}` }; j.rows[localId] = { ...f, localId, account: `sandbox|${session.user()}`, createdAt: now, updatedAt: now }; j.seq += 1; j.ops.push({ id: `op-${String(j.seq).padStart(6, '0')}`, kind: 'add', localId, state: 'queued', resolutions: [], attempts: [], add: f, maybeSent: false, createdAt: now, updatedAt: now }); } });
ledger.close();
const prime = await coreOver({ dataDir: dir, clock: systemClock, session, start: false });
await prime.handlers.listJobs({ status: 'all' }); await prime.handlers.getCompanySettings({}); await prime.close();
await sandbox.setOffline(true);
const { Session } = await import('node:inspector/promises');
const s = new Session(); s.connect(); await s.post('Profiler.enable'); await s.post('Profiler.setSamplingInterval', { interval: 200 });
const t: number[] = [];
await s.post('Profiler.start');
for (let i = 0; i < 12; i++) {
  const t0 = performance.now();
  const core = await coreOver({ dataDir: dir, clock: systemClock, session, start: true });
  await Promise.all([core.handlers.getStatus({}), core.handlers.getOutboxList({ window: { from: 0, count: 50 } }), core.handlers.getWeek({ date: today })]);
  t.push(performance.now() - t0);
  await core.close();
}
const { profile } = await s.post('Profiler.stop');
(await import('node:fs')).writeFileSync('/tmp/open-prof3.cpuprofile', JSON.stringify(profile));
console.log(t.map((x) => x.toFixed(0)).join(' '));
await sandbox.close();
