/**
 * Header: always shows whether everything reached the service (icon + words, not colour alone). Opens the outbox.
 * Its words are the one status line (src/shared/sync-words.ts): the short form fits the header at the tray's width;
 * the cause and every count are in its tooltip and accessible name, and in the outbox's heading.
 */
import { describeStatus } from '../store/status';
import { useApp } from '../store/useApp';
import { showTime } from '../format';

const ICONS = { ok: '\u2713', busy: '\u25F7', warn: '\u26A0\uFE0E', off: '\u25CB' } as const;

export function StatusPill() {
  const status = useApp((s) => s.status.value);
  const error = useApp((s) => s.status.error);
  const show = useApp((s) => s.ui.show);
  const { label, tone, detail } =
    error && !status ? { label: 'Not connected', tone: 'warn' as const, detail: error.message } : describeStatus(status);
  const lastSync = status?.lastSyncAt ? `Last sync ${showTime(status.lastSyncAt)}.` : '';
  const title = [`${label}.`, detail, lastSync, 'Open the outbox.'].filter(Boolean).join(' ');
  return (
    <button
      type="button"
      className={`pill pill-${tone}`}
      data-testid="status"
      title={title}
      onClick={() => show('outbox')}
      aria-label={`Sync status: ${title}`}
    >
      <span className="pill-icon" aria-hidden="true">
        {ICONS[tone]}
      </span>
      <span className="pill-text">{label}</span>
    </button>
  );
}
