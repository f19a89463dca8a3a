/**
 * What counting the entries that wait for the service's day costs the status (src/core/app-status.ts asks it after
 * every change while some are queued): one pass over 10,000 waiting entries, beside the ledger's indexed counts.
 * `npx tsx bench/status-service-day.ts` (200 rounds each; median and p90).
 */
import { createLedger } from '../src/core/journal';
import { countByState, waitingForServiceDay } from '../src/core/outbox';
import { systemClock } from '../src/core/context';
import { addBacklog } from './backlog-journal';
import { tempDir } from './measure';

const tmp = tempDir('punch-tz7-');
const dir = tmp.dir;
const ledger = createLedger(dir, systemClock);
ledger.change((j) => addBacklog(j as never, 10_000, { jobId: 'J1', jobName: 'Job' }, 'sandbox|demo'));
const j = ledger.read();
console.log('ops', j.ops.length);
const time = (f: () => unknown) => {
  const rounds: number[] = [];
  for (let r = 0; r < 200; r++) {
    const t = process.hrtime.bigint();
    f();
    rounds.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  rounds.sort((a, b) => a - b);
  return `median ${rounds[100].toFixed(3)} ms, p90 ${rounds[180].toFixed(3)} ms`;
};
console.log(
  'countByState (index)',
  time(() => countByState(j, 'sandbox|demo')),
);
console.log(
  'waitingForServiceDay pass',
  time(() => waitingForServiceDay(j, 'sandbox|demo')),
);
tmp.remove();
