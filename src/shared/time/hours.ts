/**
 * Hours as the service speaks them: `HH:MM` durations (spec 2.3; wire-format "Dates and hours": hours may exceed 24
 * in totals, `"7010:00"`), and the rounding a timer applies before it logs. Pure: no Node imports, the renderer uses
 * this too.
 */
import type { RoundingMode, RoundingRule } from '../domain';
import { ROUNDING_STEPS } from '../domain';

/**
 * The one `HH:MM` rule (spec 4.2: hours travel as zero-padded `HH:MM`): one to five digits of hours (totals exceed 24,
 * real-service-notes: "7010:00"), then two digits of minutes 00-59. The contract, the CLI, the renderer and the
 * sandbox all use this pattern through `isHhmm` / `parseHhmm`; nobody keeps a copy.
 */
export const HHMM_PATTERN = /^(\d{1,5}):([0-5]\d)$/;
const MS_PER_MINUTE = 60_000;

export const DEFAULT_ROUNDING: RoundingRule = { mode: 'nearest', stepMinutes: 1 };

export function isHhmm(s: unknown): s is string {
  return typeof s === 'string' && HHMM_PATTERN.test(s);
}

/** `"01:30"` -> 90. Throws a message that names the rule and an example, because it is shown to the user as is. */
export function parseHhmm(s: string): number {
  const match = typeof s === 'string' ? HHMM_PATTERN.exec(s.trim()) : null;
  if (!match) {
    throw new Error(
      `hours: "${String(s)}" is not HH:MM. Write hours and minutes with a colon and two-digit minutes (00-59), for example 01:30 or 7:05.`,
    );
  }
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * What people type in any region, as the forms below read it: Arabic-Indic and Persian digits as 0-9, the Arabic
 * decimal separator (٫) as a decimal point, and no-break spaces as spaces. A decimal comma and a decimal point are both
 * accepted whatever the region (docs/i18n.md): hours never have thousands, so `1,5` and `1.5` can only mean 90 minutes.
 */
function asTyped(input: string): string {
  return input
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, '.')
    .replace(/[\u00a0\u202f]/g, ' ')
    .trim()
    .toLowerCase();
}

/**
 * Durations as people type them, to minutes: `1:30`, `01:30`, `1h30`, `1 h 30`, `1h 30m`, `2h`, `1.5`, `1,5`, `1,5 h`,
 * `90m`, `90 min`, `2` (hours), in any region's digits (`١٫٥`). Anything else throws a message that shows the accepted
 * forms; bad input is refused, never read as 0.
 */
export function parseDuration(input: string): number {
  const s = typeof input === 'string' ? asTyped(input) : '';
  let minutes: number | undefined;
  let m: RegExpExecArray | null;
  if ((m = HHMM_PATTERN.exec(s))) minutes = Number(m[1]) * 60 + Number(m[2]);
  else if ((m = /^(\d{1,5})\s*h(?:ours?|rs?)?\s*(?:(\d{1,2})\s*m(?:in(?:utes?)?)?)?$/.exec(s))) {
    minutes = Number(m[1]) * 60 + (m[2] === undefined ? 0 : Number(m[2]));
    if (m[2] !== undefined && Number(m[2]) > 59) minutes = undefined;
  } else if ((m = /^(\d{1,5})\s*h\s*(\d{2})$/.exec(s)) && Number(m[2]) < 60) minutes = Number(m[1]) * 60 + Number(m[2]);
  else if ((m = /^(\d{1,5})[.,](\d{1,4})\s*h(?:ours?|rs?)?$/.exec(s))) minutes = Math.round(Number(`${m[1]}.${m[2]}`) * 60);
  else if ((m = /^(\d{1,6})\s*m(?:in(?:utes?)?)?$/.exec(s))) minutes = Number(m[1]);
  else if ((m = /^(\d{1,5})(?:[.,](\d{1,4}))?$/.exec(s))) minutes = Math.round(Number(`${m[1]}.${m[2] ?? '0'}`) * 60);
  if (minutes === undefined || !Number.isFinite(minutes)) {
    throw new Error(`hours: "${String(input)}" is not a duration. Write it as 1:30, 1h30, 1.5 or 90m.`);
  }
  return minutes;
}

/** 90 -> `"01:30"`; 420600 -> `"7010:00"`. Hours are zero-padded to two digits and never wrap at 24. */
export function toHhmm(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 0) {
    throw new Error(`minutes: ${String(minutes)} must be a whole number of minutes, 0 or more.`);
  }
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

function checkRule(rule: RoundingRule): void {
  const modes: RoundingMode[] = ['nearest', 'up', 'down'];
  if (!rule || !modes.includes(rule.mode)) {
    throw new Error(`rounding.mode: "${String(rule?.mode)}" is not one of ${modes.join(', ')}.`);
  }
  if (!(ROUNDING_STEPS as readonly number[]).includes(rule.stepMinutes)) {
    throw new Error(`rounding.stepMinutes: ${String(rule.stepMinutes)} is not one of ${ROUNDING_STEPS.join(', ')} minutes.`);
  }
}

function checkDuration(ms: number): void {
  if (!Number.isFinite(ms) || ms < 0) {
    throw new Error(`duration: ${String(ms)} ms must be a finite number, 0 or more.`);
  }
}

/**
 * Rounds a duration to whole minutes on the rule's step. Works on the exact duration (milliseconds), not on the
 * floored minutes: "up to 15" means any started quarter hour counts (15:20 worked -> 30), and "nearest" decides a
 * half step from the real time (7:30 exactly -> 15, 7:29.999 -> 0). Halves round up. Integer arithmetic, so no
 * floating-point drift at the edges.
 */
export function roundMinutes(ms: number, rule: RoundingRule): number {
  checkDuration(ms);
  checkRule(rule);
  const stepMs = rule.stepMinutes * MS_PER_MINUTE;
  const whole = Math.floor(ms);
  let steps: number;
  switch (rule.mode) {
    case 'down':
      steps = Math.floor(whole / stepMs);
      break;
    case 'up':
      steps = Math.ceil(whole / stepMs);
      break;
    case 'nearest':
      steps = Math.floor((whole + stepMs / 2) / stepMs);
      break;
  }
  return steps * rule.stepMinutes;
}

export interface RoundedHours {
  /** The time as measured, floored to whole minutes (what the user sees as "raw"). */
  rawHhmm: string;
  rawMinutes: number;
  /** What will be logged after the rule is applied. */
  roundedHhmm: string;
  roundedMinutes: number;
}

/** Raw and rounded side by side, so the UI shows the rounding before it is applied. */
export function roundToHhmm(ms: number, rule: RoundingRule = DEFAULT_ROUNDING): RoundedHours {
  const roundedMinutes = roundMinutes(ms, rule);
  const rawMinutes = Math.floor(ms / MS_PER_MINUTE);
  return { rawHhmm: toHhmm(rawMinutes), rawMinutes, roundedHhmm: toHhmm(roundedMinutes), roundedMinutes };
}

/** "6 h", "1 h 30 min", "45 min": durations in sentences (reminders, notices), not on the wire. */
export function describeMinutes(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}
