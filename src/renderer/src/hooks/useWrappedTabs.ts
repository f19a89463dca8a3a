/**
 * Which tabs of the strip went on to a second line (German, French, Spanish and Arabic at the tray's 420 px: the
 * words are wider than the window). Each such tab gets `data-wrapped`, and the strip `data-wraps`: the stylesheet
 * then keeps them at their natural width, at the line's start (the right in Arabic), where they were stretched to the
 * widest a tab may be and centred. CSS cannot tell a tab's line; the first line's tabs still share its width out.
 * Measured before the strip is painted (a layout effect; a ResizeObserver's answer also comes before the paint), and
 * again when the window or a tab's words change size; growing or not does not move a tab to another line, so the
 * marks cannot chase each other.
 */
import { useLayoutEffect, type RefObject } from 'react';

export function useWrappedTabs(strip: RefObject<HTMLElement | null>, tabsKey: string): void {
  useLayoutEffect(() => {
    const el = strip.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const mark = () => {
      const tabs = [...el.children] as HTMLElement[];
      const firstLine = tabs[0]?.offsetTop ?? 0;
      let wraps = false;
      for (const tab of tabs) {
        const wrapped = tab.offsetTop > firstLine;
        wraps ||= wrapped;
        tab.toggleAttribute('data-wrapped', wrapped);
      }
      el.toggleAttribute('data-wraps', wraps);
    };
    mark();
    const seen = new ResizeObserver(mark);
    seen.observe(el);
    for (const tab of el.children) seen.observe(tab);
    return () => seen.disconnect();
  }, [strip, tabsKey]);
}
