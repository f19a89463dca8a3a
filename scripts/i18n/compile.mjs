#!/usr/bin/env node
/**
 * `npm run i18n:compile`: locales/*.po -> src/shared/i18n/compiled/<language>.json, each message as the AST that
 * @formatjs/intl formats without parsing at run time (docs/i18n.md). Fails (exit 1, nothing written) when a message
 * has broken ICU syntax, or a translation's placeholders, plural/select arguments or tags differ from the English.
 * A missing or fuzzy translation falls back to the English and is listed (the catalog test refuses it).
 * en-XA is made here from English (./pseudo.mjs). The compiled files are committed, so a fresh clone, tsx, vitest
 * and the bundlers need no step first; test/unit/i18n-catalogs.test.ts fails when they are not current.
 *
 *   node scripts/i18n/compile.mjs [--check]   (--check: write nothing, exit 1 when a compiled file is not current)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { readPo } from './po.mjs';
import { pseudoMessage } from './pseudo.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The languages translated by people (locales/<language>.po); en is the source, en-XA is made from it. */
export const TRANSLATED = ['de', 'fr', 'es', 'ar'];
export const TEMPLATE = 'locales/messages.pot';
export const COMPILED_DIR = 'src/shared/i18n/compiled';

const PARSE = { requiresOtherClause: true, shouldParseSkeletons: true };

/** `name:kind` of every placeholder, plural/select argument and tag in an AST (the set a translation must keep). */
export function placeholdersOf(ast, into = new Set()) {
  for (const n of ast) {
    if (n.type === TYPE.argument || n.type === TYPE.number || n.type === TYPE.date || n.type === TYPE.time)
      into.add(`${n.value}:${n.type === TYPE.argument ? 'text' : TYPE[n.type]}`);
    if (n.type === TYPE.plural || n.type === TYPE.select) {
      into.add(`${n.value}:${TYPE[n.type]}`);
      for (const o of Object.values(n.options)) placeholdersOf(o.value, into);
    }
    if (n.type === TYPE.tag) {
      into.add(`<${n.value}>:tag`);
      placeholdersOf(n.children, into);
    }
  }
  return into;
}

const sameSet = (a, b) => a.size === b.size && [...a].every((x) => b.has(x));

function tryParse(text, where, problems) {
  try {
    return parse(text, PARSE);
  } catch (e) {
    problems.push(`${where}: broken ICU syntax (${e.message}): ${JSON.stringify(text)}`);
    return undefined;
  }
}

const jsonOf = (messages) =>
  `{\n${Object.keys(messages)
    .sort()
    .map((id) => `  ${JSON.stringify(id)}: ${JSON.stringify(messages[id])}`)
    .join(',\n')}\n}\n`;

/**
 * Compiles every language in memory: { files: { 'src/shared/i18n/compiled/de.json': text }, problems, untranslated }.
 * `problems` fail the compile; `untranslated` (per language: ids missing, fuzzy, or unknown to the source) do not.
 */
export function compileCatalogs(root = ROOT) {
  const problems = [];
  const untranslated = {};
  const source = readPo(join(root, TEMPLATE)).entries;
  const english = {};
  for (const [id, e] of Object.entries(source)) {
    const ast = tryParse(e.source, `${id} (en)`, problems);
    if (ast) english[id] = ast;
  }
  const files = { [`${COMPILED_DIR}/en.json`]: jsonOf(english) };
  for (const lang of TRANSLATED) {
    const { entries } = readPo(join(root, 'locales', `${lang}.po`));
    const out = {};
    const gaps = [];
    for (const [id, ast] of Object.entries(english)) {
      const e = entries[id];
      if (!e || !e.translation || e.fuzzy || e.source !== source[id].source) {
        gaps.push(`${id}: ${!e || !e.translation ? 'not translated' : 'fuzzy (its English changed)'}`);
        out[id] = ast;
        continue;
      }
      const translated = tryParse(e.translation, `${id} (${lang})`, problems);
      if (!translated) continue;
      const want = placeholdersOf(ast);
      const got = placeholdersOf(translated);
      if (!sameSet(want, got))
        problems.push(
          `${id} (${lang}): the placeholders differ from the English: has {${[...got].join(', ')}}, needs {${[...want].join(', ')}}`,
        );
      else out[id] = translated;
    }
    for (const id of Object.keys(entries)) if (!english[id]) gaps.push(`${id}: not in the source any more (stale)`);
    if (gaps.length) untranslated[lang] = gaps;
    files[`${COMPILED_DIR}/${lang}.json`] = jsonOf(out);
  }
  files[`${COMPILED_DIR}/en-XA.json`] = jsonOf(Object.fromEntries(Object.entries(english).map(([id, ast]) => [id, pseudoMessage(ast)])));
  return { files, problems, untranslated };
}

/** The compiled files that differ from what is on disk (paths relative to the root). */
export function staleCompiledFiles(root = ROOT) {
  const { files } = compileCatalogs(root);
  return Object.entries(files)
    .filter(([path, text]) => !existsSync(join(root, path)) || readFileSync(join(root, path), 'utf8') !== text)
    .map(([path]) => path);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes('--check');
  const { files, problems, untranslated } = compileCatalogs();
  for (const [lang, gaps] of Object.entries(untranslated))
    process.stderr.write(`i18n:compile: ${lang}: ${gaps.length} message(s) in English for now:\n  ${gaps.join('\n  ')}\n`);
  if (problems.length) {
    process.stderr.write(`i18n:compile: ${problems.length} problem(s), nothing written:\n  ${problems.join('\n  ')}\n`);
    process.exit(1);
  }
  if (check) {
    const stale = staleCompiledFiles();
    if (stale.length) {
      process.stderr.write(`i18n:compile --check: not current: ${stale.join(', ')}. Run npm run i18n:compile.\n`);
      process.exit(1);
    }
  } else {
    mkdirSync(join(ROOT, COMPILED_DIR), { recursive: true });
    for (const [path, text] of Object.entries(files)) {
      const file = join(ROOT, path);
      if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
    }
    process.stdout.write(`i18n:compile: ${Object.keys(files).length} languages written to ${COMPILED_DIR}\n`);
  }
}
