/**
 * The payroll report: a period (this month, last month, or custom dates; choosing a preset runs it), for everyone or
 * one employee; then the period in words, the table with totals (the data: first, in view at the tray's size), a
 * chart of the hours, and a CSV export of what is shown. Longer periods are asked for month by month by the core (team/payroll.ts).
 */
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { PayrollRecord } from '../../../../shared/domain';
import { currencyNote, payrollCsv, payrollFileName, payrollOrder, rowEmployee } from '../../../../shared/team/payroll';
import { downloadText } from '../../payroll/download';
import { periodProblem, PRESET_LABELS, showPeriod, type PayrollPreset } from '../../payroll/period';
import { useApp } from '../../store/useApp';
import { Empty, ErrorMessage, Loading } from '../Messages';
import { PayrollChart } from './PayrollChart';
import { PayrollTable } from './PayrollTable';
import '../../styles/payroll.css';

const PRESETS: PayrollPreset[] = ['this-month', 'last-month', 'custom'];

export function PayrollReport() {
  const rows = useApp((s) => s.hr.payroll);
  const shown = useApp((s) => s.hr.payrollQuery);
  const loading = useApp((s) => s.hr.payrollLoading);
  const error = useApp((s) => s.hr.payrollError);
  const period = useApp((s) => s.hr.period);
  const actions = useApp(useShallow((s) => ({ run: s.hr.runPayroll, choose: s.hr.choosePeriod, setCustom: s.hr.setCustomPeriod })));
  const [user, setUser] = useState('');
  const problem = period.preset === 'custom' ? periodProblem(period.from, period.to) : null;
  const run = () => {
    if (!problem) void actions.run(user.trim() ? { user: user.trim() } : {});
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
        <div className="segmented payroll-periods" role="group" aria-label="Period">
          {PRESETS.map((p) => (
            <button key={p} type="button" aria-pressed={period.preset === p} onClick={() => choose(p)}>
              {PRESET_LABELS[p]}
            </button>
          ))}
        </div>
        {period.preset === 'custom' ? (
          <div className="row">
            <label className="field grow">
              <span className="field-label">From</span>
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
              <span className="field-label">To</span>
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
            <p className="field-hint">{showPeriod(period.from, period.to)}</p>
          )
        )}
        {problem && (
          <p id="period-problem" className="field-hint field-error">
            {problem}
          </p>
        )}
        <div className="row">
          <label className="field grow">
            <span className="field-label">Employee (email or ID)</span>
            <input className="input" value={user} onChange={(e) => setUser(e.target.value)} placeholder="Everyone" />
          </label>
          <button type="submit" className="btn btn-primary" disabled={!!problem || loading}>
            Run report
          </button>
        </div>
      </form>
      <ErrorMessage error={error} onRetry={run} />
      {loading && <Loading>Running the payroll report...</Loading>}
      {rows && shown && rows.length === 0 && (
        <Empty title={`No payroll data for ${showPeriod(shown.from, shown.to)}.`}>Try a different period or employee.</Empty>
      )}
      {rows && shown && rows.length > 0 && <Report rows={rows} from={shown.from} to={shown.to} />}
    </div>
  );
}

function Report({ rows: given, from, to }: { rows: PayrollRecord[]; from: string; to: string }) {
  const period = showPeriod(from, to);
  // by name, rows without hours after them (src/shared/payroll.ts payrollOrder): the table, the chart and the CSV alike
  const rows = payrollOrder(given);
  const unnamed = rows.filter((r) => !rowEmployee(r).named).length;
  const note = currencyNote(rows);
  return (
    <section className="stack" aria-label={`Payroll ${period}`}>
      <div className="payroll-summary">
        <p>
          <span className="payroll-period">{period}</span>{' '}
          <span className="muted">
            {'\u00B7'} {rows.length} {rows.length === 1 ? 'employee' : 'employees'}
          </span>
        </p>
        <button type="button" className="btn btn-small" onClick={() => downloadText(payrollFileName(from, to), payrollCsv(rows))}>
          Export CSV
        </button>
      </div>
      <PayrollTable rows={rows} caption={`Payroll report, ${period}`} />
      <PayrollChart rows={rows} period={period} />
      {(unnamed > 0 || note) && (
        <div className="payroll-notes">
          {unnamed > 0 && (
            <p className="field-hint">
              {unnamed === rows.length ? 'The service\u2019s rows' : `${unnamed} of the service\u2019s rows`} do not say which employee they
              are for: no name, email or employee ID came with them. Its own payroll screen may show who they are.
            </p>
          )}
          {note && <p className="field-hint">{note}</p>}
        </div>
      )}
    </section>
  );
}
