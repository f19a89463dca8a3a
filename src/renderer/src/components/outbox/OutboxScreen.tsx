/**
 * Every write waiting for the service, with its state and what can be done about it (PRODUCT: a per-entry outbox).
 * Grouped by what the user has to do: needs attention, then waiting, then another account's, then
 * sent recently; newest first in each (store/slices/outbox.ts `groupOutbox`). The heading says the status in the same words
 * and counts as the header's pill, the tray and `punch status` (src/shared/status/sync-words.ts).
 */
import { useState } from 'react';
import type { OutboxAttempt, OutboxEntry } from '../../../../shared/domain';
import { syncLine } from '../../../../shared/status/sync-words';
import { describeSync, groupOutbox, type OutboxGroup } from '../../store/slices/outbox';
import { useShallow } from 'zustand/react/shallow';
import { useApp } from '../../store/useApp';
import { showDate, showTime } from '../../format';
import { Dialog } from '../Dialog';
import { FixEntryForm } from './FixEntryForm';
import { Empty, ErrorMessage, Loading, Outcome } from '../Messages';
import { SyncBadge } from '../SyncBadge';
import { useWording } from '../../i18n/I18n';
import '../../styles/outbox.css';
import { attemptMessage, entryMessage, waitsForText } from '../../../../shared/said-words';

const KIND_LABELS = { add: 'Add', edit: 'Edit', delete: 'Delete' } as const;
const ATTEMPT_WORDS: Record<OutboxAttempt['outcome'], string> = {
  applied: 'Sent',
  refused: 'Refused',
  retry: 'Not sent, tried again later',
  ambiguous: 'No answer',
  reconciled: 'Settled',
};
const capitalise = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

export function OutboxScreen() {
  const w = useWording();
  const entries = useApp((s) => s.outbox.entries);
  const loaded = useApp((s) => s.outbox.loaded);
  const error = useApp((s) => s.outbox.error);
  const syncing = useApp((s) => s.outbox.syncing);
  const lastReport = useApp((s) => s.outbox.lastReport);
  const status = useApp((s) => s.status.value);
  const syncNow = useApp((s) => s.outbox.syncNow);
  const groups = groupOutbox(entries);

  return (
    <div className="stack">
      <div className="row row-between outbox-head">
        <div>
          <h2 className="screen-title">Outbox</h2>
          <p className="muted small" data-testid="outbox-status">
            {syncLine(status, w).sentence}
          </p>
          {/* one record for every process on this computer: the app's syncs and punch's (as `punch status` says it) */}
          <p className="muted small" data-testid="last-sync">
            Last sync: {status?.lastSyncAt ? showTime(status.lastSyncAt) : 'never'}
          </p>
        </div>
        <button type="button" className="btn" disabled={syncing} onClick={() => void syncNow()}>
          <span aria-hidden="true">{'\u21BB'}</span> {syncing ? 'Syncing...' : 'Sync now'}
        </button>
      </div>
      {lastReport && !syncing && (
        <Outcome tone={lastReport.needsAttention || !lastReport.online ? 'warn' : 'ok'}>{describeSync(lastReport)}</Outcome>
      )}
      <ErrorMessage error={error && !error.violations.length ? error : null} />
      {!loaded && <Loading>Reading the outbox...</Loading>}
      {loaded && entries.length === 0 && (
        <Empty title="Nothing waiting.">
          What you log while the service is out of reach waits here, and is sent by itself when it is back.
        </Empty>
      )}
      {groups.map((g) => (
        <Group key={g.id} group={g} />
      ))}
    </div>
  );
}

function Group({ group }: { group: OutboxGroup }) {
  const headingId = `outbox-group-${group.id}`;
  return (
    <section className={`outbox-group outbox-group-${group.id}`} aria-labelledby={headingId} data-testid={`outbox-group-${group.id}`}>
      <h3 className="outbox-group-title" id={headingId}>
        {group.title}{' '}
        <span className="outbox-group-count" data-testid="outbox-group-count">
          {group.entries.length}
        </span>
      </h3>
      <ul className="outbox-list">
        {group.entries.map((e) => (
          <OutboxRow key={e.id} entry={e} />
        ))}
      </ul>
    </section>
  );
}

