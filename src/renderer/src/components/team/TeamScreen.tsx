/**
 * Managers: the team's timesheets grouped by period (newest first, then by name), pending ones selectable for
 * "Approve N", and one opened for a decision. The user's own timesheets are never here (the core leaves them out).
 */
import { useEffect, useId, useMemo, useRef } from 'react';
import type { Timesheet } from '../../../../shared/domain';
import { defineMessages } from '../../../../shared/i18n/messages';
import { weekFlags } from '../../../../shared/team/week-flags';
import type { TeamFilter } from '../../store/slices/team';
import { useShallow } from 'zustand/react/shallow';
import { useApp } from '../../store/useApp';
import { useWording } from '../../i18n/I18n';
import { extraName, groupByPeriod, nameOf, stateOf, type BatchFailure, type PeriodGroup } from '../../team-format';
import { outcomeWords, periodWords, sheetWords, stateWords, whoOf } from '../../team-words';
import { Empty, ErrorMessage, Loading, Outcome } from '../Messages';
import { TeamBatchBar } from './TeamBatchBar';
import { TimesheetReview } from './TimesheetReview';
import { RowFlags } from './WeekFlags';
import '../../styles/team.css';
import { sayIt } from '../../../../shared/i18n/said';

const M = defineMessages({
  title: {
    id: 'team.title',
    defaultMessage: 'Team timesheets',
    description: "The Team tab's heading: the timesheets of the people the user approves.",
  },
  show: { id: 'team.filter', defaultMessage: 'Show', description: 'Label of the list that filters the timesheets by state.' },
  filter: {
    id: 'team.filter.option',
    defaultMessage: '{filter, select, pending {Pending} all {All} draft {Draft} approved {Approved} rejected {Rejected} other {{filter}}}',
    description: 'An option of the "Show" filter: timesheets in that state (pending: waiting for approval).',
  },
  refresh: { id: 'team.refresh', defaultMessage: 'Refresh', description: 'Button: read the list from the service again.' },
  notDecided: {
    id: 'team.not-decided',
    defaultMessage: 'Not decided',
    description: 'Screen reader name of the list of timesheets an "Approve N" could not decide.',
  },
  reading: { id: 'team.reading', defaultMessage: "Reading your team's timesheets..." },
  emptyPending: { id: 'team.empty.pending', defaultMessage: 'Nothing waits for your approval.' },
  emptyPendingHint: { id: 'team.empty.pending-hint', defaultMessage: 'Submitted weeks of your team appear here.' },
  empty: { id: 'team.empty', defaultMessage: 'No timesheets here.' },
  emptyHint: { id: 'team.empty.hint', defaultMessage: 'Try another filter.' },
  selectAll: {
    id: 'team.select-all',
    defaultMessage: '{count, plural, other {Select all # pending}}',
    description: 'Checkbox: tick every pending timesheet on the list, for "Approve N".',
  },
  select: {
    id: 'team.select',
    defaultMessage: 'Select {who}, {period}',
    description: "Screen reader name of a row's checkbox: {who} is the employee, {period} the timesheet's dates.",
  },
});

