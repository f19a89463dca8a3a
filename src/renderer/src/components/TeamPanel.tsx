/** Managers: the team's timesheets (pending first), and one opened for a decision. */
import { useEffect, useRef } from 'react';
import type { TeamFilter } from '../store/team';
import { useShallow } from 'zustand/react/shallow';
import { useApp } from '../store/useApp';
import { showDate, STATE_LABELS } from '../format';
import { Empty, ErrorMessage, Loading, Outcome } from './Messages';
import { TimesheetReview } from './TimesheetReview';

const FILTERS: Array<{ id: TeamFilter; label: string }> = [
  { id: 'pending', label: 'Pending' }, { id: 'all', label: 'All' }, { id: 'draft', label: 'Draft' },
  { id: 'approved', label: 'Approved' }, { id: 'rejected', label: 'Rejected' },
];

export function TeamPanel() {
  const filter = useApp((s) => s.team.filter);
  const list = useApp((s) => s.team.list);
  const loaded = useApp((s) => s.team.loaded);
  const loading = useApp((s) => s.team.loading);
  const error = useApp((s) => s.team.error);
  const openId = useApp((s) => s.team.openId);
  const decided = useApp((s) => s.team.decided);
  const actions = useApp(useShallow((s) => ({ setFilter: s.team.setFilter, load: s.team.load, open: s.team.open })));
  const load = useApp((s) => s.team.load);

  // Read once when the tab first opens; `load` is stable (the slice object itself changes on every update).
  useEffect(() => { if (!loaded) void load(); }, [loaded, load]);
  // Back from a review (after a delete the user was at its bottom): show the list from its top, where the outcome is.
  const top = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (!openId && wasOpen.current) top.current?.scrollIntoView({ block: 'start' });
    wasOpen.current = openId !== null;
  }, [openId]);

  if (openId) return <TimesheetReview />;
  return (
    <div className="stack" ref={top}>
      <div className="row row-between">
        <h2 className="screen-title">Team timesheets</h2>
        <div className="row">
          <label className="field field-inline">
            <span className="field-label">Show</span>
            <select className="input" value={filter} onChange={(e) => void actions.setFilter(e.target.value as TeamFilter)}>
              {FILTERS.map((f) => <option key={f.id} value={f.id}>{f.label}</option>)}
            </select>
          </label>
          <button type="button" className="btn btn-small" disabled={loading} onClick={() => void actions.load()}>Refresh</button>
        </div>
      </div>
      {decided && <Outcome>{decided}</Outcome>}
      <ErrorMessage error={error} onRetry={() => void actions.load()} />
      {loading && !loaded && <Loading>Reading your team's timesheets...</Loading>}
      {loaded && !error && list.length === 0 && (
        <Empty title={filter === 'pending' ? 'Nothing waits for your approval.' : 'No timesheets here.'}>
          {filter === 'pending' ? 'Submitted weeks of your team appear here.' : 'Try another filter.'}
        </Empty>
      )}
      <ul className="sheet-list">
        {list.map((t) => (
          <li key={t.recordId}>
            <button type="button" className="sheet-row" onClick={() => void actions.open(t.recordId)}>
              <span className="sheet-who">
                <span className="strong">{t.employeeName ?? t.employeeEmail ?? 'Employee'}</span>
                <span className="muted small">{t.timesheetName} · {showDate(t.fromDate)} - {showDate(t.toDate)}</span>
              </span>
              <span className="mono">{t.totalHours}</span>
              <span className={`badge badge-${t.status}`}>{STATE_LABELS[t.status]}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
