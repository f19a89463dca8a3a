/** The payroll report for a period (spec 4: at most 31 days), for one employee or everyone, with totals. */
import { useState } from 'react';
import { parseHhmm, toHhmm } from '../../../shared/hours';
import type { PayrollRecord } from '../../../shared/domain';
import { addDays, daysBetween, localDate } from '../../../shared/week';
import { useApp } from '../store/useApp';
import { Empty, ErrorMessage, Loading } from './Messages';

const sumHours = (rows: PayrollRecord[], pick: (r: PayrollRecord) => string) =>
  toHhmm(rows.reduce((n, r) => { try { return n + parseHhmm(pick(r)); } catch { return n; } }, 0));
const sumAmount = (rows: PayrollRecord[]) => rows.reduce((n, r) => n + (Number(r.totalAmount) || 0), 0).toFixed(2);

export function PayrollReport() {
  const rows = useApp((s) => s.hr.payroll);
  const loading = useApp((s) => s.hr.payrollLoading);
  const error = useApp((s) => s.hr.payrollError);
  const run = useApp((s) => s.hr.runPayroll);
  const today = localDate(Date.now());
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [user, setUser] = useState('');
  const span = from && to ? daysBetween(from, to) : 0;
  // Checked here so the user learns the rule before asking: the service refuses ranges over a month (9007, 9006).
  const rangeProblem = !from || !to ? 'Choose both dates.' : span < 0 ? 'The end date is before the start date.'
    : span > 30 ? `At most 31 days at a time; the range ends ${addDays(from, 30)} at the latest.` : null;
  const currency = rows?.find((r) => r.extra.currency)?.extra.currency;

  return (
    <div className="stack">
      <form className="stack" onSubmit={(e) => { e.preventDefault(); if (!rangeProblem) void run({ from, to, ...(user.trim() ? { user: user.trim() } : {}) }); }}>
        <div className="row">
          <label className="field"><span className="field-label">From</span>
            <input className="input" type="date" value={from} onChange={(e) => setFrom(e.target.value)} aria-describedby="range-hint" /></label>
          <label className="field"><span className="field-label">To</span>
            <input className="input" type="date" value={to} onChange={(e) => setTo(e.target.value)} aria-describedby="range-hint" /></label>
          <label className="field grow"><span className="field-label">Employee (email or ID)</span>
            <input className="input" value={user} onChange={(e) => setUser(e.target.value)} placeholder="Everyone" /></label>
        </div>
        {rangeProblem && <p id="range-hint" className="field-hint field-error">{rangeProblem}</p>}
        <div className="row row-end"><button type="submit" className="btn btn-primary" disabled={!!rangeProblem || loading}>Run report</button></div>
      </form>
      <ErrorMessage error={error} />
      {loading && <Loading>Running the payroll report...</Loading>}
      {rows && rows.length === 0 && <Empty title="No payroll data for this period.">Try a different period or employee.</Empty>}
      {rows && rows.length > 0 && (
        <div className="grid-scroll">
          <table className="table">
            <caption className="sr-only">Payroll report</caption>
            <thead>
              <tr><th scope="col">Employee</th><th scope="col" className="num">Regular</th><th scope="col" className="num">OT</th>
                <th scope="col" className="num">Paid leave</th><th scope="col" className="num">Amount{currency ? ` (${currency})` : ''}</th></tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={r.employeeId ?? r.employeeEmail ?? i}>
                  <th scope="row" title={r.employeeEmail}>{r.employeeName ?? r.employeeEmail ?? r.employeeId}</th>
                  <td className="num mono">{r.regularHour}</td><td className="num mono">{r.OtHours}</td>
                  <td className="num mono">{r.paidLeaveHours}</td><td className="num mono">{r.totalAmount}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr><th scope="row">Total</th><td className="num mono">{sumHours(rows, (r) => r.regularHour)}</td>
                <td className="num mono">{sumHours(rows, (r) => r.OtHours)}</td><td className="num mono">{sumHours(rows, (r) => r.paidLeaveHours)}</td>
                <td className="num mono">{sumAmount(rows)}</td></tr>
            </tfoot>
          </table>
        </div>
      )}
    </div>
  );
}
