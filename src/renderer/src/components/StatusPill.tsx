/** Header: always shows whether everything reached the service (icon + words, not colour alone). Opens the outbox. */
import { describeStatus } from '../store/status';
import { useApp } from '../store/useApp';
import { showTime } from '../format';

const ICONS = { ok: '\u2713', busy: '\u25F7', warn: '\u26A0\uFE0E', off: '\u25CB' } as const;

export function StatusPill() {
  const status = useApp((s) => s.status.value);
  const error = useApp((s) => s.status.error);
  const show = useApp((s) => s.ui.show);
  const { label, tone, detail } = error && !status ? { label: 'Not connected', tone: 'warn' as const, detail: undefined } : describeStatus(status);
  const title = [
    detail ? `${label}: ${detail}` : null,
    status?.lastSyncAt ? `Last sync ${showTime(status.lastSyncAt)}` : null,
    error?.message ?? null,
    'Open the outbox',
  ].filter(Boolean).join('. ');
  return (
    <button type="button" className={`pill pill-${tone}`} data-testid="status" title={title} onClick={() => show('outbox')}
      aria-label={`Sync status: ${label}${detail ? `, ${detail}` : ''}. Open the outbox`}>
      <span className="pill-icon" aria-hidden="true">{ICONS[tone]}</span>
      <span className="pill-text">{label}{detail && <span className="pill-detail" data-testid="status-cause"> · {detail}</span>}</span>
    </button>
  );
}
