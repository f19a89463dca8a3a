// Types of ./date-sensitive.mjs (plain JavaScript, so vitest.config.ts can load it as it is).
export const FIRST_ZONE_ONLY: Readonly<Record<string, string>>;
export const TOUCHES_A_DAY: ReadonlyArray<[string, RegExp]>;
export const LOCAL_TIME: ReadonlyArray<[string, RegExp]>;
export function firstMatch(text: string, patterns: ReadonlyArray<[string, RegExp]>): string | undefined;
export function howItTouchesADay(file: string, testRoot: string, seen?: Set<string>): string | undefined;
export interface Classified {
  /** Project-relative, with forward slashes (a vitest `include` pattern). */
  file: string;
  /** How it touches a day (rule 1), or undefined. */
  touches: string | undefined;
  /** Why it runs in the first zone only, when FIRST_ZONE_ONLY lists it. */
  firstZoneOnly: string | undefined;
  dateSensitive: boolean;
}
export function classifyTestFiles(root: string, firstZoneOnly?: Readonly<Record<string, string>>): Classified[];
export function dateSensitiveTestFiles(root: string): string[];
