/**
 * One group of the outbox (needs attention, waiting, another account's, sent recently) with its heading and count,
 * and its entries. A group of WINDOW_FROM entries or more is shown as a window of its list (@tanstack/react-virtual
 * over the screen's own scrolling): the rows in view and OVERSCAN more on each side are in the page, the others are
 * space of their estimated (then measured) height. With 10,000 entries waiting (a long time offline) the whole list
 * was 10,000 rows to lay out on every change; now it is about twenty. The entries themselves are read from the core
 * for the places in view (`outbox.want`: store/slices/outbox.ts), not held whole: a place not read yet says so
 * ("Reading the outbox...") until its entry comes, and is focusable like any row.
 *
 * Still a list to keyboards and screen readers: each row says its place and the list's size (`aria-posinset`,
 * `aria-setsize`: "entry 12 of 10,000"), the heading says the count, and one row of the list is a tab stop (the one
 * last focused): Up and Down move to the row before or after, Page Up and Page Down by a screenful, Home and End to
 * the first and the last, each brought into the window first. The row that holds the focus stays in the page while
 * the list scrolls, so focus is never dropped; Tab goes through the rows' buttons as before, the window following it.
 */
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { OutboxGroupShown } from '../../store/outbox-groups';
import { useApp } from '../../store/useApp';
import { useWording } from '../../i18n/I18n';
import { sayWords } from '../../i18n/words';
import { OutboxRow, OutboxRowReading } from './OutboxRow';

/** From this many entries a group is windowed; below, every row is in the page (as short lists always were). */
export const WINDOW_FROM = 60;
/** Rows kept in the page beyond each edge of the view. */
const OVERSCAN = 6;
/** A row's height before it is measured: a one-line entry with its state (most of a long list). */
const ESTIMATED_ROW_PX = 74;
/** The space between rows (as `.outbox-list`'s gap). */
const GAP_PX = 8;

export function OutboxGroupList({ group }: { group: OutboxGroupShown }) {
  const w = useWording();
  const headingId = `outbox-group-${group.id}`;
  return (
    <section className={`outbox-group outbox-group-${group.id}`} aria-labelledby={headingId} data-testid={`outbox-group-${group.id}`}>
      <h3 className="outbox-group-title" id={headingId}>
        {w.say(group.title)}{' '}
        <span className="outbox-group-count" data-testid="outbox-group-count">
          {w.formats.number(group.count)}
        </span>
        {group.held && (
          <span className="outbox-group-held muted" data-testid="outbox-group-held">
            {' '}
            {sayWords(w, group.held)}
          </span>
        )}
      </h3>
      {group.count < WINDOW_FROM ? <ShortList group={group} /> : <WindowedList group={group} headingId={headingId} />}
    </section>
  );
}

/** A group short enough to be in the page whole: its places are asked for while it is shown. */
function ShortList({ group }: { group: OutboxGroupShown }) {
  const { id, start, count } = group;
  const want = useApp((s) => s.outbox.want);
  const shown = useApp((s) => s.outbox.shown);
  useEffect(() => want(id, start, count), [want, id, start, count]);
  useEffect(() => () => want(id, 0, 0), [want, id]);
  return (
    <ul className="outbox-list">
      {Array.from({ length: count }, (_, i) => {
        const entry = shown[start + i];
        return entry ? <OutboxRow key={entry.id} entry={entry} /> : <OutboxRowReading key={`place-${i}`} />;
      })}
    </ul>
  );
}

/** The scrolling element the list is in (the screen's `main`), or null before it is in the page. */
function scrollerOf(el: HTMLElement | null): HTMLElement | null {
  return (el?.closest('.screen') as HTMLElement | null) ?? null;
}

