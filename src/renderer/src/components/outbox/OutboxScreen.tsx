/**
 * Every write waiting for the service, with its state and what can be done about it (PRODUCT: a per-entry outbox).
 * Grouped by what the user has to do: needs attention, then waiting, then another account's, then
 * sent recently; newest first in each (store/slices/outbox.ts `groupOutbox`). The heading says the status in the same words
 * and counts as the header's pill, the tray and `punch status` (src/shared/status/sync-words.ts).
 */
import { useState } from 'react';
import type { OutboxEntry } from '../../../../shared/domain';
import { syncLine } from '../../../../shared/status/sync-words';
import { describeSync, groupOutbox, type OutboxGroup } from '../../store/slices/outbox';
import { useShallow } from 'zustand/react/shallow';
import { useApp } from '../../store/useApp';
import { showMoment } from '../../format';
import { Dialog } from '../Dialog';
import { FixEntryForm } from './FixEntryForm';
import { Empty, ErrorMessage, Loading, Outcome } from '../Messages';
import { SyncBadge } from '../SyncBadge';
import { useWording } from '../../i18n/I18n';
import { coreText, sayWords } from '../../i18n/words';
import { LOG_WORDS } from '../../log-words';
import { OUTBOX_WORDS as M } from './outbox-words';
import '../../styles/outbox.css';

/** The first letter in upper case, as the language writes it (the core's "waits for ..." starts a sentence here). */
const capitalise = (s: string, language: string) => (s ? s[0].toLocaleUpperCase(language === 'en-XA' ? 'en' : language) + s.slice(1) : s);

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
          <h2 className="screen-title">{w.say(M.title)}</h2>
          <p className="muted small" data-testid="outbox-status">
            {syncLine(status, w).sentence}
          </p>
          {/* one record for every process on this computer: the app's syncs and punch's (as `punch status` says it) */}
          <p className="muted small" data-testid="last-sync">
            {w.say(M.lastSync, {
              never: status?.lastSyncAt ? 'no' : 'yes',
              at: status?.lastSyncAt ? showMoment(w, status.lastSyncAt) : '',
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
      {loaded && entries.length === 0 && <Empty title={w.say(M.emptyTitle)}>{w.say(M.emptyHint)}</Empty>}
      {groups.map((g) => (
        <Group key={g.id} group={g} />
      ))}
    </div>
  );
}

function Group({ group }: { group: OutboxGroup }) {
  const w = useWording();
  const headingId = `outbox-group-${group.id}`;
  return (
    <section className={`outbox-group outbox-group-${group.id}`} aria-labelledby={headingId} data-testid={`outbox-group-${group.id}`}>
      <h3 className="outbox-group-title" id={headingId}>
        {w.say(group.title)}{' '}
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
  const busy = useApp((s) => s.outbox.busyIds.includes(entry.id));
  const actions = useApp(useShallow((s) => ({ markRecorded: s.outbox.markRecorded, retry: s.outbox.retry, discard: s.outbox.discard })));
  const [fixing, setFixing] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const can = (r: OutboxEntry['resolutions'][number]) => entry.resolutions.includes(r);
  const summary = w.say(M.summary, {
    kind: entry.kind,
    hasHours: entry.hours ? 'yes' : 'no',
    hours: entry.hours ?? '',
    hasJob: entry.jobName ? 'yes' : 'no',
    job: entry.jobName ?? '',
    day: w.formats.day(entry.workDate),
  });
  const last = entry.attempts.at(-1);
  // the one action that moves the entry on sits on the right, styled as primary; Discard is quiet, on the far left
  const primary = can('fix') ? 'fix' : can('mark-recorded') ? 'mark-recorded' : can('retry') ? 'retry' : undefined;
  const btn = (r: OutboxEntry['resolutions'][number]) => `btn btn-small${primary === r ? ' btn-primary' : ''}`;

  return (
    <li className={`outbox-entry outbox-${entry.state}`} data-testid="outbox-entry" aria-label={summary}>
      <div className="row row-between">
        <div className="outbox-what">
          <span className="tag">{w.say(M.kind, { kind: entry.kind })}</span>
          {entry.hours && <span className="mono strong">{entry.hours}</span>}
          {entry.jobName ? (
            <span className="outbox-job" translate="no">
              {entry.jobName}
            </span>
          ) : (
            <span className="outbox-job">{w.say(M.noJob)}</span>
          )}
          <span className="muted small">{w.formats.day(entry.workDate)}</span>
        </div>
        <SyncBadge state={entry.state} />
      </div>
      {entry.waitsFor && (
        <p className="small strong" data-testid="waits-for">
          {capitalise(coreText(w, { message: entry.waitsFor }), w.language)}.
        </p>
      )}
      {/* while fixing, the refusal is said at the field it concerns (FixEntryForm) */}
      {entry.message && !(fixing && entry.field) && (
        <p className={entry.state === 'needs-attention' ? 'field-error small' : 'muted small'} data-testid="entry-message">
          {coreText(w, entry)}
        </p>
      )}
      {entry.unchecked && <p className="muted small">{w.say(M.unchecked)}</p>}
      {entry.attempts.length > 0 && (
        <details className="attempts small">
          <summary>
            {w.say(M.attempts, { count: entry.attempts.length, hasLast: last ? 'yes' : 'no', last: last ? showMoment(w, last.at) : '' })}
          </summary>
          <ol>
            {entry.attempts.map((a, i) => (
              <li key={i}>
                <span className="mono">{showMoment(w, a.at)}</span>{' '}
                {w.say(M.attempt, { outcome: a.outcome, hasMessage: a.message ? 'yes' : 'no', message: a.message ? coreText(w, a) : '' })}
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
                {w.say(M.discard)}
              </button>
            )}
            {can('retry') && (
              // For an ambiguous entry (it may already be recorded) "retry" means sending it again: say exactly that.
              <button type="button" className={btn('retry')} disabled={busy} onClick={() => void actions.retry(entry.id)}>
                {w.say(M.retry, { ambiguous: can('mark-recorded') ? 'yes' : 'no' })}
              </button>
            )}
            {can('mark-recorded') && (
              <button
                type="button"
                className={btn('mark-recorded')}
                disabled={busy}
                onClick={() => void actions.markRecorded(entry.id)}
                title={w.say(M.isThereTitle)}
              >
                {w.say(M.isThere)}
              </button>
            )}
            {can('fix') && (
              <button type="button" className={btn('fix')} disabled={busy} onClick={() => setFixing(true)}>
                {w.say(M.fix)}
              </button>
            )}
          </div>
        )
      )}
      {discarding && (
        <Dialog
          title={w.say(M.discardTitle)}
          tone="danger"
          onCancel={() => setDiscarding(false)}
          actions={
            <>
              <button type="button" className="btn" onClick={() => setDiscarding(false)} autoFocus>
                {w.say(LOG_WORDS.keepIt)}
              </button>
              <button
                type="button"
                className="btn btn-danger"
                onClick={() => {
                  setDiscarding(false);
                  void actions.discard(entry.id);
                }}
              >
                {w.say(M.discard)}
              </button>
            </>
          }
        >
          <p>{w.say(M.discardText, { maybeSent: entry.maybeSent ? 'yes' : 'no', entry: summary })}</p>
        </Dialog>
      )}
    </li>
  );
}
