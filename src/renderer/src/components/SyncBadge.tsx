/** A sync state as icon + text (never colour alone). `compact` keeps the text for screen readers only. */
import type { BadgeState } from '../../../shared/status/badge';
import { SYNC_LABELS } from '../format';
import { useWording } from '../i18n/I18n';

export function SyncBadge({ state, compact = false }: { state: BadgeState; compact?: boolean }) {
  const w = useWording();
  const { icon, message } = SYNC_LABELS[state];
  const text = w.say(message);
  return (
    <span className={`sync sync-${state}`} title={compact ? text : undefined}>
      <span className="sync-icon" aria-hidden="true">
        {icon}
      </span>
      <span className={compact ? 'sr-only' : 'sync-text'}>{text}</span>
    </span>
  );
}
