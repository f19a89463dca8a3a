/** A sync state as icon + text (never colour alone). `compact` keeps the text for screen readers only. */
import type { SyncState } from '../../../shared/domain';
import { SYNC_LABELS } from '../format';

export function SyncBadge({ state, compact = false }: { state: SyncState; compact?: boolean }) {
  const { icon, text } = SYNC_LABELS[state];
  return (
    <span className={`sync sync-${state}`} title={compact ? text : undefined}>
      <span className="sync-icon" aria-hidden="true">
        {icon}
      </span>
      <span className={compact ? 'sr-only' : 'sync-text'}>{text}</span>
    </span>
  );
}
