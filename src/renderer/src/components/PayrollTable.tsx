/**
 * The payroll report's figures: one row per employee, hours as HH:MM (they may pass 24 h) with decimal hours beside
 * them (104:00 and 104.00: what payroll imports and spreadsheets take), amounts in the company's currency with the
 * same formatting in rows and totals (src/shared/payroll.ts), and a total row. A row the service did not name says so
 * instead of leaving the cell empty. At the tray's width the decimal goes under the HH:MM.
 */
import type { PayrollRecord } from '../../../shared/domain';
import { decimalHours, formatAmount, formatCents, payrollTotals, rowEmployee } from '../../../shared/payroll';

/** `104:00` and, beside it (or under it when narrow), `104.00 h`. */
function Hours({ hhmm }: { hhmm: string }) {
  const decimal = decimalHours(hhmm);
  return (
    <span className="hours-pair">
      <span>{hhmm}</span>
      {decimal !== hhmm && <span className="hours-decimal">{decimal} h</span>}
    </span>
  );
}
import '../styles/payroll.css';

export function PayrollTable({ rows, caption }: { rows: PayrollRecord[]; caption: string }) {
  const totals = payrollTotals(rows);
  return (
    <div className="grid-scroll payroll-table-wrap">
      <table className="table payroll-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Employee</th>
            <th scope="col" className="num">
              Regular
            </th>
            <th scope="col" className="num">
              <abbr title="Overtime">OT</abbr>
            </th>
            <th scope="col" className="num">
              Paid leave
            </th>
            <th scope="col" className="num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => {
            const who = rowEmployee(r);
            return (
              <tr key={`${who.id ?? who.email ?? who.label}-${i}`}>
                <th scope="row" className={who.named ? undefined : 'unnamed'} title={who.email ?? who.id}>
                  {who.label}
                </th>
                <td className="num mono">
                  <Hours hhmm={r.regularHour} />
                </td>
                <td className="num mono">
                  <Hours hhmm={r.OtHours} />
                </td>
                <td className="num mono">
                  <Hours hhmm={r.paidLeaveHours} />
                </td>
                <td className="num mono">{formatAmount(r)}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className="num mono">
              <Hours hhmm={totals.regular} />
            </td>
            <td className="num mono">
              <Hours hhmm={totals.overtime} />
            </td>
            <td className="num mono">
              <Hours hhmm={totals.paidLeave} />
            </td>
            <td className="num mono">
              {totals.amounts.map((a) => (
                <span key={a.code ?? ''} className="block">
                  {formatCents(a.cents, a.code)}
                </span>
              ))}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
