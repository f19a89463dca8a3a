/**
 * The early-input layer: a few lines of script written into index.html itself (an inline <script> allowed by its hash
 * in the CSP, like the first screen's stylesheet; electron.vite.config.ts), run as the page is parsed, before the first
 * paint and long before the app's script (main.tsx asks for it only after that paint). From then on the first screen
 * built into the page (prerender.tsx) takes input:
 *
 * - typing is left to the fields: what is typed stays in them, and the app reads it into its state once it has taken
 *   the screen over (take-over.ts `fieldsIntoState`);
 * - what a field cannot keep by itself is kept here, in order: a click on a button or link (the Track form's button
 *   included: the page builds it able to take one, ComposerAction.tsx), a form's submit, Enter in a field (the form's
 *   submit, or the job picker's choice), Tab out of the job picker (it chooses the job typed), and the app's keys
 *   (Alt+1..6, Alt+S, Alt+L: shortcuts.ts; Ctrl+Enter, the form's key). Each is stopped before anything else sees it
 *   (no native submit or navigation, and not the app's handlers either while this layer is on: so an act is either
 *   kept here or handled by the app, never both), and the app replays them through its own handlers once it is in
 *   charge (take-over.ts `replayActs`), after which this layer stands down;
 * - the form's button says to a screen reader what the stylesheet draws: unavailable, and why, while no job is typed;
 * - where an act moves the focus to a place on this screen, the move is made here at once, so what is typed next
 *   lands where the user expects: Enter in the job picker with a name typed goes on to Hours (the app's Enter on a
 *   chosen job; no suggestions are shown before the script, so the choice and the move are one press here: the choice
 *   is kept, and replayed with the focus left where it is), and Alt+L to Hours (all the app's Alt+L does on this
 *   screen: not kept). Only while what is kept so far is job choices: after any other act the replay may change the
 *   screen or the focus, so these are kept for it as they are. Alt+1..6 are always kept: the tabs are not on show
 *   until the app knows the user's roles (App.tsx), and the others' screens are not in the page.
 *
 * Self-contained on purpose: the build writes `earlyInput`'s own text into the page (earlyInputScript), so it may use
 * nothing but the page's globals, no import and no value from this module.
 */

/** Set when the first screen takes input through this layer (bench/web-page-loads.ts reads it). */
export const TAKES_INPUT_MARK = 'punchcard:takes-input';

/** One act kept before the app's script was in charge; `path` finds its element again (child indexes under #root). */
export interface EarlyAct {
  kind: 'key' | 'click' | 'submit';
  target: Element;
  path: number[] | null;
  key?: string;
  code?: string;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
  /** Its move of the focus was made by the layer: the replay leaves the focus where the user has it since. */
  moved?: boolean;
}

export interface EarlyLayer {
  /**
   * The app holds the fields now (their values told to it: take-over.ts): Tab out of the job picker is left to it from
   * here on, since the picker closes its suggestions as the focus leaves, and a Tab kept past that would choose nothing.
   */
  fieldsTaken(): void;
  /** Stops listening and hands over what was kept, in order; once (a second call gets nothing). */
  take(): EarlyAct[];
}

/** What the page's script finds on `window` while the layer is on (and after: `take` then returns nothing). */
export type WindowWithEarlyInput = Window & { punchcardEarlyInput?: EarlyLayer };