function WindowedList({ group, headingId }: { group: OutboxGroupShown; headingId: string }) {
  const { id, start, count } = group;
  const shown = useApp((s) => s.outbox.shown);
  const want = useApp((s) => s.outbox.want);
  const list = useRef<HTMLUListElement>(null);
  // where the list starts in the scrolling content: what is above it (the heading, other groups) moves it
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const el = list.current;
    const scroller = scrollerOf(el);
    if (!el || !scroller) return;
    const measure = () => setMargin(Math.round(el.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop));
    measure();
    const seen = new ResizeObserver(measure);
    for (const child of Array.from(scroller.children)) seen.observe(child);
    return () => seen.disconnect();
  }, []);
  // the row that is the list's tab stop (its place: the row there may change as the list moves)
  const [activeIndex, setActiveIndex] = useState(0);
  const focusedIndex = useRef<number | null>(null);
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const f = focusedIndex.current;
    if (f !== null && f < range.count && !indexes.includes(f)) return [...indexes, f].sort((a, b) => a - b);
    return indexes;
  }, []);
  const v = useVirtualizer({
    count,
    getScrollElement: () => scrollerOf(list.current),
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: OVERSCAN,
    gap: GAP_PX,
    scrollMargin: margin,
    getItemKey: (i) => shown[start + i]?.id ?? `place-${i}`,
    rangeExtractor,
  });
  const items = v.getVirtualItems();
  // the places in view (and the overscan) are asked of the core; the focused row's too, when it is elsewhere
  const inView = items.filter((item) => item.index !== focusedIndex.current || items.length === 1);
  const first = inView[0]?.index;
  const last = inView.at(-1)?.index;
  useEffect(() => {
    if (first !== undefined && last !== undefined) want(id, start + first, last - first + 1);
  }, [want, id, start, first, last]);
  const focused = focusedIndex.current;
  useEffect(() => {
    if (focused !== null) want(`${id}:focus`, start + focused, 1);
  }, [want, id, start, focused]);
  useEffect(
    () => () => {
      want(id, 0, 0);
      want(`${id}:focus`, 0, 0);
    },
    [want, id],
  );
  // a row read in place of the one "reading" is a new element: the focus that was on its place goes to it
  useEffect(() => {
    const f = focusedIndex.current;
    if (f === null || list.current?.contains(document.activeElement)) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    list.current?.querySelector<HTMLElement>(`li[data-index="${f}"]`)?.focus({ preventScroll: true });
  });

  /** Brings row `i` into the window, then focuses it (it is in the page one frame later). */
  const moveTo = (i: number) => {
    const to = Math.min(count - 1, Math.max(0, i));
    focusedIndex.current = to;
    setActiveIndex(to);
    v.scrollToIndex(to, { align: 'auto' });
    requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(`li[data-index="${to}"]`)?.focus());
  };
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const row = (e.target as HTMLElement).closest('li[data-index]');
    // only a row itself: inside it, the keys are its fields' and buttons' own
    if (!row || row !== e.target) return;
    const at = Number(row.getAttribute('data-index'));
    const page = Math.max(1, Math.floor((scrollerOf(list.current)?.clientHeight ?? 600) / ESTIMATED_ROW_PX) - 1);
    const to =
      e.key === 'ArrowDown'
        ? at + 1
        : e.key === 'ArrowUp'
          ? at - 1
          : e.key === 'PageDown'
            ? at + page
            : e.key === 'PageUp'
              ? at - page
              : e.key === 'Home'
                ? 0
                : e.key === 'End'
                  ? count - 1
                  : undefined;
    if (to === undefined) return;
    e.preventDefault();
    moveTo(to);
  };

  return (
    <ul
      ref={list}
      className="outbox-list outbox-window"
      aria-labelledby={headingId}
      data-testid="outbox-window"
      style={{ height: v.getTotalSize() }}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) focusedIndex.current = null;
      }}
    >
      {items.map((item) => {
        const entry = shown[start + item.index];
        const place = {
          index: item.index,
          size: count,
          tabIndex: item.index === Math.min(activeIndex, count - 1) ? 0 : -1,
          style: { transform: `translateY(${item.start - margin}px)` },
          onFocus: () => {
            focusedIndex.current = item.index;
            if (item.index !== activeIndex) setActiveIndex(item.index);
          },
        };
        return entry ? (
          <OutboxRow key={item.key} ref={v.measureElement} entry={entry} place={place} />
        ) : (
          <OutboxRowReading key={item.key} ref={v.measureElement} place={place} />
        );
      })}
    </ul>
  );
}