const FILTERS: TeamFilter[] = ['pending', 'all', 'draft', 'approved', 'rejected'];

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
  const glance = useApp((s) => s.team.glance);

  // Read when the tab opens, and again when it is shown again if the list is older than a minute (a timesheet may have
  // been decided elsewhere meanwhile); the window back reads it the same way (ui.regainedFocus). `glance` is stable
  // (the slice object itself changes on every update).
  useEffect(() => {
    void glance();
  }, [glance]);
  // Back from a review (after a delete the user was at its bottom): show the list from its top, where the outcome is.
  // Back by keyboard, the row of the timesheet left takes focus again (its button was gone while the review showed);
  // after a delete or a decision it may be gone from the list, and the list's top is where the outcome is.
  const top = useRef<HTMLDivElement>(null);
  const wasOpen = useRef<string | null>(null);
  useEffect(() => {
    const left = wasOpen.current;
    wasOpen.current = openId;
    if (openId || !left) return;
    top.current?.scrollIntoView({ block: 'start' });
    if (document.activeElement && document.activeElement !== document.body) return;
    const row = top.current?.querySelector<HTMLElement>(`[data-sheet="${CSS.escape(left)}"]`);
    (row ?? top.current?.querySelector<HTMLElement>('h2'))?.focus();
  }, [openId]);

  const groups = useMemo(() => groupByPeriod(list), [list]);
  const thisYear = new Date().getFullYear();
  const pendingCount = useMemo(() => list.filter((t) => t.status === 'pending').length, [list]);
  const listed = new Set(list.map((t) => t.recordId));
  // Failed in the last "Approve N" and no longer on this list (decided elsewhere meanwhile): said here instead.
  const gone = Object.entries(failures).filter(([id]) => !listed.has(id));

  if (openId) return <TimesheetReview />;
  return (
    <div className="stack" ref={top}>
      <div className="row row-between">
        <h2 className="screen-title" tabIndex={-1}>
          {w.say(M.title)}
        </h2>
        <div className="row">
          <label className="field field-inline">
            <span className="field-label">{w.say(M.show)}</span>
            <select className="input" value={filter} onChange={(e) => void actions.setFilter(e.target.value as TeamFilter)}>
              {FILTERS.map((f) => (
                <option key={f} value={f}>
                  {w.say(M.filter, { filter: f })}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="btn btn-small" disabled={loading} onClick={() => void actions.load()}>
            {w.say(M.refresh)}
          </button>
        </div>
      </div>
      {decided && <Outcome tone={Object.keys(failures).length ? 'warn' : 'ok'}>{outcomeWords(w, decided, thisYear)}</Outcome>}
      {gone.length > 0 && (
        <ul className="callout callout-warn small" aria-label={w.say(M.notDecided)}>
          {gone.map(([id, f]) => (
            <li key={id}>
              <span className="strong">{sheetWords(w, f.sheet, id, thisYear)}</span>: {sayIt(w, f.said, f.reason)}
            </li>
          ))}
        </ul>
      )}
      <ErrorMessage error={error} onRetry={() => void actions.load()} />
      {loading && !loaded && <Loading>{w.say(M.reading)}</Loading>}
      {loaded && !error && list.length === 0 && (
        <Empty title={filter === 'pending' ? w.say(M.emptyPending) : w.say(M.empty)}>
          {filter === 'pending' ? w.say(M.emptyPendingHint) : w.say(M.emptyHint)}
        </Empty>
      )}
      {pendingCount > 1 && <SelectAll count={pendingCount} chosen={selected.length} onChange={actions.selectAll} />}
      {groups.map((g) => (
        <Group key={g.key} group={g} label={periodWords(w, g.from, g.to, thisYear)} selected={selected} failures={failures} />
      ))}
      {selected.length > 0 && <TeamBatchBar />}
    </div>
  );
}

function SelectAll({ count, chosen, onChange }: { count: number; chosen: number; onChange: (on: boolean) => void }) {
  const w = useWording();
  const box = useRef<HTMLInputElement>(null);
  const all = chosen > 0 && chosen >= count;
  useEffect(() => {
    if (box.current) box.current.indeterminate = chosen > 0 && !all;
  }, [chosen, all]);
  return (
    <label className="check select-all">
      <input ref={box} type="checkbox" checked={all} onChange={(e) => onChange(e.target.checked)} />
      {w.say(M.selectAll, { count })}
    </label>
  );
}

function Group({
  group,
  label,
  selected,
  failures,
}: {
  group: PeriodGroup;
  label: string;
  selected: string[];
  failures: Record<string, BatchFailure>;
}) {
  const id = useId();
  const w = useWording();
  return (
    <section className="period-group" aria-labelledby={id}>
      <h3 className="period-heading" id={id}>
        {label}
      </h3>
      <ul className="sheet-list" aria-labelledby={id}>
        {group.sheets.map((t) => (
          <Row
            key={t.recordId}
            sheet={t}
            period={label}
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
  const w = useWording();
  const actions = useApp(useShallow((s) => ({ open: s.team.open, toggle: s.team.toggle })));
  const reasonId = useId();
  const who = whoOf(w, t);
  const extra = extraName(t);
  const state = stateOf(t);
  const thisYear = new Date().getFullYear();
  return (
    <li className={`sheet-item${selected ? ' is-selected' : ''}`}>
      <div className="sheet-line">
        {t.status === 'pending' ? (
          <input
            type="checkbox"
            className="sheet-check"
            checked={selected}
            aria-label={w.say(M.select, { who, period })}
            aria-describedby={failure ? reasonId : undefined}
            onChange={(e) => actions.toggle(t.recordId, e.target.checked)}
          />
        ) : (
          <span className="sheet-check-space" aria-hidden="true" />
        )}
        <button
          type="button"
          className="sheet-row"
          data-sheet={t.recordId}
          aria-describedby={headingId}
          onClick={() => void actions.open(t.recordId)}
        >
          <span className="sheet-who">
            {/* a name is the service's data, not words to translate (translate="no": browsers' translators and the en-XA test leave it) */}
            <span className="strong" translate={nameOf(t) ? 'no' : undefined}>
              {who}
            </span>
            {extra && (
              <span className="muted small" translate="no">
                {extra}
              </span>
            )}
            <RowFlags flags={weekFlags(t, thisYear)} thisYear={thisYear} />
          </span>
          <span className="mono">{t.totalHours}</span>
          <span className={`badge badge-${state}`}>{stateWords(w, state)}</span>
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
