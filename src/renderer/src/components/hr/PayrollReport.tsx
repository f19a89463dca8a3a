/**
 * The payroll report: a period (this month, last month, or custom dates; choosing a preset runs it), for everyone or
 * one employee; then the period in words, the table with totals (the data: first, in view at the tray's size), a
 * chart of the hours, and a CSV export of what is shown. Longer periods are asked for month by month by the core (team/payroll.ts).
 */
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { PayrollRecord } from '../../../../shared/domain';
import { defineMessages } from '../../../../shared/i18n/messages';
import { currencyIssue, payrollOrder, rowEmployee } from '../../../../shared/team/payroll';
import { useWording } from '../../i18n/I18n';
import { periodProblem, presetWords, problemWords, showPeriod, type PayrollPreset } from '../../payroll/period';
import { useApp } from '../../store/useApp';
import { Empty, ErrorMessage, Loading } from '../Messages';
import { PayrollChart } from './PayrollChart';
import { PayrollExport } from './PayrollExport';
import { PayrollTable } from './PayrollTable';
import '../../styles/payroll.css';

const M = defineMessages({
  period: { id: 'hr.payroll.period', defaultMessage: 'Period', description: 'Screen reader name of the period presets.' },
  from: { id: 'hr.payroll.from', defaultMessage: 'From', description: 'The first day of a custom period.' },
  to: { id: 'hr.payroll.to', defaultMessage: 'To', description: 'The last day of a custom period.' },
  employee: {
    id: 'hr.payroll.employee',
    defaultMessage: 'Employee (email or ID)',
    description: 'Field: whose report; empty for everyone.',
  },
  everyone: { id: 'hr.payroll.everyone', defaultMessage: 'Everyone', description: 'Placeholder of the employee field.' },
  run: { id: 'hr.payroll.run', defaultMessage: 'Run report' },
  running: { id: 'hr.payroll.running', defaultMessage: 'Running the payroll report...' },
  none: { id: 'hr.payroll.none', defaultMessage: 'No payroll data for {period}.' },
  noneHint: { id: 'hr.payroll.none-hint', defaultMessage: 'Try a different period or employee.' },
  region: { id: 'hr.payroll.region', defaultMessage: 'Payroll {period}', description: 'Screen reader name of the report shown.' },
  employees: { id: 'hr.payroll.employees', defaultMessage: '{count, plural, one {# employee} other {# employees}}' },
  caption: { id: 'hr.payroll.caption', defaultMessage: 'Payroll report, {period}', description: "The table's caption (screen readers)." },
  unnamed: {
    id: 'hr.payroll.unnamed',
    defaultMessage:
      '{all, select, yes {The service’s rows do not say which employee they are for: no name, email or employee ID came with them. Its own payroll screen may show who they are.} other {{count, plural, one {# of the service’s rows does not say which employee it is for: no name, email or employee ID came with it. Its own payroll screen may show who that is.} other {# of the service’s rows do not say which employee they are for: no name, email or employee ID came with them. Its own payroll screen may show who they are.}}}}',
    description: 'Under the report, when some rows name nobody (all: every row).',
  },
  notCodes: {
    id: 'hr.payroll.currency.not-codes',
    defaultMessage: 'Amounts are plain numbers: the service gives the currency as {texts}, which is not a currency code.',
    description: '{texts}: what the service wrote, quoted.',
  },
  quoted: { id: 'hr.payroll.currency.quoted', defaultMessage: '“{text}”', description: 'What the service wrote, in quotation marks.' },
  noCurrency: { id: 'hr.payroll.currency.missing', defaultMessage: 'Amounts are plain numbers: currency not given by the service.' },
});

const PRESETS: PayrollPreset[] = ['this-month', 'last-month', 'custom'];

