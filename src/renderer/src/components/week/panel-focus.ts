/**
 * Where focus goes in a panel that replaces its own buttons at each stage (Copy a week, Duplicate): opened, its first
 * field; previewed, the button that confirms (the one that closes when nothing would be made); done, the one that
 * closes; closed, back on the button that opened it. Without this, each stage unmounted the focused button and a
 * keyboard user was left on the page's body, to Tab again from the top (as CellDetail.tsx does for a day's forms).
 */
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

export type PanelStage = 'closed' | 'choose' | 'preview' | 'done';

export interface PanelFocus {
  opener: RefObject<HTMLButtonElement | null>;
  first: RefObject<HTMLElement | null>;
  confirm: RefObject<HTMLButtonElement | null>;
  dismiss: RefObject<HTMLButtonElement | null>;
}

export function stageOf(open: boolean, done: boolean, previewed: boolean): PanelStage {
  return !open ? 'closed' : done ? 'done' : previewed ? 'preview' : 'choose';
}

export function usePanelFocus(stage: PanelStage): PanelFocus {
  const refs: PanelFocus = {
    opener: useRef<HTMLButtonElement>(null),
    first: useRef<HTMLElement>(null),
    confirm: useRef<HTMLButtonElement>(null),
    dismiss: useRef<HTMLButtonElement>(null),
  };
  const wasOpen = useRef(false);
  useEffect(() => {
    const { opener, first, confirm, dismiss } = refs;
    if (stage === 'closed') {
      if (wasOpen.current) opener.current?.focus();
    } else if (stage === 'choose') first.current?.focus();
    else if (stage === 'preview' && confirm.current && !confirm.current.disabled) confirm.current.focus();
    else dismiss.current?.focus();
    wasOpen.current = stage !== 'closed';
    // the refs are stable objects: only the stage moves focus
  }, [stage]);
  return refs;
}

/** Escape closes the panel (and only it: a day's panel around it stays open, CellDetail.tsx checks defaultPrevented). */
export function closeOnEscape(close: () => void) {
  return (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || e.defaultPrevented) return;
    e.preventDefault();
    close();
  };
}
