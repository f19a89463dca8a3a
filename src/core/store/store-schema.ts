/**
 * The shape check a store is opened with ("a file that cannot be read ... every entry that can be recovered
 * is recovered"). The module that owns a store supplies its schema (the timer, the preferences, the account ...); the
 * store factory (./conf-store.ts) runs `inspectDocument` on the file's bytes before it uses them and, when they are
 * damaged, keeps the file aside (./damage.ts) and writes back only what the schema recovered.
 *
 * Every document carries `formatVersion` (FORMAT_VERSION); a file without it was written before versions were
 * recorded and reads as version 1. A file of another version is kept aside like a damaged one: its keys that still
 * pass the schema are recovered.
 */

import type { DamageReport } from '../../shared/domain';
import { saidOf, type Said, type SaidValue, type Words } from '../../shared/i18n/said';
import { storeWords } from './store-words';

/** A schema's words: the core's (a code and values with their English), or English text (a test's own schema). */
export type Text = string | Words;
const valueOf = (t: Text): SaidValue => (typeof t === 'string' ? t : { said: saidOf(t) });

/** What the schema says about one key's value. */
export interface KeyCheck {
  /** The value to keep (the value itself, or it with its unreadable parts left out); undefined: nothing of it is usable. */
  keep: unknown;
  /** What was wrong, in plain words ("favouriteJobIds is not a list"); empty when the value is fine. */
  problems: Text[];
}

export interface StoreSchema {
  /** What the file is, in the user's words: "the timer", "your preferences". */
  what: Text;
  /** Checks one key's value. A key the schema does not know is kept as it is (a newer Punchcard may add keys). */
  check(key: string, value: unknown): KeyCheck;
  /** From a file that is not JSON at all (truncated, garbled): whatever can still be read from its text. */
  salvage?(text: string): Record<string, unknown>;
  /** What a recovered document holds, in words, and how many values that is ("a running timer on X since 09:12"). */
  describe(doc: Record<string, unknown>): { text: Text; count: number };
  /** What it means for the user when nothing could be recovered ("the timer starts stopped"). */
  ifNothing: Text;
  /**
   * After the damaged file was kept aside: the document to write instead (default: what was recovered). The account
   * adds a marker here, so "the account file could not be read" survives a restart instead of becoming "no account".
   */
  mark?(recovered: Record<string, unknown>, report: DamageReport, text: string): Record<string, unknown>;
}

/** The version every store document is written with. */
export const FORMAT_VERSION = 1;
export const VERSION_KEY = 'formatVersion';

export type Inspection =
  | { kind: 'missing' }
  | { kind: 'ok'; doc: Record<string, unknown> }
  | { kind: 'damaged'; reason: Words; recovered: Record<string, unknown>; outcome: Words; count: number; lost: number };

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function kindOf(v: unknown): 'null' | 'list' | 'string' | 'number' | 'boolean' | 'other' {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'list';
  const t = typeof v;
  return t === 'string' || t === 'number' || t === 'boolean' ? t : 'other';
}

/** The parser's complaint in plain words: a file cut short reads differently from one full of noise. */
function unreadableReason(text: string, e: unknown): Words {
  const msg = e instanceof Error ? e.message : String(e);
  if (/end of (JSON )?input|Unterminated|Expected .* after|Bad control character/i.test(msg) && /^\s*[[{]/.test(text)) {
    return storeWords.cutShort(msg);
  }
  return storeWords.unreadable(msg);
}

/** The generic part for stores opened without a schema (their own module checks the values it reads). */
const GENERIC: StoreSchema = {
  what: storeWords.aFile(),
  check: (_key, value) => ({ keep: value, problems: [] }),
  describe: (doc) => {
    const keys = Object.keys(doc).filter((k) => k !== VERSION_KEY);
    return { text: keys.length ? storeWords.keys(keys) : storeWords.nothing(), count: keys.length };
  },
  ifNothing: storeWords.startsEmpty(),
};

/**
 * Reads a store file's text against its schema. Pure: the caller keeps the file aside and writes the recovered
 * document. `text === undefined`: there is no file.
 */
export function inspectDocument(text: string | undefined, schema: StoreSchema = GENERIC): Inspection {
  if (text === undefined) return { kind: 'missing' };
  const damaged = (reason: Words, recovered: Record<string, unknown>, problems: Text[] = []): Inspection => {
    const { text: held, count } = schema.describe(recovered);
    const outcome = storeWords.outcome({
      ...(count > 0 ? { held: valueOf(held) } : {}),
      meaning: valueOf(schema.ifNothing),
      lost: problems.map((p) => (typeof p === 'string' ? p : saidOf(p))),
    });
    return { kind: 'damaged', reason, recovered, outcome, count, lost: problems.length };
  };
  if (text.trim() === '') return damaged(storeWords.empty(), {});
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    const salvaged = schema.salvage?.(text) ?? {};
    return damaged(unreadableReason(text, e), checkKeys(salvaged, schema).doc);
  }
  if (!isPlainObject(parsed)) return damaged(storeWords.notKeys(kindOf(parsed)), {});
  const version = parsed[VERSION_KEY];
  const otherVersion = version !== undefined && version !== FORMAT_VERSION;
  const { doc, problems } = checkKeys(parsed, schema);
  if (otherVersion) {
    return damaged(storeWords.otherFormat(JSON.stringify(version), FORMAT_VERSION), doc, problems);
  }
  if (problems.length > 0) return damaged(storeWords.notOurs(), doc, problems);
  return { kind: 'ok', doc: parsed };
}

/** Each key through the schema; the version key is left out (the store writes its own). */
export function checkKeys(input: Record<string, unknown>, schema: StoreSchema): { doc: Record<string, unknown>; problems: Text[] } {
  const doc: Record<string, unknown> = {};
  const problems: Text[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (key === VERSION_KEY) continue;
    const r = schema.check(key, value);
    problems.push(...r.problems);
    if (r.keep !== undefined) doc[key] = r.keep;
  }
  return { doc, problems };
}

/* ------------------------------------------------------------------ small helpers for schemas */

export { isPlainObject };
export type { Said };

export const isString = (v: unknown): v is string => typeof v === 'string';
export const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A list whose items pass `ok`: the good items, and how many were left out. */
export function goodItems<T>(v: unknown, ok: (item: unknown) => item is T): { items: T[]; bad: number } | undefined {
  if (!Array.isArray(v)) return undefined;
  const items = v.filter(ok);
  return { items, bad: v.length - items.length };
}

/** Finds `"name": <number>` in text that is not JSON (a truncated file). */
export function numberIn(text: string, name: string): number | undefined {
  const m = new RegExp(`"${name}"\\s*:\\s*(-?\\d+(?:\\.\\d+)?)`).exec(text);
  const n = m ? Number(m[1]) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** Finds `"name": "<string>"` in text that is not JSON (a complete string only). */
export function stringIn(text: string, name: string): string | undefined {
  const m = new RegExp(`"${name}"\\s*:\\s*("(?:[^"\\\\]|\\\\.)*")`).exec(text);
  if (!m) return undefined;
  try {
    return JSON.parse(m[1]) as string;
  } catch {
    return undefined;
  }
}

/** Finds `"name": true|false`. */
export function booleanIn(text: string, name: string): boolean | undefined {
  const m = new RegExp(`"${name}"\\s*:\\s*(true|false)`).exec(text);
  return m ? m[1] === 'true' : undefined;
}
