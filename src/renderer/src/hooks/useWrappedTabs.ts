/**
 * Whether the strip of tabs fits on one line (English and Arabic at the tray's 420 px do; German, French and Spanish,
 * 490 to 540 px of words, do not). When it does not, the strip gets `data-wraps` and the stylesheet sets its tabs in
 * two even rows of columns (three and three), each tab as wide as its column: a table of tabs, where a flowing second
 * line left one or two tabs under five (Settings alone under the others in Arabic, before its HR tab took a shorter
 * word). `--tab-columns` says how many columns: half the tabs, rounded up. CSS cannot tell whether the tabs fit, so
 * it is measured here: on one line first (the mark taken off), before the strip is painted (a layout effect; a
 * ResizeObserver's answer also comes before the paint), and again when the window or a tab's words change size. Each
 * tab on the second row still gets `data-wrapped`.
 */
import { useLayoutEffect, type RefObject } from 'react';

export function useWrappedTabs(strip: RefObject<HTMLElement | null>, tabsKey: string): void {
  useLayoutEffect(() => {
    const el = strip.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const mark = () => {
      const tabs = [...el.children] as HTMLElement[];
      // measured on one line: the rows' own layout always has two lines, and would keep them once the window widens
      el.removeAttribute('data-wraps');
      const firstLine = tabs[0]?.offsetTop ?? 0;
      const wraps = tabs.some((tab) => tab.offsetTop > firstLine);
      el.toggleAttribute('data-wraps', wraps);
      el.style.setProperty('--tab-columns', String(Math.max(1, Math.ceil(tabs.length / 2))));
      const rowTop = tabs[0]?.offsetTop ?? 0;
      for (const tab of tabs) tab.toggleAttribute('data-wrapped', wraps && tab.offsetTop > rowTop);
    };
    mark();
    const seen = new ResizeObserver(mark);
    seen.observe(el);
    for (const tab of el.children) seen.observe(tab);
    return () => seen.disconnect();
  }, [strip, tabsKey]);
}
