/**
 * One outbox entry: what it is, its state, why it needs attention, its attempts, and what the user can do about it
 * (fix, send again, it is there, discard). Shown by ./OutboxGroupList.tsx, in the list or in its window.
 */
import { forwardRef, useState, type CSSProperties, type FocusEvent } from 'react';
import type { OutboxEntry } from '../../../../shared/domain';
import { useShallow } from 'zustand/react/shallow';
import { useApp } from '../../store/useApp';
import { IN_DOUBT_SENTENCE, inDoubt, showMoment } from '../../format';
import { useUserZone } from '../../hooks/useUserZone';
import { badgeOf } from '../../../../shared/status/badge';
import { Dialog } from '../Dialog';
import { FixEntryForm } from './FixEntryForm';
import { SyncBadge } from '../SyncBadge';
import { useWording } from '../../i18n/I18n';
import { coreText } from '../../i18n/words';
import { LOG_WORDS } from '../../log-words';
import { OUTBOX_WORDS as M } from './outbox-words';

/** The first letter in upper case, as the language writes it (the core's "waits for ..." starts a sentence here). */
const capitalise = (s: string, language: string) => (s ? s[0].toLocaleUpperCase(language === 'en-XA' ? 'en' : language) + s.slice(1) : s);

/** Where the row sits in a windowed list: its place and the list's size (said to screen readers), and its position. */
export interface RowPlace {
  index: number;
  size: number;
  style?: CSSProperties;
  tabIndex?: number;
  onFocus?: (e: FocusEvent<HTMLLIElement>) => void;
}

/** A row's attributes for its place in a windowed list (none outside one). */
function placeProps(place: RowPlace | undefined) {
  if (!place) return {};
  return {
    'data-index': place.index,
    'aria-posinset': place.index + 1,
    'aria-setsize': place.size,
    style: place.style,
    tabIndex: place.tabIndex,
    onFocus: place.onFocus,
  };
}

export const OutboxRow = forwardRef<HTMLLIElement, { entry: OutboxEntry; place?: RowPlace }>(function OutboxRow({ entry, place }, ref) {
  const w = useWording();
  const zone = useUserZone();
  const busy = useApp((s) => s.outbox.busyIds.includes(entry.id));
  const actions = useApp(useShallow((s) => ({ markRecorded: s.outbox.markRecorded, retry: s.outbox.retry, discard: s.outbox.discard })));
  const [fixing, setFixing] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const can = (r: OutboxEntry['resolutions'][number]) => entry.resolutions.includes(r);
  // an old sent entry whose log is gone may not know its day (a journal written before entries kept it): shown without one
  const day = entry.workDate ? w.formats.day(entry.workDate) : '';
  const summary = w.say(M.summary, {
    kind: entry.kind,
    hasHours: entry.hours ? 'yes' : 'no',
    hours: entry.hours ?? '',
    hasJob: entry.jobName ? 'yes' : 'no',
    job: entry.jobName ?? '',
    hasDay: day ? 'yes' : 'no',
    day,
  });
  const last = entry.attempts.at(-1);
  // the one action that moves the entry on sits on the right, styled as primary; Discard is quiet, on the far left
  const primary = can('fix') ? 'fix' : can('mark-recorded') ? 'mark-recorded' : can('retry') ? 'retry' : undefined;
  const btn = (r: OutboxEntry['resolutions'][number]) => `btn btn-small${primary === r ? ' btn-primary' : ''}`;

  return (
    <li ref={ref} className={`outbox-entry outbox-${entry.state}`} data-testid="outbox-entry" aria-label={summary} {...placeProps(place)}>
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
          {day && <span className="muted small">{day}</span>}
        </div>
        <SyncBadge state={badgeOf(entry.state, [entry])} />
      </div>
      {entry.waitsFor && (
        <p className="small strong" data-testid="waits-for">
          {capitalise(coreText(w, { message: entry.waitsFor, said: entry.waitsForSaid }), w.language)}.
        </p>
      )}
      {/* held for the user's answer to a torn delete: why it stays queued, pointing at the banner that answers (the
          core's words name the `punch data` commands, which are the terminal's way) */}
      {entry.heldByReport && (
        <p className="small strong" data-testid="waits-for-answer">
          {w.say(M.waitsForAnswer)}
        </p>
      )}
      {/* refused as a future day that is the user's today: it waits for the service's day (another time zone), by itself */}
      {entry.waitsForServiceDay && (
        <p className="small strong" data-testid="waits-for-service-day">
          {coreText(w, { message: entry.waitsForServiceDay, said: entry.waitsForServiceDaySaid })}
        </p>
      )}
      {/* while fixing, the refusal is said at the field it concerns (FixEntryForm) */}
      {entry.message && !(fixing && entry.field) && (
        <p className={entry.state === 'needs-attention' ? 'field-error small' : 'muted small'} data-testid="entry-message">
          {coreText(w, entry)}
        </p>
      )}
      {!entry.message && inDoubt(entry) && (
        <p className="muted small" data-testid="entry-in-doubt">
          {w.say(IN_DOUBT_SENTENCE)}
        </p>
      )}
      {entry.unchecked && <p className="muted small">{w.say(M.unchecked)}</p>}
      {entry.attempts.length > 0 && (
        <details className="attempts small">
          <summary>
            {w.say(M.attempts, {
              count: entry.attempts.length,
              hasLast: last ? 'yes' : 'no',
              last: last ? showMoment(w, last.at, zone) : '',
            })}
          </summary>
          <ol>
            {entry.attempts.map((a, i) => (
              <li key={i}>
                <span className="mono">{showMoment(w, a.at, zone)}</span>{' '}
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
});

/** A place of the list whose entry is being read from the core (the list scrolled there): said as such, and focusable. */
export const OutboxRowReading = forwardRef<HTMLLIElement, { place?: RowPlace }>(function OutboxRowReading({ place }, ref) {
  const w = useWording();
  return (
    <li
      ref={ref}
      className="outbox-entry outbox-reading"
      data-testid="outbox-entry"
      aria-busy="true"
      aria-label={w.say(M.reading)}
      {...placeProps(place)}
    >
      <p className="muted small">{w.say(M.reading)}</p>
    </li>
  );
});
