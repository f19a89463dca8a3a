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
import { rowEmployee } from '../../../../shared/team/payroll';
import '../../styles/payroll.css';

/** The drawing's width before its box is measured (the tray's width, less the card's padding). */
const DEFAULT_W = 360;
const LABEL_H = 15;
const BAR_H = 12;
const ROW_H = LABEL_H + BAR_H + 8;
/** How much of a name fits left of the total (12 px text: about 7 px a character, 60 px for the total). */
const maxChars = (w: number) => Math.max(12, Math.floor((w - 60) / 7));

export const KINDS = [
  { key: 'regular', label: 'Regular' },
  { key: 'overtime', label: 'Overtime' },
  { key: 'leave', label: 'Paid leave' },
] as const;
type Kind = (typeof KINDS)[number]['key'];

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

export function barsOf(rows: PayrollRecord[]): Bar[] {
  return rows.map((r) => {
    const parts = { regular: minutes(r.regularHour), overtime: minutes(r.OtHours), leave: minutes(r.paidLeaveHours) };
    return { label: rowEmployee(r).label, parts, total: parts.regular + parts.overtime + parts.leave };
  });
}

/** The chart in words, for screen readers (the table holds every figure). */
export function chartSummary(bars: Bar[], period: string): string {
  const sum = (k: Kind) => toHhmm(bars.reduce((n, b) => n + b.parts[k], 0));
  const top = bars.reduce<Bar | null>((best, b) => (!best || b.total > best.total ? b : best), null);
  const most = top && top.total > 0 ? ` Most hours: ${top.label}, ${toHhmm(top.total)}.` : '';
  return (
    `Hours per employee, ${period}: ${bars.length} ${bars.length === 1 ? 'employee' : 'employees'}. ` +
    `In all: regular ${sum('regular')}, overtime ${sum('overtime')}, paid leave ${sum('leave')}.${most}`
  );
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
  const id = useId().replace(/:/g, '');
  const [box, W] = useWidth<HTMLElement>();
  const bars = barsOf(rows);
  const max = Math.max(1, ...bars.map((b) => b.total));
  const height = bars.length * ROW_H;
  return (
    <figure className="pc-chart" ref={box}>
      <ul className="pc-legend" aria-label="Legend">
        {KINDS.map((k) => (
          <li key={k.key}>
            <Swatch kind={k.key} /> {k.label}
          </li>
        ))}
      </ul>
      <svg className="pc-svg" viewBox={`0 0 ${W} ${height}`} role="img" aria-label={chartSummary(bars, period)} width={W} height={height}>
        <Patterns id={id} />
        {bars.map((b, i) => {
          const y = i * ROW_H;
          let x = 0;
          return (
            <g key={`${b.label}-${i}`}>
              <text x={0} y={y + 11} className="pc-label">
                {b.label.length > maxChars(W) ? `${b.label.slice(0, maxChars(W) - 1)}\u2026` : b.label}
              </text>
              <text x={W} y={y + 11} textAnchor="end" className="pc-total">
                {toHhmm(b.total)}
              </text>
              <rect x={0} y={y + LABEL_H} width={W} height={BAR_H} rx={3} className="pc-track" />
              {KINDS.map((k) => {
                const m = b.parts[k.key];
                if (m <= 0) return null;
                const w = (m / max) * W;
                const seg = (
                  <rect key={k.key} x={x} y={y + LABEL_H} width={w} height={BAR_H} className={segClass(k.key)} fill={fillOf(id, k.key)}>
                    <title>{`${b.label}: ${k.label.toLowerCase()} ${toHhmm(m)}`}</title>
                  </rect>
                );
                x += w;
                return seg;
              })}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
