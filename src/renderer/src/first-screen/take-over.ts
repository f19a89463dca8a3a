/**
 * The app taking the first screen over from the early-input layer (early-input.ts), in two steps (boot.tsx):
 *
 * 1. `fieldsIntoState`, at hydration (the first effects): a value typed into a field before the script stays in the
 *    field (React's hydration keeps the element's value) but not in the app's state, which holds the value built into
 *    the page; and the next render of the field would put that value back over what the user typed. So each field that
 *    differs from its built value is told to the app as the user's own input: its change event, through the app's own
 *    handlers (the Track form's state, the job picker's search), before any render after the hydration.
 * 2. `replayActs`, once the first load has settled (the day, the jobs: an act needs them, a log needs the day): the
 *    acts the layer kept, each dispatched again where it happened and through the same handlers a user's would reach
 *    (the app's keys on the window, the form's keys, a button's click), in order, each one's updates drawn before
 *    the next (`flush`: react-dom's flushSync), so the next act sees what the last did.
 *
 * Both are self-contained (the page's globals only): test/e2e/early-input.spec.ts runs them in a page of its own.
 */
import type { EarlyAct } from './early-input';

/** Tells the app each field of `root` whose value differs from the one built into the page; the number told. */
export function fieldsIntoState(root: HTMLElement): number {
  let told = 0;
  for (const el of Array.from(root.querySelectorAll('input, textarea'))) {
    const field = el as HTMLInputElement;
    if (field.type === 'checkbox' || field.type === 'radio') {
      if (field.checked === field.defaultChecked) continue;
      // back as built (through React's own setter: it now knows the box as built), then the user's click again
      field.checked = field.defaultChecked;
      field.click();
    } else {
      if (field.value === field.defaultValue) continue;
      const typed = field.value;
      // React's setter on the element notes the built value; the prototype's puts the typed one back unnoted, so the
      // input event below is a change to React, as the user's typing is
      field.value = field.defaultValue;
      const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
      Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, typed);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    told++;
  }
  return told;
}

/** Replays `acts` (early-input.ts) through the app's handlers, in order, each under `flush`; the number replayed. */
export function replayActs(acts: readonly EarlyAct[], root: HTMLElement, flush: (act: () => void) => void): number {
  const find = (act: EarlyAct): Element | null => {
    // the same element, unless main.tsx put the screen of the window's language in its place meanwhile
    if (act.target.isConnected) return act.target;
    let n: Element | undefined = root;
    for (const i of act.path ?? [-1]) n = n?.children[i];
    return n ?? null;
  };
  let done = 0;
  for (const act of acts) {
    const target = find(act) ?? (act.kind === 'key' ? document.body : null);
    if (!target) continue;
    const focused = document.activeElement;
    flush(() => {
      if (act.kind === 'click') (target as HTMLElement).click();
      else if (act.kind === 'submit') (target as HTMLFormElement).requestSubmit();
      else {
        const { key, code, ctrlKey, altKey, metaKey, shiftKey } = act;
        const init = { key, code, ctrlKey, altKey, metaKey, shiftKey, bubbles: true, cancelable: true, composed: true };
        const handled = !target.dispatchEvent(new KeyboardEvent('keydown', init));
        // Enter in a field that nothing took: the browser's implicit submission (a dispatched key has no default
        // action), which presses the form's first submit button if it may be pressed
        const form = target instanceof HTMLInputElement ? target.form : null;
        if (handled || !form || key !== 'Enter' || ctrlKey || metaKey || altKey) return;
        const button = Array.from(form.elements).find((el) => (el as HTMLButtonElement).type === 'submit') as HTMLButtonElement | undefined;
        if (!button) form.requestSubmit();
        else if (!button.disabled) button.click();
      }
    });
    // the layer moved the focus for this act already, and the user may have gone on from there: left as it is
    if (act.moved && focused instanceof HTMLElement && focused.isConnected && document.activeElement !== focused) focused.focus();
    done++;
  }
  // a job picker the user had left: telling the app what was typed in it opened its suggestions (as typing does), and
  // they would stay open beside the field in use; closed as when the user leaves it (React's onBlur is focusout)
  flush(() => {
    for (const box of Array.from(root.querySelectorAll('[role="combobox"][aria-expanded="true"]')))
      if (box !== document.activeElement) box.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
  return done;
}
