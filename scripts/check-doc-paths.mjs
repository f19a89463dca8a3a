#!/usr/bin/env node
/**
 * Docs that do not drift: every path of this repository that a comment or a doc names must exist. Read:
 *  - the comments of every source file (src, test, bench, scripts, bin and the root's configs; strings are code, not
 *    words, and are left to the code's own tests), and the whole text of every Markdown file (README.md, docs/,
 *    each folder's README.md). Not CHANGELOG.md: it tells what changed, old names included, on purpose;
 *  - paths from the root (`src/core/journal/ledger.ts`, `docs/outbox.md`, `test/fixtures/`), with or without their
 *    extension (`src/sandbox` is a folder, `src/core/root/punchcard` a module), a folder when they end with `/`;
 *  - a file named by part of its path (`journal/types.ts`, `week/adopt.ts`), the way the docs name the core's
 *    files: it must be the end of some file's path in the tree.
 * Prints each path that names nothing, where, and exits 1. Part of `npm run lint`; `node scripts/check-doc-paths.mjs
 * DIR` reads another tree (tests run it on a copy).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
const TOPS = ['src', 'test', 'bench', 'scripts', 'docs', 'bin', 'locales', 'resources', 'build'];
/** What builds and runs make, which the tree does not hold: named in docs on purpose. */
const BUILT = ['out', 'dist', 'node_modules', 'test-results', 'playwright-report', 'release', 'coverage'];
const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs)$/;
const EXT = 'ts|tsx|mts|mjs|js|cjs|json|md|css|html|sh|po|pot|png|svg|yml|yaml';
const MODULE_EXTS = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '.md', '.d.ts'];

/** Every file of the tree: tracked and new, never what git ignores (out/, node_modules/, test-results/ ...). */
function treeFiles() {
  const out = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  return out.split('\n').filter((f) => f && existsSync(join(ROOT, f)));
}

const files = treeFiles();
const fileSet = new Set(files);
const dirSet = new Set(
  files.flatMap((f) =>
    f
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
);
const exists = (rel) => fileSet.has(rel) || dirSet.has(rel.replace(/\/$/, ''));
const existsAsModule = (rel) => MODULE_EXTS.some((e) => fileSet.has(rel + e)) || dirSet.has(rel.replace(/\/$/, ''));
const bySuffix = (tail) => files.some((f) => f === tail || f.endsWith(`/${tail}`));

/**
 * The comments of a source file, with where each starts. The parser's: every comment before or after a node. The
 * scanner alone (as this read them first) loses its place after a template literal with a `${...}` in it and reads
 * the rest of the file as code: 1,663 of 5,901 comments of the tree were never checked. The scanner's are kept too,
 * for the comments no node touches (inside JSX braces `{/* ... *\/}`).
 */
function commentsOf(file, text) {
  const found = new Map();
  const add = (r) => found.set(r.pos, { text: text.slice(r.pos, r.end), at: r.pos });
  const kind = /\.(tsx|jsx)$/.test(file) ? ts.ScriptKind.TSX : /\.(mjs|js|cjs)$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const visit = (node) => {
    for (const r of ts.getLeadingCommentRanges(text, node.pos) ?? []) add(r);
    for (const r of ts.getTrailingCommentRanges(text, node.end) ?? []) add(r);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  for (const r of ts.getLeadingCommentRanges(text, sf.endOfFileToken.pos) ?? []) add(r);
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.JSX, text);
  let token;
  while ((token = scanner.scan()) !== ts.SyntaxKind.EndOfFileToken) {
    if (token === ts.SyntaxKind.SingleLineCommentTrivia || token === ts.SyntaxKind.MultiLineCommentTrivia)
      add({ pos: scanner.getTokenPos(), end: scanner.getTextPos() });
  }
  return [...found.values()];
}

const lineAt = (text, at) => text.slice(0, at).split('\n').length;
const clean = (p) => p.replace(/[.,:;]+$/, '');

/** The paths a piece of text names that do not exist, read from the file `file` (relative to the root). */
export function missingIn(file, text) {
  const missing = [];
  const here = dirname(file);
  const fromRoot = new RegExp(`(?<![\\w./@-])((?:${TOPS.join('|')})/[\\w.@/-]*)`, 'g');
  for (const m of text.matchAll(fromRoot)) {
    const p = clean(m[1]);
    if (!existsAsModule(p)) missing.push({ path: p, at: m.index });
  }
  // a file with its extension (a bare `../sandbox` in a comment is code quoted from elsewhere, not a path to check)
  const fromHere = new RegExp(`(?<![\\w/.])(\\.{1,2}/[\\w.@/-]*[\\w-]\\.(?:${EXT}))(?![\\w.])`, 'g');
  for (const m of text.matchAll(fromHere)) {
    const p = m[1];
    const rel = relative(ROOT, resolve(ROOT, here, p))
      .split('\\')
      .join('/');
    if (rel.startsWith('..')) continue; // outside the repository (the shared spec, a sibling checkout)
    // `./bin/punch.mjs` in a command is run from the root
    if (!exists(rel) && !(p.startsWith('./') && exists(p.slice(2)))) missing.push({ path: p, at: m.index });
  }
  // a file by the end of its path: `journal/ledger.ts`, as the docs name the core's files
  const partial = new RegExp(`(?<![\\w./@-])((?:[\\w@-]+/)+[\\w.-]+\\.(?:ts|tsx|mts|mjs|md))(?![\\w/])`, 'g');
  for (const m of text.matchAll(partial)) {
    const p = m[1];
    // from the root (read above), or what a build makes (out/, dist/), not the tree
    if ([...TOPS, ...BUILT].some((t) => p.startsWith(`${t}/`))) continue;
    if (!bySuffix(p)) missing.push({ path: p, at: m.index });
  }
  return missing;
}

/** Markdown links: `[words](target)` whose target is a path, read from the Markdown file's folder. */
function missingLinks(file, text) {
  const missing = [];
  for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = m[1].split('#')[0];
    if (!target || /^[a-z]+:/i.test(target)) continue;
    const rel = relative(ROOT, resolve(ROOT, dirname(file), target))
      .split('\\')
      .join('/');
    if (rel.startsWith('..')) continue;
    if (!exists(rel)) missing.push({ path: target, at: m.index });
  }
  return missing;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = [];
  for (const file of files) {
    const isMarkdown = file.endsWith('.md') && file !== 'CHANGELOG.md';
    const isSource = SOURCE.test(file) && !file.endsWith('.d.mts') && (TOPS.includes(file.split('/')[0]) || !file.includes('/'));
    if (!isMarkdown && !isSource) continue;
    if (statSync(join(ROOT, file)).size > 2_000_000) continue;
    const text = readFileSync(join(ROOT, file), 'utf8');
    const pieces = isMarkdown ? [{ text, at: 0 }] : commentsOf(file, text);
    for (const piece of pieces) {
      for (const miss of missingIn(file, piece.text)) problems.push(`${file}:${lineAt(text, piece.at + miss.at)}: ${miss.path}`);
    }
    if (isMarkdown) for (const miss of missingLinks(file, text)) problems.push(`${file}:${lineAt(text, miss.at)}: ${miss.path}`);
  }
  if (problems.length > 0) {
    for (const p of [...new Set(problems)]) console.error(p);
    console.error(
      `${problems.length} path(s) in comments and docs name nothing in the tree: correct them to where the file is now, or say it in words.`,
    );
    process.exit(1);
  }
  console.log(`doc paths: every path named in the comments and docs of ${files.length} files exists`);
}