function OutboxRow({ entry }: { entry: OutboxEntry }) {
  const w = useWording();
  const waitsFor = waitsForText(w, entry);
  const message = entryMessage(w, entry);
  const busy = useApp((s) => s.outbox.busyIds.includes(entry.id));
  const actions = useApp(useShallow((s) => ({ markRecorded: s.outbox.markRecorded, retry: s.outbox.retry, discard: s.outbox.discard })));
  const [fixing, setFixing] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const can = (r: OutboxEntry['resolutions'][number]) => entry.resolutions.includes(r);
  const summary = `${KIND_LABELS[entry.kind]} ${entry.hours ?? ''} ${entry.jobName ?? ''}, ${showDate(entry.workDate)}`.replace(
    /\s+/g,
    ' ',
  );
  const last = entry.attempts.at(-1);
  // the one action that moves the entry on sits on the right, styled as primary; Discard is quiet, on the far left
  const primary = can('fix') ? 'fix' : can('mark-recorded') ? 'mark-recorded' : can('retry') ? 'retry' : undefined;
  const btn = (r: OutboxEntry['resolutions'][number]) => `btn btn-small${primary === r ? ' btn-primary' : ''}`;

  return (
    <li className={`outbox-entry outbox-${entry.state}`} data-testid="outbox-entry" aria-label={summary}>
      <div className="row row-between">
        <div className="outbox-what">
          <span className="tag">{KIND_LABELS[entry.kind]}</span>
          {entry.hours && <span className="mono strong">{entry.hours}</span>}
          <span className="outbox-job">{entry.jobName ?? 'Time log'}</span>
          <span className="muted small">{showDate(entry.workDate)}</span>
        </div>
        <SyncBadge state={entry.state} />
      </div>
      {waitsFor && (
        <p className="small strong" data-testid="waits-for">
          {capitalise(waitsFor)}.
        </p>
      )}
      {/* while fixing, the refusal is said at the field it concerns (FixEntryForm) */}
      {message && !(fixing && entry.field) && (
        <p className={entry.state === 'needs-attention' ? 'field-error small' : 'muted small'}>{message}</p>
      )}
      {entry.unchecked && (
        <p className="muted small">
          Not checked against your company&apos;s rules yet (they could not be read): checked before it is sent.
        </p>
      )}
      {entry.attempts.length > 0 && (
        <details className="attempts small">
          <summary>
            {entry.attempts.length} attempt{entry.attempts.length === 1 ? '' : 's'}
            {last ? `, last ${showTime(last.at)}` : ''}
          </summary>
          <ol>
            {entry.attempts.map((a, i) => (
              <li key={i}>
                <span className="mono">{showTime(a.at)}</span> {ATTEMPT_WORDS[a.outcome] ?? a.outcome}
                {a.message ? `: ${attemptMessage(w, a)}` : ''}
              </li>
            ))}
          </ol>
        </details>
      )}
      {fixing ? (
        <FixEntryForm entry={entry} onDone={() => setFixing(false)} />
      ) : (
        entry.resolutions.length > 0 && (
          <div className="outbox-actions">
            {can('discard') && (
              <button type="button" className="btn btn-small btn-quiet outbox-discard" disabled={busy} onClick={() => setDiscarding(true)}>
                Discard
              </button>
            )}
            {can('retry') && (
              // For an ambiguous entry (it may already be recorded) "retry" means sending it again: say exactly that.
              <button type="button" className={btn('retry')} disabled={busy} onClick={() => void actions.retry(entry.id)}>
                {can('mark-recorded') ? 'Send again' : 'Retry'}
              </button>
            )}
            {can('mark-recorded') && (
              <button
                type="button"
                className={btn('mark-recorded')}
                disabled={busy}
                onClick={() => void actions.markRecorded(entry.id)}
                title="You checked the service and this entry is there: stop trying and keep it."
              >
                It is there
              </button>
            )}
            {can('fix') && (
              <button type="button" className={btn('fix')} disabled={busy} onClick={() => setFixing(true)}>
                Fix
              </button>
            )}
          </div>
        )
      )}
      {discarding && (
        <Dialog
          title="Discard this entry?"
          tone="danger"
          onCancel={() => setDiscarding(false)}
          actions={
            <>
              <button type="button" className="btn" onClick={() => setDiscarding(false)} autoFocus>
                Keep it
              </button>
              <button
                type="button"
                className="btn btn-danger"
                onClick={() => {
                  setDiscarding(false);
                  void actions.discard(entry.id);
                }}
              >
                Discard
              </button>
            </>
          }
        >
          {entry.maybeSent ? (
            <p>
              {summary} may already be in the service: its answer was lost. Discarding only stops Punchcard from tracking it; if it is
              there, it stays there. This cannot be undone.
            </p>
          ) : (
            <p>{summary} will not be sent to the service. This cannot be undone.</p>
          )}
        </Dialog>
      )}
    </li>
  );
}
