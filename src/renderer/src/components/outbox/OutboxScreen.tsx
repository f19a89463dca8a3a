/**
 * Every write waiting for the service, with its state and what can be done about it (PRODUCT: a per-entry outbox).
 * Grouped by what the user has to do: needs attention, then waiting, then another account's, then
 * sent recently; newest first in each (src/shared/status/outbox-groups.ts, the core's order of the list). The heading says
 * the status in the same words and counts as the header's pill, the tray and `punch status`
 * (src/shared/status/sync-words.ts). The groups' counts come from the core; each group shows the part of the list in
 * view, read from the core as it scrolls (./OutboxGroupList.tsx): 10,000 entries waiting are neither held nor drawn.
 */
import { useMemo } from 'react';
import { syncLine } from '../../../../shared/status/sync-words';
import { describeSync, headingsShown } from '../../store/outbox-groups';
import { useApp } from '../../store/useApp';
import { showMoment } from '../../format';
import { useUserZone } from '../../hooks/useUserZone';
import { Empty, ErrorMessage, Loading, Outcome } from '../Messages';
import { useWording } from '../../i18n/I18n';
import { sayWords } from '../../i18n/words';
import { OUTBOX_WORDS as M } from './outbox-words';
import { OutboxGroupList } from './OutboxGroupList';
import '../../styles/outbox.css';

export function OutboxScreen() {
  const w = useWording();
  const zone = useUserZone();
  const counts = useApp((s) => s.outbox.groups);
  const total = useApp((s) => s.outbox.total);
  const loaded = useApp((s) => s.outbox.loaded);
  const error = useApp((s) => s.outbox.error);
  const syncing = useApp((s) => s.outbox.syncing);
  const lastReport = useApp((s) => s.outbox.lastReport);
  const status = useApp((s) => s.status.value);
  const syncNow = useApp((s) => s.outbox.syncNow);
  // the held count of the same answer or push as the groups' counts, not the status's (../../store/outbox-groups.ts)
  const held = useApp((s) => s.outbox.held);
  const groups = useMemo(() => headingsShown({ groups: counts, held }, status), [counts, held, status]);

  return (
    <div className="stack">
      <div className="row row-between outbox-head">
        <div>
          <h2 className="screen-title">{w.say(M.title)}</h2>
          <p className="muted small" data-testid="outbox-status">
            {syncLine(status, w).sentence}
          </p>
          {/* one record for every process on this computer: the app's syncs and punch's (as `punch status` says it) */}
          <p className="muted small" data-testid="last-sync">
            {w.say(M.lastSync, {
              never: status?.lastSyncAt ? 'no' : 'yes',
              at: status?.lastSyncAt ? showMoment(w, status.lastSyncAt, zone) : '',
            })}
          </p>
        </div>
        <button type="button" className="btn" disabled={syncing} onClick={() => void syncNow()}>
          <span aria-hidden="true">{'\u21BB'}</span> {w.say(M.syncNow, { syncing: syncing ? 'yes' : 'no' })}
        </button>
      </div>
      {lastReport && !syncing && (
        <Outcome tone={lastReport.needsAttention || !lastReport.online ? 'warn' : 'ok'}>{sayWords(w, describeSync(lastReport))}</Outcome>
      )}
      <ErrorMessage error={error && !error.violations.length ? error : null} />
      {!loaded && <Loading>{w.say(M.reading)}</Loading>}
      {loaded && total === 0 && <Empty title={w.say(M.emptyTitle)}>{w.say(M.emptyHint)}</Empty>}
      {groups.map((g) => (
        <OutboxGroupList key={g.id} group={g} />
      ))}
    </div>
  );
}
