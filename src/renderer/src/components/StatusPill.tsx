/**
 * Header: always shows whether everything reached the service (icon + words, not colour alone). Opens the outbox.
 * Its words are the one status line (src/shared/status/sync-words.ts): the short form fits the header at the tray's width;
 * the cause and every count are in its tooltip and accessible name, and in the outbox's heading.
 */
import { describeStatus } from '../store/slices/status';
import { useApp } from '../store/useApp';
import { defineMessages } from '../../../shared/i18n/messages';
import { useWording } from '../i18n/I18n';
import { showMoment } from '../format';
import { useUserZone } from '../hooks/useUserZone';

const M = defineMessages({
  notConnected: {
    id: 'pill.not-connected',
    defaultMessage: 'Not connected',
    description: 'Status pill when the app cannot reach its own core.',
  },
  lastSync: { id: 'pill.last-sync', defaultMessage: 'Last sync {time}.', description: 'Pill tooltip: {time} is a clock time.' },
  openOutbox: { id: 'pill.open-outbox', defaultMessage: 'Open the outbox.', description: 'Pill tooltip: what a click does.' },
  accessibleName: {
    id: 'pill.name',
    defaultMessage: 'Sync status: {title}',
    description: 'Screen reader name of the pill; {title} is its tooltip.',
  },
});

const ICONS = { ok: '\u2713', busy: '\u25F7', warn: '\u26A0\uFE0E', off: '\u25CB' } as const;

export function StatusPill() {
  const w = useWording();
  const status = useApp((s) => s.status.value);
  const error = useApp((s) => s.status.error);
  const show = useApp((s) => s.ui.show);
  const zone = useUserZone();
  const { label, tone, detail } =
    error && !status ? { label: w.say(M.notConnected), tone: 'warn' as const, detail: error.message } : describeStatus(status, w);
  const lastSync = status?.lastSyncAt ? w.say(M.lastSync, { time: showMoment(w, status.lastSyncAt, zone) }) : '';
  const title = pillTitle(label, detail, lastSync, w.say(M.openOutbox));
  return (
    <button
      type="button"
      className={`pill pill-${tone}`}
      data-testid="status"
      title={title}
      onClick={() => show('outbox')}
      aria-label={w.say(M.accessibleName, { title })}
    >
      <span className="pill-icon" aria-hidden="true">
        {ICONS[tone]}
      </span>
      <span className="pill-text">{label}</span>
    </button>
  );
}

/**
 * The pill's tooltip (and, inside "Sync status: …", its name for a screen reader): its label, then the sentence. A
 * sentence that begins with the label says it once ("Offline: no network. …", not "Offline. Offline: no network. …").
 */
export function pillTitle(label: string, detail: string | undefined, lastSync: string, open: string): string {
  const repeats = !!detail && detail.toLocaleLowerCase().startsWith(label.toLocaleLowerCase());
  return [repeats ? '' : `${label}.`, detail, lastSync, open].filter(Boolean).join(' ');
}
