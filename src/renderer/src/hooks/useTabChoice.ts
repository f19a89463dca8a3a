/**
 * Choosing a tab by its key (Alt+1..6, shortcuts.ts) or by the tray (the shell's `navigate`), also while the tab strip
 * still waits for the user's roles (useTabsSettled.ts). Until then the strip lacks Team and HR, which join it once the
 * roles are known, so its 4th to 6th tabs are not yet the ones the user will see: Alt+4 would open Settings a moment
 * before Team takes that place. A key pressed then is held and read once the strip has settled, as the tab it names in
 * the strip the user sees from then on; a key whose tab is the same in every strip (Alt+1..3: Track, Week and Outbox
 * come before Team and HR) acts at once. The tray names a screen, not a place in the strip: it never waits.
 *
 * What the user does meanwhile comes first, since the last act wins: any other key (a modifier alone, as the next
 * Alt+digit begins, is no act), a click, typing, a form sent, or the tray drops the held key; so does a dialog open or
 * a lost web session at that moment (the app's keys wait for those). And a held key never takes the focus from
 * something the user went to: if the focus is on something shown other than where the key was pressed (for a key
 * pressed before the app's script, where it was pressed then: take-over.ts replays it there), it is dropped.
 */
import { useEffect, useRef } from 'react';
import type { Screen } from '../../../shared/contract';
import { webSession } from '../bridge';
import { tabAt, tabOfKey } from '../store/slices/ui';
import { appStore } from '../store/useApp';

/** Keys that are only the start of a combination: pressing them is not an act. */
const MODIFIER = /^(Alt|AltGraph|Control|Shift|Meta|OS|Super|Hyper|Fn|FnLock|CapsLock|NumLock|ScrollLock)$/;

/** The user's acts that drop a held key (in the capture phase: before any handler could stop them). */
const ACTS = ['keydown', 'pointerdown', 'click', 'input', 'submit'] as const;

/**
 * Whether the focus is still free for a tab: where `from` left it, on nothing, or on something no longer shown (while
 * the chosen screen's code loads, React keeps the screen left mounted but hidden, and its field keeps the focus until
 * Chromium drops it a moment later: that is not the user going somewhere).
 */
function focusLeftAlone(from: EventTarget | null): boolean {
  const now = document.activeElement;
  const hidden = now instanceof HTMLElement && typeof now.checkVisibility === 'function' && !now.checkVisibility();
  return !now || now === document.body || now === from || hidden;
}

export interface TabChoice {
  /** Shows `id` and gives its tab the focus, as a click would (now, or once the strip shows its tabs). */
  choose(id: Screen): void;
  /** The tab key Alt+<index + 1>, pressed in `at` (the event's target). */
  key(index: number, at: EventTarget | null): void;
}

/** The way App.tsx chooses tabs; the object is the same on every render. */
export function useTabChoice(settled: boolean): TabChoice {
  const settledNow = useRef(settled);
  settledNow.current = settled;
  // A tab chosen while the strip showed no tab to focus: it takes the focus once shown (the effect below).
  const focusWhenShown = useRef<{ id: Screen; from: Element | null } | null>(null);
  // A tab key whose tab the roles will decide.
  const held = useRef<{ index: number; from: EventTarget | null } | null>(null);
  const choice = useRef<TabChoice | null>(null);
  choice.current ??= {
    // The field left on the screen before would otherwise keep the focus, hidden while the chosen screen's code
    // loads, then the page's body once that screen is drawn, leaving a keyboard user nowhere.
    choose(id) {
      held.current = null;
      const from = document.activeElement;
      appStore.getState().ui.show(id);
      const tab = document.getElementById(`tab-${id}`);
      tab?.focus();
      focusWhenShown.current = tab && document.activeElement !== tab ? { id, from } : null;
    },
    key(index, at) {
      const to = tabOfKey(index, settledNow.current, appStore.getState().roles);
      if (to === 'wait') {
        focusWhenShown.current = null;
        held.current = { index, from: at };
      } else if (to) choice.current?.choose(to);
    },
  };

  useEffect(() => {
    const drop = (e: Event) => {
      if (!(e instanceof KeyboardEvent && MODIFIER.test(e.key))) held.current = null;
    };
    for (const act of ACTS) window.addEventListener(act, drop, true);
    return () => {
      for (const act of ACTS) window.removeEventListener(act, drop, true);
    };
  }, []);

  useEffect(() => {
    if (!settled) return;
    const wanted = focusWhenShown.current;
    focusWhenShown.current = null;
    if (wanted && focusLeftAlone(wanted.from)) document.getElementById(`tab-${wanted.id}`)?.focus();
    const key = held.current;
    held.current = null;
    if (!key || document.querySelector('dialog[open]') || (webSession && webSession.state() !== 'ok')) return;
    const to = focusLeftAlone(key.from) ? tabAt(key.index, appStore.getState().roles) : null;
    if (to) choice.current?.choose(to);
  }, [settled]);

  return choice.current;
}
