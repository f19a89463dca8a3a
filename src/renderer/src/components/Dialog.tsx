/**
 * A modal built on <dialog>: the browser traps focus, Escape cancels, and focus returns to where it was, or to the
 * screen shown when that is gone or hidden (./focus-return.ts). Rendered only while open, so every dialog starts from
 * fresh state.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { returnFocus } from './focus-return';

interface Props {
  title: string;
  onCancel: () => void;
  children: ReactNode;
  /** The dialog's buttons, right-aligned at the bottom. */
  actions: ReactNode;
  tone?: 'default' | 'danger';
}

export function Dialog({ title, onCancel, children, actions, tone = 'default' }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    const before = document.activeElement;
    if (dialog && !dialog.open) dialog.showModal();
    // showModal focuses the first control; a dialog whose safe or main answer is elsewhere marks it data-autofocus
    dialog?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (dialog?.open) dialog.close();
      returnFocus(before);
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={`dialog dialog-${tone}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      <div className="dialog-body">{children}</div>
      <div className="dialog-actions">{actions}</div>
    </dialog>
  );
}
