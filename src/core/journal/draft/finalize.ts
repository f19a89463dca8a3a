/**
 * What a change becomes (./proxy.ts made its draft): `finalize` gives a draft's final value, `resolve` a value with
 * every draft inside it replaced by its final value. Called once `fn` returned (../change.ts `draftChange`).
 */
import { GONE, hasOwn, isModified, isObject, stateOf, type DraftState } from './proxy';

/**
 * The final value of a draft: its base when nothing under it was written, else its copy with drafts resolved. The
 * rows map's final value is its base: what changed is in its overlay (final values, GONE for deleted keys), which
 * ../change.ts turns into a new map or applies to the ledger's own.
 */
export function finalize(s: DraftState): unknown {
  if (s.done) return s.result;
  s.done = true;
  if (!isModified(s)) {
    s.result = s.base;
    // drafts handed out under an unwritten draft were not written either (a write marks every parent)
    if (s.children)
      for (const c of s.children.values()) {
        c.done = true;
        c.result = c.base;
      }
    return s.result;
  }
  if (s.map) {
    const o = s.map.overlay!;
    if (s.children) {
      for (const [prop, c] of s.children) {
        if (!o.has(prop)) {
          const f = finalize(c);
          if (f !== c.base) o.set(prop, f);
        } else if (o.get(prop) === c.base) o.set(prop, finalize(c));
        else finalize(c); // replaced or removed: its writes (if any) go nowhere, but it is closed too
      }
    }
    if (s.written)
      for (const prop of s.written) {
        const v = o.get(prop);
        if (v !== GONE) o.set(prop, resolve(v));
      }
    s.result = s.base;
    return s.result;
  }
  const copy = s.copy!;
  if (s.children) {
    for (const [prop, c] of s.children) {
      if (copy[prop] === c.base) copy[prop] = finalize(c);
      else finalize(c);
    }
  }
  // a draft can only get into a copy by a write (an array's push, splice or sort writes each index it moves)
  if (s.written) for (const prop of s.written) if (hasOwn(copy, prop)) copy[prop] = resolve(copy[prop]);
  s.result = copy;
  return copy;
}

/** `v` with every draft inside it replaced by its final value. New objects are fixed in place; drafts are replaced. */
export function resolve(v: unknown): unknown {
  if (!isObject(v)) return v;
  const st = stateOf(v);
  if (st) return finalize(st);
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x = v[i];
      if (isObject(x)) {
        const r = resolve(x);
        if (r !== x) v[i] = r;
      }
    }
    return v;
  }
  for (const k of Object.keys(v)) {
    const x = v[k];
    if (isObject(x)) {
      const r = resolve(x);
      if (r !== x) v[k] = r;
    }
  }
  return v;
}
