import { produceJournal } from '../src/main/core/outbox/journal-draft';
import { dayTotalMinutes, emptyJournal, type Journal } from '../src/main/core/outbox/ledger';
import { recordAdd, markSending, markApplied } from '../src/main/core/outbox/operations';
const N = Number(process.argv[2] ?? 10000);
let doc: Journal = emptyJournal();
for (let i = 0; i < N; i++) recordAdd(doc, { workDate: '2026-11-16', hours: '01:00', jobName: 'J', billingStatus: 'Billable' }, i, 'a');
function cpu(name: string, n: number, fn: (i: number) => void) {
  for (let i = 0; i < 5; i++) fn(i);
  const c0 = process.cpuUsage(); const t0 = performance.now();
  for (let i = 0; i < n; i++) fn(i);
  const c = process.cpuUsage(c0);
  console.log(name.padEnd(40), 'cpu/op', ((c.user + c.system) / 1000 / n).toFixed(3), 'ms', 'wall/op', ((performance.now() - t0) / n).toFixed(3));
}
cpu('plain Object.values day total', 50, () => dayTotalMinutes(doc, '2026-11-16', undefined, 'a'));
cpu('produce recordAdd', 50, (i) => { doc = produceJournal(doc, (d) => recordAdd(d, { workDate: '2026-11-16', hours: '01:00', jobName: 'J', billingStatus: 'Billable' }, i, 'a')).next; });
cpu('produce daytotal+recordAdd', 50, (i) => { doc = produceJournal(doc, (d) => { dayTotalMinutes(d, '2026-11-16', undefined, 'a'); return recordAdd(d, { workDate: '2026-11-16', hours: '01:00', jobName: 'J', billingStatus: 'Billable' }, i, 'a'); }).next; });
cpu('produce markSending', 50, (i) => { const id = doc.ops[i].id; doc = produceJournal(doc, (d) => markSending(d, id, 5)).next; });
cpu('produce markApplied', 20, (i) => { const id = doc.ops[i].id; doc = produceJournal(doc, (d) => markApplied(d, id, 6, { timeLogId: 'T' })).next; });
cpu('structuredClone', 5, () => structuredClone(doc));
