/**
 * A list of objects as a table (format version 4's snapshot records, ./compaction.ts): each field name written once,
 * each field's values together in a column, a column of few distinct texts as a dictionary and indexes, a column of
 * whole numbers as differences to the one before, a column of one value as that value once. The rows and entries a
 * snapshot holds have the same fields, mostly the same day, job, account and state, and times a few ms apart: as a
 * table, 10,000 waiting are a quarter of the bytes and a fifth of the values to parse, and no field name to parse
 * at all (docs/benchmarks.md, "The journal's format 4"). A table holds any objects; what a row or an entry must hold
 * is ./stored.ts's, asked of each one read back (the snapshot's records: ./table-records.ts).
 *
 * Which fields an object has, and in which order, is its shape: when every object has every field, in the order of
 * `keys`, nothing more is written; otherwise `shapes` lists the orders found (indexes into `keys`) and `s` each
 * object's, and a column holds the values of the objects that have its field, in their order. An object read back
 * has its fields in the order it was written with (what JSON.stringify writes again is the same text).
 */

/** One column: the values as they are (any JSON), or a dictionary, differences, or one constant value. */
export type Column = unknown[] | { d: string[]; i: number[] } | { n: number[] } | { c: unknown };

/** A table as written: `n` objects, their fields, a column per field, and the shapes when they differ. */
export interface Table {
  n: number;
  keys: string[];
  cols: Column[];
  shapes?: number[][];
  s?: number[];
}

/** The one empty list a constant column of `[]` reads as (a change copies it before writing, as any). */
export const EMPTY_LIST: readonly never[] = Object.freeze([]);

const isPrimitive = (v: unknown) => v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
const isEmptyList = (v: unknown) => Array.isArray(v) && v.length === 0;

/* ------------------------------------------------------------------ writing */

/** `items` as a table (their values are written as they are: undefined values are left out, as JSON.stringify does). */
export function toTable(items: readonly object[]): Table {
  const keys: string[] = [];
  const keyAt = new Map<string, number>();
  const shapes: number[][] = [];
  const shapeAt = new Map<string, number>();
  const s: number[] = [];
  const values: unknown[][] = [];
  for (const item of items) {
    const shape: number[] = [];
    for (const [k, v] of Object.entries(item)) {
      // (`__proto__`: only a hand-made file can hold one as its own field; a table never names it, see fromTable)
      if (v === undefined || k === '__proto__') continue;
      let at = keyAt.get(k);
      if (at === undefined) {
        at = keys.length;
        keyAt.set(k, at);
        keys.push(k);
        values.push([]);
      }
      shape.push(at);
      values[at].push(v);
    }
    const name = shape.join(',');
    let si = shapeAt.get(name);
    if (si === undefined) {
      si = shapes.length;
      shapeAt.set(name, si);
      shapes.push(shape);
    }
    s.push(si);
  }
  const table: Table = { n: items.length, keys, cols: values.map(column) };
  const plain = shapes.length === 0 || (shapes.length === 1 && shapes[0].every((k, i) => k === i) && shapes[0].length === keys.length);
  if (!plain) Object.assign(table, { shapes, s });
  return table;
}

/** The smallest of the column's forms that reads back exactly. */
function column(values: unknown[]): Column {
  const first = values[0];
  if ((isPrimitive(first) || isEmptyList(first)) && values.every((v) => v === first || (isEmptyList(first) && isEmptyList(v))))
    return { c: first };
  if (values.every((v) => typeof v === 'string')) {
    const distinct = [...new Set(values as string[])];
    if (distinct.length * 2 <= values.length) {
      const at = new Map(distinct.map((v, i) => [v, i]));
      return { d: distinct, i: values.map((v) => at.get(v as string)!) };
    }
    return values;
  }
  if (values.every((v) => Number.isSafeInteger(v))) {
    let before = 0;
    const n = (values as number[]).map((v) => {
      const d = v - before;
      before = v;
      return d;
    });
    if (n.every((d) => Number.isSafeInteger(d))) return { n };
  }
  return values;
}

/* ------------------------------------------------------------------ reading */

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/**
 * The objects of a table, or undefined when it is not one (a field named twice or `__proto__`, a column that does
 * not hold as many values as objects have its field, an index out of its list): what the values must be is not
 * asked here.
 */
export function fromTable(t: Record<string, unknown>): Record<string, unknown>[] | undefined {
  const { n, keys, cols, shapes, s } = t;
  if (!isCount(n) || !Array.isArray(keys) || !Array.isArray(cols) || cols.length !== keys.length) return undefined;
  const names = new Set<string>();
  for (const k of keys) {
    if (typeof k !== 'string' || k === '__proto__' || names.has(k)) return undefined;
    names.add(k);
  }
  let order: number[][];
  let of: number[] | undefined;
  // how many objects hold each field
  const counts = new Array<number>(keys.length).fill(n);
  if (shapes === undefined && s === undefined) order = [keys.map((_, i) => i)];
  else {
    if (!Array.isArray(shapes) || !Array.isArray(s) || s.length !== n) return undefined;
    for (const shape of shapes) {
      if (!Array.isArray(shape) || new Set(shape).size !== shape.length) return undefined;
      for (const k of shape) if (!isCount(k) || k >= keys.length) return undefined;
    }
    counts.fill(0);
    for (const si of s) {
      if (!isCount(si) || si >= shapes.length) return undefined;
      for (const k of shapes[si] as number[]) counts[k]++;
    }
    order = shapes as number[][];
    of = s as number[];
  }
  const values: unknown[][] = [];
  for (let k = 0; k < cols.length; k++) {
    const v = valuesOf(cols[k], counts[k]);
    if (!v) return undefined;
    values.push(v);
  }
  const next = new Array<number>(keys.length).fill(0);
  const out = new Array<Record<string, unknown>>(n);
  for (let i = 0; i < n; i++) {
    const shape = order[of ? of[i] : 0];
    const o: Record<string, unknown> = {};
    for (let j = 0; j < shape.length; j++) {
      const k = shape[j];
      o[keys[k] as string] = values[k][next[k]++];
    }
    out[i] = o;
  }
  return out;
}

/** A column's `count` values, or undefined when it does not hold that many (or is no column). */
export function valuesOf(col: unknown, count: number): unknown[] | undefined {
  if (Array.isArray(col)) return col.length === count ? col : undefined;
  if (!isObj(col)) return undefined;
  if ('c' in col) {
    const c = col.c;
    if (!isPrimitive(c) && !isEmptyList(c)) return undefined;
    return new Array<unknown>(count).fill(isEmptyList(c) ? EMPTY_LIST : c);
  }
  if (Array.isArray(col.n)) {
    const d = col.n;
    if (d.length !== count) return undefined;
    const out = new Array<number>(count);
    let v = 0;
    for (let i = 0; i < count; i++) {
      const x = d[i] as unknown;
      if (typeof x !== 'number' || !Number.isSafeInteger((v += x))) return undefined;
      out[i] = v;
    }
    return out;
  }
  if (Array.isArray(col.d) && Array.isArray(col.i)) {
    const dict = col.d;
    const idx = col.i;
    if (idx.length !== count || !dict.every((x) => typeof x === 'string')) return undefined;
    const out = new Array<string>(count);
    for (let i = 0; i < count; i++) {
      const x = idx[i] as unknown;
      if (!isCount(x) || x >= dict.length) return undefined;
      out[i] = dict[x] as string;
    }
    return out;
  }
  return undefined;
}
