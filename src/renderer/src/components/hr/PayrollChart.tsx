/**
 * Regular, overtime and paid-leave hours per employee as stacked horizontal bars, in plain SVG (no chart library:
 * the renderer stays small). One bar per employee with the name above it, so it fits the 420 px tray window.
 * The drawing is as wide as its box in CSS pixels (measured), so its text stays 12 px at any window width: a fixed
 * drawing scaled to a 1280 px window grew its labels to 30 px.
 *
 * The table below stays the data; the chart is a picture of it (role="img" with a summary in words). Colour is not
 * the only difference between the three kinds: the legend names them, overtime is striped and paid leave dotted,
 * the order is always regular - overtime - paid leave, and each segment has a <title> (a tooltip) with its hours.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { PayrollRecord } from '../../../../shared/domain';
import { parseHhmm, toHhmm } from '../../../../shared/time/hours';
import { directionOf } from '../../../../shared/i18n/locales';
import { defineMessages, type Wording } from '../../../../shared/i18n/messages';
import { rowEmployee } from '../../../../shared/team/payroll';
import { useWording } from '../../i18n/I18n';
import { PAYROLL_WORDS } from '../../payroll/words';
import '../../styles/payroll.css';

const M = defineMessages({
  kind: {
    id: 'hr.chart.kind',
    defaultMessage: '{kind, select, regular {Regular} overtime {Overtime} other {Paid leave}}',
    description: "A kind of hours in the payroll chart's legend.",
  },
  legend: { id: 'hr.chart.legend', defaultMessage: 'Legend', description: "Screen reader name of the chart's legend." },
  segment: {
    id: 'hr.chart.segment',
    defaultMessage: '{name}: {kind, select, regular {regular} overtime {overtime} other {paid leave}} {hours}',
    description: "Tooltip of a bar's part: whose, which kind of hours, how many (HH:MM).",
  },
  summary: {
    id: 'hr.chart.summary',
    defaultMessage:
      'Hours per employee, {period}: {count, plural, one {# employee} other {# employees}}. In all: regular {regular}, overtime {overtime}, paid leave {leave}.',
    description: 'The chart in words, for screen readers. Hours as HH:MM.',
  },
  most: { id: 'hr.chart.most', defaultMessage: 'Most hours: {name}, {hours}.', description: 'After the summary: who has the most hours.' },
});

/**
 * A name is the service's data, not words to translate: translate="no", which React's SVG types do not list (it is an
 * HTML attribute, kept by the DOM on any element; the en-XA test and translators skip what it marks).
 */
const NOT_WORDS = { translate: 'no' } as Record<string, string>;

/** The drawing's width before its box is measured (the tray's width, less the card's padding). */
const DEFAULT_W = 360;
const LABEL_H = 15;
const BAR_H = 12;
const ROW_H = LABEL_H + BAR_H + 8;
/** How much of a name fits left of the total (12 px text: about 7 px a character, 60 px for the total). */
const maxChars = (w: number) => Math.max(12, Math.floor((w - 60) / 7));

export const KINDS = ['regular', 'overtime', 'leave'] as const;
type Kind = (typeof KINDS)[number];

const minutes = (hhmm: string) => {
  try {
    return parseHhmm(hhmm);
  } catch {
    return 0;
  }
};

interface Bar {
  label: string;
  parts: Record<Kind, number>;
  total: number;
}

/** One bar per row; `notNamed` is what a row naming no employee reads. */
export function barsOf(rows: PayrollRecord[], notNamed: string): Bar[] {
  return rows.map((r) => {
    const parts = { regular: minutes(r.regularHour), overtime: minutes(r.OtHours), leave: minutes(r.paidLeaveHours) };
    const who = rowEmployee(r);
    return { label: who.named ? who.label : notNamed, parts, total: parts.regular + parts.overtime + parts.leave };
  });
}

/** The chart in words, for screen readers (the table holds every figure). */
export function chartSummary(w: Wording, bars: Bar[], period: string): string {
  const sum = (k: Kind) => toHhmm(bars.reduce((n, b) => n + b.parts[k], 0));
  const top = bars.reduce<Bar | null>((best, b) => (!best || b.total > best.total ? b : best), null);
  const summary = w.say(M.summary, { period, count: bars.length, regular: sum('regular'), overtime: sum('overtime'), leave: sum('leave') });
  return top && top.total > 0 ? `${summary} ${w.say(M.most, { name: top.label, hours: toHhmm(top.total) })}` : summary;
}