export function earlyInput(): void {
  const w = window as WindowWithEarlyInput;
  if (w.punchcardEarlyInput) return;
  const acts: EarlyAct[] = [];
  let on = true;
  let fieldsOwned = false;
  // nothing kept yet but job choices, whose replay changes neither the screen nor the focus
  let choicesOnly = true;
  const agent = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData;
  // the same test as shortcuts.ts keyPlatform
  const mac = /mac|iphone|ipad/i.test(agent?.platform ?? navigator.platform ?? '');
  const pathOf = (el: Element): number[] | null => {
    const root = document.getElementById('root');
    const path: number[] = [];
    for (let n: Element | null = el; n !== root; n = n.parentElement) {
      if (!n || !n.parentElement) return null;
      path.unshift(Array.prototype.indexOf.call(n.parentElement.children, n));
    }
    return path;
  };
  const keep = (e: Event, act: Omit<EarlyAct, 'target' | 'path'>, target: Element, hold: boolean, choice = false) => {
    e.stopImmediatePropagation();
    if (hold) e.preventDefault();
    acts.push({ ...act, target, path: pathOf(target) });
    choicesOnly &&= choice;
  };
  // Hours, where the Track form sends Alt+L and Enter on a chosen job (Composer.tsx names it on the form)
  const hours = () => {
    const form = document.querySelector<HTMLElement>('#root form[data-log-field]');
    return form ? document.getElementById(form.dataset.logField ?? '') : null;
  };
  const onKey = (e: KeyboardEvent) => {
    if (!e.isTrusted || e.isComposing) return;
    const t = e.target instanceof Element ? e.target : document.body;
    const bare = !e.ctrlKey && !e.altKey && !e.metaKey;
    const field = t instanceof HTMLInputElement && t.form !== null && !/^(button|submit|reset|file)$/.test(t.type);
    // the app's keys, as shortcuts.ts shortcutFor reads them (AltGr, which types, arrives as Ctrl+Alt: left alone)
    const held = mac ? e.ctrlKey && !e.altKey && !e.metaKey : e.altKey && !e.ctrlKey && !e.metaKey;
    const appKey = held && !e.shiftKey && !e.getModifierState('AltGraph') && /^(Digit[1-9]|KeyS|KeyL)$/.test(e.code);
    const formKey = e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey;
    const enter = e.key === 'Enter' && bare && field;
    const pickerTab = !fieldsOwned && e.key === 'Tab' && bare && !e.shiftKey && field && t.getAttribute('role') === 'combobox';
    if (!appKey && !formKey && !enter && !pickerTab) return;
    // a key held down repeats: the app acts on the first press (its form is busy for the next ones)
    if (e.repeat) {
      e.stopImmediatePropagation();
      if (!pickerTab) e.preventDefault();
      return;
    }
    const { key, code, ctrlKey, altKey, metaKey, shiftKey } = e;
    const picker = field && t.getAttribute('role') === 'combobox';
    const to = choicesOnly ? hours() : null;
    // (once the app holds the fields it shows the suggestions, and there Enter only chooses, as in the app)
    if (enter && picker && to && !fieldsOwned && (t as HTMLInputElement).value.trim() !== '') {
      keep(e, { kind: 'key', key, code, ctrlKey, altKey, metaKey, shiftKey, moved: true }, t, true, true);
      to.focus();
      return;
    }
    if (appKey && code === 'KeyL' && to) {
      e.stopImmediatePropagation();
      e.preventDefault();
      to.focus();
      return;
    }
    // Tab still moves on to the next field: only the choice of the job is the app's to make
    keep(e, { kind: 'key', key, code, ctrlKey, altKey, metaKey, shiftKey }, t, !pickerTab, pickerTab);
  };
  const onClick = (e: MouseEvent) => {
    if (!e.isTrusted || !(e.target instanceof Element)) return;
    const t = e.target.closest('button, a[href], [role="button"], [role="tab"], [role="option"]');
    if (t && document.getElementById('root')?.contains(t)) keep(e, { kind: 'click' }, t, true);
  };
  const onSubmit = (e: SubmitEvent) => {
    if (e.target instanceof HTMLFormElement) keep(e, { kind: 'submit' }, e.target, true);
  };
  // The form's button as the page was built says it cannot act, and why (no job: ComposerAction.tsx); the first
  // screen's stylesheet draws it able to once the job field holds a name (track.css), and this says the same to a screen
  // reader. Read from the field itself, not from what was typed: the browser may fill a field on its own (a page shown
  // again from the back/forward cache, a form restored, autofill), with `pageshow`, `change` or no event at all. So it
  // is read when the layer starts and after any field's input or change. Only until the app holds the fields: from its
  // first render on, the app says it (a name typed is no job to it until chosen), and keeps its own word over this.
  const jobState = () => {
    if (fieldsOwned) return;
    const form = document.querySelector('#root form[data-log-field]');
    const job = form?.querySelector<HTMLInputElement>('input[role="combobox"]');
    const button = form?.querySelector('.composer-early');
    const why = form?.querySelector('.composer-why');
    if (!job || !button) return;
    // empty as the stylesheet reads it (:placeholder-shown), so that what is drawn and what is said agree
    if (job.value === '') {
      button.setAttribute('aria-disabled', 'true');
      if (why?.id) button.setAttribute('aria-describedby', why.id);
    } else {
      button.removeAttribute('aria-disabled');
      button.removeAttribute('aria-describedby');
    }
  };
  // on the window, in the capture phase: before the fields' own handling and before React's (on #root)
  window.addEventListener('keydown', onKey, true);
  window.addEventListener('click', onClick, true);
  window.addEventListener('submit', onSubmit, true);
  window.addEventListener('input', jobState, true);
  window.addEventListener('change', jobState, true);
  window.addEventListener('pageshow', jobState);
  jobState();
  document.documentElement.setAttribute('data-early-input', '');
  w.punchcardEarlyInput = {
    fieldsTaken() {
      fieldsOwned = true;
    },
    take() {
      if (!on) return [];
      on = false;
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('click', onClick, true);
      window.removeEventListener('submit', onSubmit, true);
      window.removeEventListener('input', jobState, true);
      window.removeEventListener('change', jobState, true);
      window.removeEventListener('pageshow', jobState);
      document.documentElement.removeAttribute('data-early-input');
      return acts.splice(0);
    },
  };
  performance.mark('punchcard:takes-input');
}

/** The script the build writes into index.html: `earlyInput`'s own text, run at once. */
export function earlyInputScript(): string {
  return `(${earlyInput.toString()})();`;
}
