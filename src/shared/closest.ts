/**
 * "Did you mean ...?": the names closest to what someone typed (a job name given to `punch log --job-name`, a command
 * word). Pure; used by the logging rules (src/core/rules/check.ts) and the CLI.
 */

/** Levenshtein distance (insert, delete, replace one character). */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}

const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Up to `max` of `names` closest to `typed`, best first: the same name in another letter case (or spacing); then
 * names that contain what was typed, or all its words, or are contained in it; then names a few typos away (at most
 * a third of the longer name's letters, and at least 2). Names further off are not suggested.
 */
export function closestNames(typed: string, names: readonly string[], max = 3): string[] {
  const t = norm(typed);
  if (!t) return [];
  const words = t.split(' ');
  const scored = [...new Set(names)].map((name) => {
    const n = norm(name);
    const distance = editDistance(t, n);
    const rank = n === t ? 0 : n.includes(t) || t.includes(n) || words.every((w) => n.includes(w)) ? 1 : 2;
    return { name, rank, distance, near: distance <= Math.max(2, Math.floor(Math.max(t.length, n.length) / 3)) };
  });
  return scored
    .filter((s) => s.rank < 2 || s.near)
    .sort((a, b) => a.rank - b.rank || a.distance - b.distance || a.name.localeCompare(b.name))
    .slice(0, max)
    .map((s) => s.name);
}

/** 'A', 'A' or 'B', 'A', 'B' or 'C' (each quoted). */
export function quotedChoice(names: readonly string[]): string {
  const q = names.map((n) => `'${n}'`);
  return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} or ${q[q.length - 1]}`;
}
