/**
 * The payroll report's figures: one row per employee, hours as HH:MM (they may pass 24 h) with decimal hours beside
 * them (104:00 and 104.00: what payroll imports and spreadsheets take), amounts in the company's currency with the
 * same formatting in rows and totals (src/shared/team/payroll.ts), and a total row. A row the service did not name says so
 * instead of leaving the cell empty. At the tray's width the decimal goes under the HH:MM, and each row is stacked:
 * the name on a line of its own, the four figures under it (styles/payroll.css), so the Amount column is never cut
 * ("Amo", "1,212" at 420 px). The roles are said explicitly because a table whose rows are laid out as grids
 * loses its table semantics in some browsers; with them a screen reader still reads "Amount" with each amount.
 */
import type { ReactNode } from 'react';
import type { PayrollRecord } from '../../../../shared/domain';
import { parseHhmm } from '../../../../shared/time/hours';
import { formatAmount, formatCents, payrollTotals, rowEmployee } from '../../../../shared/team/payroll';
import { useWording } from '../../i18n/I18n';
import { PAYROLL_WORDS } from '../../payroll/words';
import '../../styles/payroll.css';

/** `104:00` and, beside it (or under it when narrow), `104.00 h` as the region writes decimals. */
function Hours({ hhmm }: { hhmm: string }) {
  const w = useWording();
  let decimal: string | null = null;
  try {
    decimal = w.say(PAYROLL_WORDS.decimal, { hours: w.formats.decimalHours(parseHhmm(hhmm)) });
  } catch {
    /* hours the service wrote in no form we read: shown as they came */
  }
  return (
    <span className="hours-pair">
      <span>{hhmm}</span>
      {decimal && <span className="hours-decimal">{decimal}</span>}
    </span>
  );
}

/**
 * An amount as shown in the table: the currency code may go on a line above the number when the column is narrow
 * ("CHF" over "83,337.25"), so Intl's no-break space between them becomes a plain one; the number itself never breaks.
 * A currency written in Latin letters ("US$", "$US", "CHF") is isolated: in right-to-left text its "$" would
 * otherwise be drawn on the wrong side of the letters ("$US" for Arabic's "US$").
 */
function wrappable(amount: string): ReactNode {
  return amount
    .replace(/\u00A0/g, ' ')
    .split(/([^\s\p{L}\p{Nd}]*[A-Za-z]+[^\s\p{L}\p{Nd}]*)/u)
    .map((piece, i) => (i % 2 ? <bdi key={i}>{piece}</bdi> : piece));
}

export function PayrollTable({ rows, caption }: { rows: PayrollRecord[]; caption: string }) {
  const w = useWording();
  const M = PAYROLL_WORDS;
  const region = w.formats.region;
  const totals = payrollTotals(rows);
  return (
    <div className="grid-scroll payroll-table-wrap">
      <table className="table payroll-table" role="table">
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader" className="col-employee">
              {w.say(M.employee)}
            </th>
            <th scope="col" role="columnheader" className="num">
              {w.say(M.regular)}
            </th>
            <th scope="col" role="columnheader" className="num" aria-label={w.say(M.overtime)}>
              <abbr title={w.say(M.overtime)}>{w.say(M.overtimeShort)}</abbr>
            </th>
            <th scope="col" role="columnheader" className="num">
              {w.say(M.leave)}
            </th>
            <th scope="col" role="columnheader" className="num">
              {w.say(M.amount)}
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((r, i) => {
            const who = rowEmployee(r);
            return (
              <tr key={`${who.id ?? who.email ?? who.label}-${i}`} role="row">
                <th
                  scope="row"
                  role="rowheader"
                  className={who.named ? undefined : 'unnamed'}
                  title={who.email ?? who.id}
                  translate={who.named ? 'no' : undefined}
                >
                  {who.named ? who.label : w.say(M.notNamed)}
                </th>
                <td className="num mono" role="cell">
                  <Hours hhmm={r.regularHour} />
                </td>
                <td className="num mono" role="cell">
                  <Hours hhmm={r.OtHours} />
                </td>
                <td className="num mono" role="cell">
                  <Hours hhmm={r.paidLeaveHours} />
                </td>
                <td className="num mono" role="cell">
                  {wrappable(formatAmount(r, region))}
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot role="rowgroup">
          <tr role="row">
            <th scope="row" role="rowheader">
              {w.say(M.total)}
            </th>
            <td className="num mono" role="cell">
              <Hours hhmm={totals.regular} />
            </td>
            <td className="num mono" role="cell">
              <Hours hhmm={totals.overtime} />
            </td>
            <td className="num mono" role="cell">
              <Hours hhmm={totals.paidLeave} />
            </td>
            <td className="num mono" role="cell">
              {totals.amounts.map((a) => (
                <span key={a.code ?? ''} className="block">
                  {wrappable(formatCents(a.cents, a.code, region))}
                </span>
              ))}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
