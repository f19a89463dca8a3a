#!/usr/bin/env node
/**
 * `node scripts/i18n/remaining.mjs [--files]`: what is left to convert to the catalogs, counted per folder of src/:
 * string and template literals that read as words for people (two words or more, a word of three letters or more),
 * outside message declarations (defineMessages / defineMessage), imports, console calls, comments, and the code that
 * is not for people: the sandbox's own API; JSX attributes for the code and the styles (className, id, data-testid...)
 * and CSS selectors (`isCode`); HTTP header names and media types; a string or template without a space, which is a
 * name, not two words. A heuristic to plan the next wave by, not a test: it also counts a few strings no user reads
 * (error texts for developers, log lines), and misses single words ("Cancel").
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { ROOT } from './compile.mjs';

const SKIP_DIRS = new Set(['compiled', 'sandbox']);
function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return SKIP_DIRS.has(name) ? [] : files(p);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [p] : [];
  });
}

const PROSE = /[A-Za-z]{3,}[^A-Za-z]+[A-Za-z]{2,}/;
// a path or key, a constant's name, one word, any one token; an HTTP header's name (Content-Type), a media type
// (text/css; charset=utf-8)
const NOT_PROSE =
  /^([a-z0-9]+[-_.:/])+[a-z0-9]+$|^[A-Z_]+$|^\w+$|^\S+$|^[A-Z][a-z]+(-[A-Z][a-z]+)+$|^[a-z]+\/[\w.+-]+(; ?charset=[\w-]+)?$/;
/** JSX attributes whose values are for the code and the styles, never read by people. */
const CODE_ATTRIBUTES = new Set([
  'className',
  'id',
  'htmlFor',
  'data-testid',
  'type',
  'role',
  'autoComplete',
  'inputMode',
  'rel',
  'aria-describedby',
  'aria-controls',
  'aria-labelledby',
]);

function inDeclaration(node) {
  for (let n = node.parent; n; n = n.parent) {
    if (ts.isJsxAttribute(n)) return CODE_ATTRIBUTES.has(n.name.getText());
    if (ts.isCallExpression(n)) {
      const callee = n.expression.getText();
      if (/^(defineMessages?|console\.\w+|require)$/.test(callee)) return true;
    }
    if (ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) return true;
  }
  return false;
}

/**
 * Code, not words: a JSX attribute that names classes or test hooks (`className="muted small"`, `data-testid`), and a
 * CSS selector or media query handed to the DOM (`querySelector('[data-close]')`, `matchMedia('(prefers-...)')`).
 */
const SELECTOR_CALLS = /(^|\.)(querySelector|querySelectorAll|closest|matches|matchMedia)$/;
function isCode(node) {
  for (let n = node.parent; n; n = n.parent) {
    if (ts.isJsxAttribute(n)) return CODE_ATTRIBUTES.has(n.name.getText());
    if (ts.isCallExpression(n)) return SELECTOR_CALLS.test(n.expression.getText().replace(/<[^>]*>$/, ''));
    if (ts.isJsxElement(n) || ts.isJsxSelfClosingElement(n) || ts.isBlock(n) || ts.isSourceFile(n)) return false;
  }
  return false;
}

export function remaining(root = ROOT) {
  const perFolder = {};
  const perFile = {};
  for (const file of files(join(root, 'src'))) {
    const source = ts.createSourceFile(
      file,
      readFileSync(file, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
      file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    let count = 0;
    const visit = (node) => {
      let text;
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
      else if (ts.isTemplateExpression(node)) {
        // a template whose every part is one token (`outbox-group-${id}`, `[data-edit="${id}"]`) builds a name, not words
        const parts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
        if (parts.some((p) => /\s/.test(p))) text = parts.join(' x ');
      } else if (ts.isJsxText(node)) text = node.text.trim();
      if (text && PROSE.test(text) && !NOT_PROSE.test(text.trim()) && !inDeclaration(node) && !isCode(node)) count++;
      ts.forEachChild(node, visit);
    };
    visit(source);
    if (!count) continue;
    const rel = relative(root, file);
    const folder = rel
      .split('/')
      .slice(0, rel.startsWith('src/core/') || rel.startsWith('src/renderer/src/') ? 3 : 2)
      .join('/');
    perFolder[folder] = (perFolder[folder] ?? 0) + count;
    perFile[rel] = count;
  }
  return { perFolder, perFile };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { perFolder, perFile } = remaining();
  const rows = Object.entries(process.argv.includes('--files') ? perFile : perFolder).sort((a, b) => b[1] - a[1]);
  for (const [k, n] of rows) process.stdout.write(`${String(n).padStart(5)}  ${k}\n`);
  process.stdout.write(`${String(rows.reduce((t, [, n]) => t + n, 0)).padStart(5)}  in all\n`);
}