export function PayrollReport() {
  const w = useWording();
  const rows = useApp((s) => s.hr.payroll);
  const shown = useApp((s) => s.hr.payrollQuery);
  const loading = useApp((s) => s.hr.payrollLoading);
  const error = useApp((s) => s.hr.payrollError);
  const period = useApp((s) => s.hr.period);
  const actions = useApp(useShallow((s) => ({ run: s.hr.runPayroll, choose: s.hr.choosePeriod, setCustom: s.hr.setCustomPeriod })));
  const [user, setUser] = useState('');
  const problem = period.preset === 'custom' ? periodProblem(period.from, period.to) : null;
  const run = () => {
    if (!problem && !loading) void actions.run(user.trim() ? { user: user.trim() } : {});
  };
  const choose = (preset: PayrollPreset) => {
    actions.choose(preset);
    if (preset !== 'custom') void actions.run(user.trim() ? { user: user.trim() } : {});
  };

  return (
    <div className="stack">
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          run();
        }}
      >
        <div className="segmented payroll-periods" role="group" aria-label={w.say(M.period)}>
          {PRESETS.map((p) => (
            <button key={p} type="button" aria-pressed={period.preset === p} onClick={() => choose(p)}>
              {presetWords(w, p)}
            </button>
          ))}
        </div>
        {period.preset === 'custom' ? (
          <div className="row">
            <label className="field grow">
              <span className="field-label">{w.say(M.from)}</span>
              <input
                className={`input${problem ? ' input-invalid' : ''}`}
                type="date"
                value={period.from}
                aria-invalid={!!problem}
                aria-describedby={problem ? 'period-problem' : undefined}
                onChange={(e) => actions.setCustom(e.target.value, period.to)}
              />
            </label>
            <label className="field grow">
              <span className="field-label">{w.say(M.to)}</span>
              <input
                className={`input${problem ? ' input-invalid' : ''}`}
                type="date"
                value={period.to}
                aria-invalid={!!problem}
                aria-describedby={problem ? 'period-problem' : undefined}
                onChange={(e) => actions.setCustom(period.from, e.target.value)}
              />
            </label>
          </div>
        ) : (
          !(rows && shown?.from === period.from && shown.to === period.to) && (
            // the dates a preset stands for, until the report of those dates is shown (its summary says them)
            <p className="field-hint">{showPeriod(w, period.from, period.to)}</p>
          )
        )}
        {problem && (
          <p id="period-problem" className="field-hint field-error">
            {problemWords(w, problem)}
          </p>
        )}
        <div className="row">
          <label className="field grow">
            <span className="field-label">{w.say(M.employee)}</span>
            <input className="input" value={user} onChange={(e) => setUser(e.target.value)} placeholder={w.say(M.everyone)} />
          </label>
          {/* busy, not disabled, while the report runs: a disabled button drops the focus it holds to the page's body */}
          <button type="submit" className="btn btn-primary" disabled={!!problem} aria-disabled={loading || undefined}>
            {w.say(M.run)}
          </button>
        </div>
      </form>
      <ErrorMessage error={error} onRetry={run} />
      {loading && <Loading>{w.say(M.running)}</Loading>}
      {rows && shown && rows.length === 0 && (
        <Empty title={w.say(M.none, { period: showPeriod(w, shown.from, shown.to) })}>{w.say(M.noneHint)}</Empty>
      )}
      {rows && shown && rows.length > 0 && <Report rows={rows} from={shown.from} to={shown.to} />}
    </div>
  );
}

function Report({ rows: given, from, to }: { rows: PayrollRecord[]; from: string; to: string }) {
  const w = useWording();
  const period = showPeriod(w, from, to);
  // by name, rows without hours after them (src/shared/team/payroll.ts payrollOrder): the table, the chart and the CSV alike
  const rows = payrollOrder(given);
  const unnamed = rows.filter((r) => !rowEmployee(r).named).length;
  const issue = currencyIssue(rows);
  const note =
    issue?.kind === 'not-codes'
      ? w.say(M.notCodes, { texts: w.formats.list(issue.texts.map((text) => w.say(M.quoted, { text }))) })
      : issue?.kind === 'missing'
        ? w.say(M.noCurrency)
        : null;
  return (
    <section className="stack" aria-label={w.say(M.region, { period })}>
      <div className="payroll-summary">
        <p>
          <span className="payroll-period">{period}</span>{' '}
          <span className="muted payroll-count">{w.say(M.employees, { count: rows.length })}</span>
        </p>
        <PayrollExport rows={rows} from={from} to={to} />
      </div>
      <PayrollTable rows={rows} caption={w.say(M.caption, { period })} />
      <PayrollChart rows={rows} period={period} />
      {(unnamed > 0 || note) && (
        <div className="payroll-notes">
          {unnamed > 0 && <p className="field-hint">{w.say(M.unnamed, { all: unnamed === rows.length ? 'yes' : 'no', count: unnamed })}</p>}
          {note && <p className="field-hint">{note}</p>}
        </div>
      )}
    </section>
  );
}
