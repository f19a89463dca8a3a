/**
 * Where the focus goes when a dialog closes (Dialog.tsx): back to the element it came from, as the dialog pattern
 * says, when that element can still take it; else to the screen now shown, so a keyboard user is never left on nothing
 * (the page's body) or on something hidden. The element can also go after the dialog closed: a dialog's answer that
 * deletes a log or discards an outbox entry closes it at once, and the row with the button that opened it goes when
 * the core has answered, a moment later. So until the user goes on (a key, a click), a focus removed or hidden with
 * what held it goes to the screen shown.
 */

/** Ends the watch begun as the last dialog closed (one at a time). */
let endWatch: (() => void) | null = null;

/** Whether `el` can hold the focus: an element of the page (not its body), drawn, not disabled, not closed to input. */
function canHoldFocus(el: Element | null): el is HTMLElement {
  if (!(el instanceof HTMLElement) || !el.isConnected || el === document.body) return false;
  if (typeof el.checkVisibility === 'function' && !el.checkVisibility()) return false;
  if ('disabled' in el && el.disabled === true) return false;
  return el.closest('[inert]') === null;
}

/** Fields a user types or picks a value in; not a checkbox (on Track the job list's filter comes before the job). */
const FIELDS =
  'input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]):not([type="button"]):not([type="submit"]), select, textarea';

/**
 * The screen shown takes the focus: its first field (on Track the job, where a day's work starts), or when it has
 * none the screen itself (its panel, named by its tab, from where Tab goes on to its first control).
 */
export function focusScreen(): void {
  const panel = document.querySelector<HTMLElement>('main[role="tabpanel"]');
  if (!panel) return;
  const field = [...panel.querySelectorAll(FIELDS)].find((f) => canHoldFocus(f) && !f.closest('dialog'));
  (field instanceof HTMLElement ? field : panel).focus();
}

/** Called as a dialog closes with the element that had the focus when it opened. */
export function returnFocus(to: Element | null): void {
  endWatch?.();
  if (canHoldFocus(to)) to.focus();
  if (!canHoldFocus(document.activeElement)) focusScreen();
  watch();
}

/**
 * Until the user goes on (a key, a click), the focus is kept on something: what the dialog's answer changes next (the
 * row it removes, the form it closes, a field it re-renders) may take the focus with it, once or several times.
 */
function watch(): void {
  const check = () => {
    if (!canHoldFocus(document.activeElement)) focusScreen();
  };
  // The row going is a change of the page's elements; the element hidden is a change of a style, a class or an
  // attribute on it or on one of its parents (React hides a screen being left by its style).
  const observer = new MutationObserver(check);
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['style', 'class', 'hidden', 'inert', 'disabled'],
  });
  const end = () => {
    observer.disconnect();
    window.removeEventListener('keydown', end, true);
    window.removeEventListener('pointerdown', end, true);
    if (endWatch === end) endWatch = null;
  };
  window.addEventListener('keydown', end, true);
  window.addEventListener('pointerdown', end, true);
  endWatch = end;
}