function Patterns({ id }: { id: string }) {
  return (
    <defs>
      <pattern id={`${id}-overtime`} patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)">
        <rect width="6" height="6" className="pc-fill-overtime" />
        <rect width="2" height="6" className="pc-mark" />
      </pattern>
      <pattern id={`${id}-leave`} patternUnits="userSpaceOnUse" width="5" height="5">
        <rect width="5" height="5" className="pc-fill-leave" />
        <circle cx="2.5" cy="2.5" r="1" className="pc-mark" />
      </pattern>
    </defs>
  );
}

/** Regular is a plain fill (CSS); the others are patterns, set as the attribute (a CSS fill would override it). */
const fillOf = (id: string, kind: Kind) => (kind === 'regular' ? undefined : `url(#${id}-${kind})`);
const segClass = (kind: Kind) => (kind === 'regular' ? 'pc-seg pc-fill-regular' : 'pc-seg');

/** A legend mark drawn like its segment (its own patterns: ids must be unique in the page). */
function Swatch({ kind }: { kind: Kind }) {
  const id = useId().replace(/:/g, '');
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
      <Patterns id={id} />
      <rect width="14" height="14" rx="2" className={segClass(kind)} fill={fillOf(id, kind)} />
    </svg>
  );
}

/** The box's inner width in CSS pixels, kept current as the window is resized. */
function useWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(DEFAULT_W);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () =>
      setWidth(
        Math.max(
          120,
          Math.floor(el.clientWidth - parseFloat(getComputedStyle(el).paddingLeft) - parseFloat(getComputedStyle(el).paddingRight)),
        ),
      );
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

export function PayrollChart({ rows, period }: { rows: PayrollRecord[]; period: string }) {
  const w = useWording();
  const id = useId().replace(/:/g, '');
  const [box, W] = useWidth<HTMLElement>();
  const bars = barsOf(rows, w.say(PAYROLL_WORDS.notNamed));
  const rtl = directionOf(w.language) === 'rtl';
  const max = Math.max(1, ...bars.map((b) => b.total));
  const height = bars.length * ROW_H;
  return (
    <figure className="pc-chart" ref={box}>
      <ul className="pc-legend" aria-label={w.say(M.legend)}>
        {KINDS.map((k) => (
          <li key={k}>
            <Swatch kind={k} /> {w.say(M.kind, { kind: k })}
          </li>
        ))}
      </ul>
      {/* Drawn left to right with its own coordinates, mirrored for a right-to-left language: the bars grow from the
          right, the names at the right, the totals at the left (anchors are absolute under direction="ltr"). */}
      <svg
        className="pc-svg"
        viewBox={`0 0 ${W} ${height}`}
        role="img"
        aria-label={chartSummary(w, bars, period)}
        width={W}
        height={height}
        direction="ltr"
      >
        <Patterns id={id} />
        {bars.map((b, i) => {
          const y = i * ROW_H;
          let x = 0;
          return (
            <g key={`${b.label}-${i}`}>
              <text x={rtl ? W : 0} y={y + 11} textAnchor={rtl ? 'end' : 'start'} className="pc-label" {...NOT_WORDS}>
                {b.label.length > maxChars(W) ? `${b.label.slice(0, maxChars(W) - 1)}\u2026` : b.label}
              </text>
              <text x={rtl ? 0 : W} y={y + 11} textAnchor={rtl ? 'start' : 'end'} className="pc-total">
                {toHhmm(b.total)}
              </text>
              <rect x={0} y={y + LABEL_H} width={W} height={BAR_H} rx={3} className="pc-track" />
              {KINDS.map((k) => {
                const m = b.parts[k];
                if (m <= 0) return null;
                const width = (m / max) * W;
                const seg = (
                  <rect
                    key={k}
                    x={rtl ? W - x - width : x}
                    y={y + LABEL_H}
                    width={width}
                    height={BAR_H}
                    className={segClass(k)}
                    fill={fillOf(id, k)}
                  >
                    <title>{w.say(M.segment, { name: b.label, kind: k, hours: toHhmm(m) })}</title>
                  </rect>
                );
                x += width;
                return seg;
              })}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
