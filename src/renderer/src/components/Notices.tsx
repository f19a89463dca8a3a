/** Notices pushed by the core (sync results, warnings), as toasts a screen reader announces. */
import { useEffect } from 'react';
import { useApp } from '../store/useApp';

/** Info notices fade by themselves; warnings and errors stay until dismissed. */
const INFO_MS = 6000;

export function Notices() {
  const notices = useApp((s) => s.ui.notices);
  const dismiss = useApp((s) => s.ui.dismissNotice);
  useEffect(() => {
    const timers = notices.filter((n) => n.level === 'info').map((n) => setTimeout(() => dismiss(n.id), INFO_MS));
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
