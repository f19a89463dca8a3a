/**
 * Notices pushed by the core (sync results, warnings), as a strip in the layout between the tabs and the screen: it
 * pushes the screen down and never covers it. At most two show, the newest first; older ones wait
 * behind a count. Info and warnings fade by themselves (never while the pointer or the keyboard is on them: WCAG
 * 2.2.1); errors stay until dismissed. Escape dismisses the notice that has the focus; screen readers hear each once.
 * Its styles (styles/notices.css) come with the first screen's (main.tsx).
 */
import { useEffect, useState, type KeyboardEvent } from 'react';
import type { Notice } from '../store/slices/ui';
import { useApp } from '../store/useApp';
import { defineMessages } from '../../../shared/i18n/messages';
import { sayIt } from '../../../shared/i18n/said';
import { useWording } from '../i18n/I18n';

const M = defineMessages({
  region: { id: 'notices.region', defaultMessage: 'Notices', description: 'Screen reader name of the strip of notices under the tabs.' },
  older: { id: 'notices.older', defaultMessage: '{count, plural, one {# older notice} other {# older notices}}' },
  dismissAll: { id: 'notices.dismiss-all', defaultMessage: 'Dismiss all' },
  dismiss: { id: 'notices.dismiss', defaultMessage: 'Dismiss notice', description: 'Screen reader name of the × button.' },
  dismissTitle: { id: 'notices.dismiss.title', defaultMessage: 'Dismiss (Esc)', description: 'Tooltip of the × button; Esc is the key.' },
});

/** Info and warnings fade by themselves (the outbox and the status pill keep the detail); errors stay until dismissed. */
export const FADE_MS = { info: 6000, warning: 15000 } as const;
/** How many notices show at once; the rest wait behind a count, so the strip never takes over the window. */
export const MAX_VISIBLE = 2;

export function Notices() {
  const w = useWording();
  const notices = useApp((s) => s.ui.notices);
  const dismiss = useApp((s) => s.ui.dismissNotice);
  const visible = notices.slice(-MAX_VISIBLE).reverse();
  const hidden = notices.length - visible.length;
  return (
    <div className="notices" role="region" aria-label={w.say(M.region)} aria-live="polite" data-testid="notices">
      {visible.map((n) => (
        <NoticeItem key={n.id} notice={n} dismiss={dismiss} />
      ))}
      {hidden > 0 && (
        <p className="notices-more">
          {w.say(M.older, { count: hidden })}
          <button type="button" className="link" onClick={() => notices.forEach((n) => dismiss(n.id))}>
            {w.say(M.dismissAll)}
          </button>
        </p>
      )}
    </div>
  );
}

function NoticeItem({ notice, dismiss }: { notice: Notice; dismiss: (id: number) => void }) {
  const w = useWording();
  const [held, setHeld] = useState(false);
  const onDismiss = () => dismiss(notice.id);
  // its own timer, started when it shows (another notice arriving does not restart it); paused while held
  useEffect(() => {
    if (notice.level === 'error' || held) return;
    const t = setTimeout(() => dismiss(notice.id), FADE_MS[notice.level]);
    return () => clearTimeout(t);
  }, [notice.id, notice.level, held, dismiss]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onDismiss();
    }
  };
  return (
    <div
      className={`notice notice-${notice.level}`}
      role={notice.level === 'error' ? 'alert' : 'status'}
      data-testid="notice"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
      onKeyDown={onKeyDown}
    >
      <span className="notice-icon" aria-hidden="true">
        {notice.level === 'info' ? '\u2139\uFE0E' : '\u26A0\uFE0E'}
      </span>
      {/* the core's notices are English until each is converted to a code (docs/i18n.md "What remains") */}
      <p className="notice-text">{sayIt(w, notice.said, notice.message)}</p>
      <button type="button" className="icon-btn" aria-label={w.say(M.dismiss)} title={w.say(M.dismissTitle)} onClick={onDismiss}>
        <span aria-hidden="true">{'\u00D7'}</span>
      </button>
    </div>
  );
}
