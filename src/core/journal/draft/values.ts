/**
 * Values kept outside a change: committed rows frozen (read by iterating the rows map without a draft, they must refuse
 * writes), and a plain copy of a value that may hold drafts.
 */
import type { Journal } from '../types';

function isObject(v: unknown): v is Record<PropertyKey, unknown> {
  return typeof v === 'object' && v !== null;
}

export function freezeDeep<T>(v: T): T {
  if (!isObject(v) || Object.isFrozen(v)) return v;
  Object.freeze(v);
  for (const k in v) {
    const x = (v as Record<string, unknown>)[k];
    if (typeof x === 'object' && x !== null) freezeDeep(x);
  }
  return v;
}

/** Freezes every row of a document (a document read or built outside a change). */
export function freezeRows(doc: Journal): Journal {
  for (const id in doc.rows) freezeDeep(doc.rows[id]);
  return doc;
}

/**
 * A plain deep copy of a value that may be (or hold) drafts: what `structuredClone` gives for plain data, which it
 * cannot give for a draft (a Proxy cannot be cloned). For a value to keep after the change (../../sync/claims.ts).
 */
export function current<T>(v: T): T {
  if (!isObject(v)) return v;
  if (Array.isArray(v)) return v.map((x) => current(x)) as T;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) out[k] = current((v as Record<string, unknown>)[k]);
  return out as T;
}
