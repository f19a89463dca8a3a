/** The small states every screen needs: loading, empty, error (what went wrong and what to do), and a result line. */
import type { ReactNode, Ref } from 'react';
import type { SyncState } from '../../../shared/domain';
import type { UserError } from '../store/errors';
import type { OutcomeState } from '../store/slices/timer';
import { defineMessages } from '../../../shared/i18n/messages';
import { sayIt } from '../../../shared/i18n/said';
import { errorText } from '../i18n/said-words';
import { useWording } from '../i18n/I18n';

const M = defineMessages({
  loading: { id: 'common.loading', defaultMessage: 'Loading...' },
  tryAgain: { id: 'common.try-again', defaultMessage: 'Try again' },
});

export function Loading({ children }: { children?: ReactNode }) {
  const w = useWording();
  children ??= w.say(M.loading);
  return (
    <p className="state state-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {children}
    </p>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state state-empty">
      <p className="state-title">{title}</p>
      {children && <p className="state-hint">{children}</p>}
    </div>
  );
}

/**
 * The violations an error's message does not already say. A refusal's message is made of its violations' words, so
 * listing them under it said the same thing twice (the timer refused on a locked week, on Track).
 */
export function unsaidViolations(error: UserError): UserError['violations'] {
  return error.violations.filter((v) => !error.message.includes(v.message));
}

/** Shows an error with an optional way out ("Try again"). `role="alert"` so screen readers hear it once. */
export function ErrorMessage({ error, onRetry, retryLabel }: { error: UserError | null; onRetry?: () => void; retryLabel?: string }) {
  const w = useWording();
  if (!error) return null;
  const more = unsaidViolations(error);
  return (
    <div className="callout callout-error" role="alert">
      <span className="callout-icon" aria-hidden="true">
        !
      </span>
      <div className="callout-text">
        <p>{errorText(w, error)}</p>
        {more.length > 0 && (
          <ul>
            {more.map((v) => (
              <li key={`${v.field}-${v.rule}`}>{sayIt(w, v.said, v.message)}</li>
            ))}
          </ul>
        )}
      </div>
      {onRetry && (
        <button type="button" className="btn btn-small" onClick={onRetry}>
          {retryLabel ?? w.say(M.tryAgain)}
        </button>
      )}
    </div>
  );
}

export type Tone = 'ok' | 'queued' | 'warn';

/** The tone of a log's sync state (a refusal warns; waiting is quiet). */
export function toneOfSync(state: SyncState): Tone {
  return state === 'synced' ? 'ok' : state === 'needs-attention' ? 'warn' : 'queued';
}

/** The tone of an outcome, from where it ended up (never from the words of its message). */
export function toneOf(state: OutcomeState): Tone {
  return state === 'synced' ? 'ok' : state === 'queued' ? 'queued' : 'warn';
}

/**
 * A quiet confirmation line ("Synced.", "Queued - will sync when online."). With `focusRef` it can take the focus from
 * script (not from Tab): where a button that was pressed gives way to the line that says what it did (UndoLine.tsx).
 */
export function Outcome({
  children,
  tone = 'ok',
  focusRef,
  live = true,
}: {
  children: ReactNode;
  tone?: Tone;
  focusRef?: Ref<HTMLParagraphElement>;
  /** false: the line is given the focus as it appears, and the focus alone says it (a status too would be read twice). */
  live?: boolean;
}) {
  const icon = tone === 'ok' ? '\u2713' : tone === 'queued' ? '\u25F7' : '\u26A0\uFE0E';
  return (
    <p className={`outcome outcome-${tone}`} role={live ? 'status' : undefined} ref={focusRef} tabIndex={focusRef ? -1 : undefined}>
      <span aria-hidden="true">{icon}</span> {children}
    </p>
  );
}
