/**
 * Employee records: search as one types by part of a name, email or employee ID in any letter case (the core's
 * employee directory, team/employee-directory.ts), or by "changed since" (spec 4.4 modifiedtime); list, view one,
 * add, edit (fields by display label, spec 2.7).
 */
import { useEffect, useState } from 'react';
import type { EmployeeRecord } from '../../../../shared/domain';
import { toLocalDate } from '../../../../shared/time/week';
import { employeeFieldLabel } from '../../format';
import { useShallow } from 'zustand/react/shallow';
import { EMPLOYEE_PAGE } from '../../store/slices/hr';
import { useApp } from '../../store/useApp';
import { EmployeeForm } from './EmployeeForm';
import '../../styles/hr.css';
import { Empty, ErrorMessage, Loading, Outcome } from '../Messages';

/** Shown in the heading and the first rows whatever the service calls them; the time of change is not a fact to read. */
const SHOWN_ABOVE = new Set(['Record ID', 'Employee ID', 'First name', 'Last name', 'Email', 'Last changed']);

export function EmployeeRecords() {
  const list = useApp((s) => s.hr.employees);
  const total = useApp((s) => s.hr.employeesTotal);
  const loading = useApp((s) => s.hr.employeesLoading);
  const error = useApp((s) => s.hr.employeesError);
  const selected = useApp((s) => s.hr.selected);
  const saved = useApp((s) => s.hr.saved);
  const actions = useApp(
    useShallow((s) => ({
      searchEmployees: s.hr.searchEmployees,
      moreEmployees: s.hr.moreEmployees,
      closeEmployee: s.hr.closeEmployee,
      viewEmployee: s.hr.viewEmployee,
    })),
  );
  const [query, setQuery] = useState('');
  /** YYYY-MM-DD from the date input, or '' for any time. */
  const [since, setSince] = useState('');
  const [editing, setEditing] = useState<EmployeeRecord | 'new' | null>(null);
  /** Counts changes to the search fields: nothing is searched before the first one (opening the view asks nothing). */
  const [typed, setTyped] = useState(0);

  const search = () => {
    const t = query.trim();
    // The service takes milliseconds; "changed since 20 Nov" means from local midnight of that day.
    void actions.searchEmployees({
      ...(t ? { query: t } : {}),
      ...(since ? { modifiedSince: toLocalDate(since, 'Changed since').getTime() } : {}),
    });
  };
  // Search as one types, once the typing pauses (250 ms): the core answers from its directory, asking the service
  // only for what changed, and at most once a minute (team/employee-directory.ts).
  useEffect(() => {
    if (typed === 0) return undefined;
    const timer = setTimeout(search, 250);
    return () => clearTimeout(timer);
  }, [typed]); // each change to the fields bumps `typed`; `search` reads the fields of that render

  if (editing) {
    return <EmployeeForm record={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />;
  }
  return (
    <div className="stack hr-employees">
      <form
        className="stack hr-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          search();
        }}
      >
        <label className="field">
          <span className="field-label">Search by name, email or employee ID</span>
          <input
            className="input"
            type="search"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setTyped((n) => n + 1);
            }}
            placeholder="e.g. sam, lee@ or E1002"
          />
        </label>
        <div className="row">
          <label className="field grow">
            <span className="field-label">Changed since</span>
            <input
              className="input"
              type="date"
              value={since}
              onChange={(e) => {
                setSince(e.target.value);
                setTyped((n) => n + 1);
              }}
            />
          </label>
          <button type="submit" className="btn" disabled={loading}>
            {query.trim() || since ? 'Search' : 'List all'}
          </button>
        </div>
      </form>
      <div className="row row-end">
        <button type="button" className="btn btn-primary btn-small" onClick={() => setEditing('new')}>
          Add employee
        </button>
      </div>
      {saved && <Outcome>{saved}</Outcome>}
      <ErrorMessage error={error} />
      {loading && list === null && <Loading>Searching employee records...</Loading>}
      {list === null && !loading && (
        <p className="muted small">
          Type part of a name, an email or an employee ID, in any letter case, or list everyone; a date shows only the records changed since
          that day.
        </p>
      )}
      {list && (
        <p className="sr-only" role="status">
          {total === 1 ? '1 employee found' : `${total.toLocaleString()} employees found`}
        </p>
      )}
      {list && list.length === 0 && <Empty title="No employee matches.">Check the spelling, or add the employee.</Empty>}
      {selected && (
        <section className="card" aria-labelledby="emp-title">
          <div className="card-head">
            <h3 id="emp-title" className="detail-title">
              {selected.firstName} {selected.lastName}
            </h3>
            <button type="button" className="icon-btn" aria-label="Close record" onClick={actions.closeEmployee}>
              <span aria-hidden="true">{'\u00D7'}</span>
            </button>
          </div>
          <dl className="facts">
            <dt>Email</dt>
            <dd>{selected.email}</dd>
            <dt>Employee ID</dt>
            <dd>{selected.employeeId}</dd>
            {Object.entries(selected.fields)
              .filter(([k]) => !SHOWN_ABOVE.has(employeeFieldLabel(k)))
              .map(([k, v]) => (
                <Fact key={k} label={employeeFieldLabel(k)} value={v} />
              ))}
          </dl>
          <div className="row row-between">
            {/* The service's own number for the record is for scripts only (not the employee ID people use): out of
                the card's facts, named for what it is and folded away. */}
            <details className="small muted record-number">
              <summary>For scripts</summary>
              <p>
                In <code>punch</code>: <code className="mono">punch employee get {selected.recordId}</code>
              </p>
            </details>
            <button type="button" className="btn btn-small" onClick={() => setEditing(selected)}>
              Edit
            </button>
          </div>
        </section>
      )}
      {list && list.length > 0 && (
        <ul className="sheet-list">
          {list.map((r) => (
            <li key={r.recordId}>
              <button
                type="button"
                className="sheet-row"
                aria-pressed={selected?.recordId === r.recordId}
                onClick={() => void actions.viewEmployee(r.recordId)}
              >
                <span className="sheet-who">
                  <span className="strong">
                    {r.firstName} {r.lastName}
                  </span>
                  <span className="muted small">{r.email}</span>
                </span>
                <span className="mono small">{r.employeeId}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {list && total > EMPLOYEE_PAGE && (
        <div className="row row-between">
          <span className="muted small">
            {list.length < total
              ? `Showing ${list.length.toLocaleString()} of ${total.toLocaleString()}`
              : `All ${total.toLocaleString()} shown`}
          </span>
          {list.length < total && (
            <button type="button" className="btn btn-small" disabled={loading} onClick={() => void actions.moreEmployees()}>
              Show {Math.min(EMPLOYEE_PAGE, total - list.length)} more
            </button>
          )}
        </div>
      )}
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value || '\u2013'}</dd>
    </>
  );
}
