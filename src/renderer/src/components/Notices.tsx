/** Notices pushed by the core (sync results, warnings), as toasts a screen reader announces. */
import { useEffect } from 'react';
import { useApp } from '../store/useApp';

/** Info and warnings fade by themselves (the outbox and the status pill keep the detail); errors stay until dismissed. */
const FADE_MS = { info: 6000, warning: 15000 } as const;

export function Notices() {
  const notices = useApp((s) => s.ui.notices);
  const dismiss = useApp((s) => s.ui.dismissNotice);
  useEffect(() => {
    const timers = notices.flatMap((n) => (n.level === 'error' ? [] : [setTimeout(() => dismiss(n.id), FADE_MS[n.level])]));
    return () => timers.forEach(clearTimeout);
  }, [notices, dismiss]);
  return (
    <div className="toasts" role="region" aria-label="Notices" aria-live="polite">
      {notices.map((n) => (
        <div key={n.id} className={`toast toast-${n.level}`} role={n.level === 'error' ? 'alert' : 'status'}>
          <span aria-hidden="true">{n.level === 'info' ? '\u2139\uFE0E' : '\u26A0\uFE0E'}</span>
          <p>{n.message}</p>
          <button type="button" className="icon-btn" aria-label="Dismiss notice" onClick={() => dismiss(n.id)}><span aria-hidden="true">{'\u00D7'}</span></button>
        </div>
      ))}
    </div>
  );
}
