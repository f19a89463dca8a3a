/**
 * Employee records: search as one types by part of a name, email or employee ID in any letter case (the core's
 * employee directory, team/directory/directory.ts), or by "changed since" (spec 4.4 modifiedtime); list, view one,
 * add, edit (fields by display label, spec 2.7).
 */
import { useEffect, useState } from 'react';
import type { EmployeeRecord } from '../../../../shared/domain';
import { defineMessages } from '../../../../shared/i18n/messages';
import { toLocalDate } from '../../../../shared/time/week';
import { employeeFieldKind, employeeFieldLabel } from '../../employee-fields';
import { useWording } from '../../i18n/I18n';
import { useShallow } from 'zustand/react/shallow';
import { EMPLOYEE_PAGE } from '../../store/slices/hr';
import { useApp } from '../../store/useApp';
import { EmployeeForm } from './EmployeeForm';
import '../../styles/hr.css';
import { Empty, ErrorMessage, Loading, Outcome } from '../Messages';

/** Shown in the heading and the first rows whatever the service calls them; the time of change is not a fact to read. */
const SHOWN_ABOVE = new Set(['recordId', 'employeeId', 'firstName', 'lastName', 'email', 'lastChanged']);

const M = defineMessages({
  search: { id: 'hr.employees.search', defaultMessage: 'Search by name, email or employee ID' },
  searchExample: {
    id: 'hr.employees.search-example',
    defaultMessage: 'e.g. {examples}',
    description: 'Placeholder of the search field; {examples}: what may be typed (sam, lee@, E1002).',
  },
  since: { id: 'hr.employees.since', defaultMessage: 'Changed since', description: 'Date field: only the records changed since that day.' },
  searchButton: { id: 'hr.employees.search-button', defaultMessage: 'Search' },
  listAll: { id: 'hr.employees.list-all', defaultMessage: 'List all' },
  add: { id: 'hr.employees.add', defaultMessage: 'Add employee' },
  searching: { id: 'hr.employees.searching', defaultMessage: 'Searching employee records...' },
  howTo: {
    id: 'hr.employees.how-to',
    defaultMessage:
      'Type part of a name, an email or an employee ID, in any letter case, or list everyone; a date shows only the records changed since that day.',
  },
  found: { id: 'hr.employees.found', defaultMessage: '{count, plural, one {# employee found} other {# employees found}}' },
  noMatch: { id: 'hr.employees.no-match', defaultMessage: 'No employee matches.' },
  noMatchHint: { id: 'hr.employees.no-match-hint', defaultMessage: 'Check the spelling, or add the employee.' },
  close: { id: 'hr.employees.close', defaultMessage: 'Close record', description: 'Screen reader name of the × button of an open record.' },
  forScripts: {
    id: 'hr.employees.for-scripts',
    defaultMessage: 'For scripts',
    description: 'Folded section: how to read this record from the command line.',
  },
  readWith: {
    id: 'hr.employees.read-with',
    defaultMessage: 'Read this record from the command line with:',
    description: 'Followed by the punch command that reads it.',
  },
  edit: { id: 'hr.employees.edit', defaultMessage: 'Edit' },
  showing: {
    id: 'hr.employees.showing',
    defaultMessage: '{shown, plural, other {Showing # of {total, number}}}',
    description: 'Under a long list: how many of the matches are shown.',
  },
  allShown: { id: 'hr.employees.all-shown', defaultMessage: '{total, plural, other {All # shown}}' },
  more: {
    id: 'hr.employees.more',
    defaultMessage: '{count, plural, other {Show # more}}',
    description: 'Button: show the next page of matches.',
  },
});

export function EmployeeRecords() {
  const w = useWording();
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
      ...(since ? { modifiedSince: toLocalDate(since, w.say(M.since)).getTime() } : {}),
    });
  };
  // Search as one types, once the typing pauses (250 ms): the core answers from its directory, asking the service
  // only for what changed, and at most once a minute (team/directory/directory.ts).
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
          <span className="field-label">{w.say(M.search)}</span>
          <input
            className="input"
            type="search"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setTyped((n) => n + 1);
            }}
            placeholder={w.say(M.searchExample, { examples: w.formats.list(['sam', 'lee@', 'E1002'], 'or') })}
          />
        </label>
        <div className="row">
          <label className="field grow">
            <span className="field-label">{w.say(M.since)}</span>
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
            {query.trim() || since ? w.say(M.searchButton) : w.say(M.listAll)}
          </button>
        </div>
      </form>
      <div className="row row-end">
        <button type="button" className="btn btn-primary btn-small" onClick={() => setEditing('new')}>
          {w.say(M.add)}
        </button>
      </div>
      {saved && <Outcome>{w.say(saved.message, saved.values)}</Outcome>}
      <ErrorMessage error={error} />
      {loading && list === null && <Loading>{w.say(M.searching)}</Loading>}
      {list === null && !loading && <p className="muted small">{w.say(M.howTo)}</p>}
      {list && (
        <p className="sr-only" role="status">
          {w.say(M.found, { count: total })}
        </p>
      )}
      {list && list.length === 0 && <Empty title={w.say(M.noMatch)}>{w.say(M.noMatchHint)}</Empty>}
      {selected && (
        <section className="card" aria-labelledby="emp-title">
          <div className="card-head">
            <h3 id="emp-title" className="detail-title" translate="no">
              {selected.firstName} {selected.lastName}
            </h3>
            <button type="button" className="icon-btn" aria-label={w.say(M.close)} onClick={actions.closeEmployee}>
              <span aria-hidden="true">{'\u00D7'}</span>
            </button>
          </div>
          <dl className="facts">
            <Fact label={employeeFieldLabel(w, 'email')} value={selected.email} />
            <Fact label={employeeFieldLabel(w, 'employeeid')} value={selected.employeeId} />
            {Object.entries(selected.fields)
              .filter(([k]) => !SHOWN_ABOVE.has(employeeFieldKind(k) ?? ''))
              .map(([k, v]) => (
                <Fact key={k} label={employeeFieldLabel(w, k)} value={v} />
              ))}
          </dl>
          <div className="row row-between">
            {/* The service's own number for the record is for scripts only (not the employee ID people use): out of
                the card's facts, named for what it is and folded away. */}
            <details className="small muted record-number">
              <summary>{w.say(M.forScripts)}</summary>
              <p>
                {w.say(M.readWith)} <code className="mono">punch employee get {selected.recordId}</code>
              </p>
            </details>
            <button type="button" className="btn btn-small" onClick={() => setEditing(selected)}>
              {w.say(M.edit)}
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
                <span className="sheet-who" translate="no">
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
            {list.length < total ? w.say(M.showing, { shown: list.length, total }) : w.say(M.allShown, { total })}
          </span>
          {list.length < total && (
            <button type="button" className="btn btn-small" disabled={loading} onClick={() => void actions.moreEmployees()}>
              {w.say(M.more, { count: Math.min(EMPLOYEE_PAGE, total - list.length) })}
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
      <dd translate="no">{value || '\u2013'}</dd>
    </>
  );
}
