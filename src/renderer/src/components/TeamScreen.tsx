/**
 * Managers: the team's timesheets grouped by period (newest first, then by name), pending ones selectable for
 * "Approve N", and one opened for a decision. The user's own timesheets are never here (the core leaves them out).
 */
import { useEffect, useId, useMemo, useRef } from 'react';
import type { Timesheet } from '../../../shared/domain';
import type { BatchFailure, TeamFilter } from '../store/team';
import { useShallow } from 'zustand/react/shallow';
import { useApp } from '../store/useApp';
import { extraName, groupByPeriod, stateOf, whoOf, type PeriodGroup } from '../team-format';
import { Empty, ErrorMessage, Loading, Outcome } from './Messages';
import { TeamBatchBar } from './TeamBatchBar';
import { TimesheetReview } from './TimesheetReview';
import { RowFlags } from './WeekFlags';
import { rowFlags } from '../team-words';
import '../styles/team.css';
import { sayIt } from '../../../shared/i18n/said';
import { useWording } from '../i18n/I18n';

const FILTERS: Array<{ id: TeamFilter; label: string }> = [
  { id: 'pending', label: 'Pending' },
  { id: 'all', label: 'All' },
  { id: 'draft', label: 'Draft' },
  { id: 'approved', label: 'Approved' },
  { id: 'rejected', label: 'Rejected' },
];

export function TeamScreen() {
  const w = useWording();
  const filter = useApp((s) => s.team.filter);
  const list = useApp((s) => s.team.list);
  const loaded = useApp((s) => s.team.loaded);
  const loading = useApp((s) => s.team.loading);
  const error = useApp((s) => s.team.error);
  const openId = useApp((s) => s.team.openId);
  const decided = useApp((s) => s.team.decided);
  const selected = useApp((s) => s.team.selected);
  const failures = useApp((s) => s.team.failures);
  const actions = useApp(useShallow((s) => ({ setFilter: s.team.setFilter, load: s.team.load, selectAll: s.team.selectAll })));
  const load = useApp((s) => s.team.load);

  // Read once when the tab first opens; `load` is stable (the slice object itself changes on every update).
  useEffect(() => {
    if (!loaded) void load();
  }, [loaded, load]);
  // Back from a review (after a delete the user was at its bottom): show the list from its top, where the outcome is.
  const top = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (!openId && wasOpen.current) top.current?.scrollIntoView({ block: 'start' });
    wasOpen.current = openId !== null;
  }, [openId]);

  const groups = useMemo(() => groupByPeriod(list, new Date().getFullYear()), [list]);
  const pendingCount = useMemo(() => list.filter((t) => t.status === 'pending').length, [list]);
  const listed = new Set(list.map((t) => t.recordId));
  // Failed in the last "Approve N" and no longer on this list (decided elsewhere meanwhile): said here instead.
  const gone = Object.entries(failures).filter(([id]) => !listed.has(id));

  if (openId) return <TimesheetReview />;
  return (
    <div className="stack" ref={top}>
      <div className="row row-between">
        <h2 className="screen-title">Team timesheets</h2>
        <div className="row">
          <label className="field field-inline">
            <span className="field-label">Show</span>
            <select className="input" value={filter} onChange={(e) => void actions.setFilter(e.target.value as TeamFilter)}>
              {FILTERS.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.label}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="btn btn-small" disabled={loading} onClick={() => void actions.load()}>
            Refresh
          </button>
        </div>
      </div>
      {decided && <Outcome tone={Object.keys(failures).length ? 'warn' : 'ok'}>{decided}</Outcome>}
      {gone.length > 0 && (
        <ul className="callout callout-warn small" aria-label="Not decided">
          {gone.map(([id, f]) => (
            <li key={id}>
              <span className="strong">{f.label}</span>: {sayIt(w, f.said, f.reason)}
            </li>
          ))}
        </ul>
      )}
      <ErrorMessage error={error} onRetry={() => void actions.load()} />
      {loading && !loaded && <Loading>Reading your team's timesheets...</Loading>}
      {loaded && !error && list.length === 0 && (
        <Empty title={filter === 'pending' ? 'Nothing waits for your approval.' : 'No timesheets here.'}>
          {filter === 'pending' ? 'Submitted weeks of your team appear here.' : 'Try another filter.'}
        </Empty>
      )}
      {pendingCount > 1 && <SelectAll count={pendingCount} chosen={selected.length} onChange={actions.selectAll} />}
      {groups.map((g) => (
        <Group key={g.key} group={g} selected={selected} failures={failures} />
      ))}
      {selected.length > 0 && <TeamBatchBar />}
    </div>
  );
}

function SelectAll({ count, chosen, onChange }: { count: number; chosen: number; onChange: (on: boolean) => void }) {
  const box = useRef<HTMLInputElement>(null);
  const all = chosen > 0 && chosen >= count;
  useEffect(() => {
    if (box.current) box.current.indeterminate = chosen > 0 && !all;
  }, [chosen, all]);
  return (
    <label className="check select-all">
      <input ref={box} type="checkbox" checked={all} onChange={(e) => onChange(e.target.checked)} />
      Select all {count} pending
    </label>
  );
}

function Group({ group, selected, failures }: { group: PeriodGroup; selected: string[]; failures: Record<string, BatchFailure> }) {
  const id = useId();
  const w = useWording();
  return (
    <section className="period-group" aria-labelledby={id}>
      <h3 className="period-heading" id={id}>
        {group.label}
      </h3>
      <ul className="sheet-list" aria-labelledby={id}>
        {group.sheets.map((t) => (
          <Row
            key={t.recordId}
            sheet={t}
            period={group.label}
            headingId={id}
            selected={selected.includes(t.recordId)}
            failure={failures[t.recordId] ? sayIt(w, failures[t.recordId].said, failures[t.recordId].reason) : undefined}
          />
        ))}
      </ul>
    </section>
  );
}

function Row({
  sheet: t,
  period,
  headingId,
  selected,
  failure,
}: {
  sheet: Timesheet;
  period: string;
  headingId: string;
  selected: boolean;
  failure?: string;
}) {
  const actions = useApp(useShallow((s) => ({ open: s.team.open, toggle: s.team.toggle })));
  const reasonId = useId();
  const who = whoOf(t);
  const extra = extraName(t);
  const state = stateOf(t);
  return (
    <li className={`sheet-item${selected ? ' is-selected' : ''}`}>
      <div className="sheet-line">
        {t.status === 'pending' ? (
          <input
            type="checkbox"
            className="sheet-check"
            checked={selected}
            aria-label={`Select ${who}, ${period}`}
            aria-describedby={failure ? reasonId : undefined}
            onChange={(e) => actions.toggle(t.recordId, e.target.checked)}
          />
        ) : (
          <span className="sheet-check-space" aria-hidden="true" />
        )}
        <button type="button" className="sheet-row" aria-describedby={headingId} onClick={() => void actions.open(t.recordId)}>
          <span className="sheet-who">
            <span className="strong">{who}</span>
            {extra && <span className="muted small">{extra}</span>}
            <RowFlags flags={rowFlags(t, new Date().getFullYear())} />
          </span>
          <span className="mono">{t.totalHours}</span>
          <span className={`badge badge-${state.tone}`}>{state.label}</span>
        </button>
      </div>
      {failure && (
        <p className="sheet-failure" id={reasonId}>
          {failure}
        </p>
      )}
    </li>
  );
}
