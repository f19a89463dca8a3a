/**
 * What wrapping costs `punch outbox`'s table (src/cli/table.ts): 10,000 waiting entries, each with a job name and a
 * WHY sentence longer than their columns, formatted one line a row (no shrinking column: the table before wrapping)
 * and within 100 columns (JOB and WHY wrapping: about five lines a row), and within 60 columns, where the columns that do not
 * shrink leave too little for JOB and WHY: every column wrapped would make a row 15 lines, so each row is a record of
 * HEADING: value lines (../src/cli/table-fit.ts). CPU time of the
 * formatting alone.
 * `npx tsx bench/cli-table-wrap.ts` (five rounds each, the first warms up).
 */
import { formatTable, type Column } from '../src/cli/table';

const why = "Waiting for the service's day to begin: it is still Sat 28 Nov there (another time zone). Punchcard sends this log then.";
const rows = Array.from({ length: 10_000 }, (_, i) => [
  `op-${String(i).padStart(6, '0')}`,
  'add',
  'Sat 28 Nov',
  '01:00',
  'Frontend Development for the Acme website',
  'queued',
  why,
]);
const columns = (wrap: boolean): Column[] =>
  ['ENTRY', 'KIND', 'DATE', 'HOURS', 'JOB', 'STATE', 'WHY'].map((header) => ({
    header,
    ...(wrap && (header === 'JOB' || header === 'WHY') ? { shrink: true, wrap: true } : {}),
  }));
const cpu = (f: () => string): [number, number] => {
  const start = process.cpuUsage();
  const lines = f().split('\n').length;
  const used = process.cpuUsage(start);
  return [(used.user + used.system) / 1000, lines];
};
for (let round = 0; round < 5; round++) {
  const [flat, flatLines] = cpu(() => formatTable(columns(false), rows));
  const [wrapped, wrappedLines] = cpu(() => formatTable(columns(true), rows, [], { maxWidth: 100 }));
  const [records, recordLines] = cpu(() => formatTable(columns(true), rows, [], { maxWidth: 60 }));
  console.log(
    `round ${round}: one line a row ${flat.toFixed(0)} ms CPU (${flatLines} lines); wrapped ${wrapped.toFixed(0)} ms CPU (${wrappedLines} lines); records within 60 ${records.toFixed(0)} ms CPU (${recordLines} lines)`,
  );
}
