#!/usr/bin/env node
/**
 * `npm run i18n:extract`: every message declared in src (defineMessages, intl.formatMessage and <FormattedMessage>
 * with an explicit id: docs/i18n.md) -> locales/messages.pot (the template), and merged into each translated
 * language's locales/<language>.po: a new message is added untranslated, a message whose English changed keeps its
 * translation marked fuzzy (with the previous English), a message gone from the code is dropped. Then run
 * `npm run i18n:compile`. Fails when two places give one id different English, or a message has no id.
 */
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extract } from '@formatjs/cli-lib';
import { ROOT, TEMPLATE, TRANSLATED } from './compile.mjs';
import { poText, readPo } from './po.mjs';

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name === 'compiled' ? [] : sourceFiles(p);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [p] : [];
  });
}

/** { id: { source, description, files } } from the code. */
export async function extractMessages(root = ROOT) {
  const files = sourceFiles(join(root, 'src'));
  const problems = [];
  const found = {};
  let extracted;
  try {
    extracted = await extract(files, {
      throws: true,
      extractSourceLocation: true,
      preserveWhitespace: true,
      onMsgExtracted: (file, msgs) => {
        for (const m of msgs) {
          const where = relative(root, file);
          if (!m.id) problems.push(`${where}: a message without an id ("${m.defaultMessage}")`);
          const seen = found[m.id];
          if (seen && seen.source !== m.defaultMessage)
            problems.push(
              `${m.id}: said with different English in two places: "${seen.source}" in ${seen.files[0]}, "${m.defaultMessage}" in ${where}. Give one of them another id, or the same English.`,
            );
          found[m.id] = {
            source: m.defaultMessage ?? '',
            description: typeof m.description === 'string' ? m.description : (seen?.description ?? ''),
            files: [...new Set([...(seen?.files ?? []), where])].sort(),
          };
        }
      },
    });
  } catch (e) {
    // formatjs refuses one id given two texts (or two descriptions) by throwing: the problems above name the id, the
    // files and the texts; anything else it says is a problem line too, never a stack trace
    if (!problems.length) problems.push(`i18n:extract: ${e instanceof Error ? e.message : String(e)}`);
    return { messages: found, problems };
  }
  const raw = JSON.parse(extracted);
  for (const id of Object.keys(raw)) if (!found[id]) found[id] = { source: raw[id].defaultMessage, description: '', files: [] };
  return { messages: found, problems };
}

/** The template and every language's .po as they should be after an extraction: { path: text }. */
export async function extractedCatalogs(root = ROOT) {
  const { messages, problems } = await extractMessages(root);
  if (problems.length) return { files: {}, problems, count: Object.keys(messages).length };
  const files = { [TEMPLATE]: poText('', messages, { template: true }) };
  for (const lang of TRANSLATED) {
    const path = `locales/${lang}.po`;
    const old = readPo(join(root, path)).entries;
    const merged = {};
    for (const [id, m] of Object.entries(messages)) {
      const o = old[id];
      const changed = o && o.translation && o.source !== m.source;
      merged[id] = {
        ...m,
        translation: o?.translation ?? '',
        fuzzy: Boolean(changed || o?.fuzzy),
        ...(changed ? { previous: o.source } : o?.fuzzy && o.previous ? { previous: o.previous } : {}),
      };
    }
    files[path] = poText(lang, merged);
  }
  return { files, problems, count: Object.keys(messages).length };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // `--root DIR`: another checkout (a test's copy); default this one
  const at = process.argv.indexOf('--root');
  const root = at > 0 && process.argv[at + 1] ? process.argv[at + 1] : ROOT;
  const { files, problems, count } = await extractedCatalogs(root);
  if (problems.length) {
    process.stderr.write(`i18n:extract: ${problems.length} problem(s), nothing written:\n  ${problems.join('\n  ')}\n`);
    process.exit(1);
  }
  for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text);
  process.stdout.write(`i18n:extract: ${count} messages -> ${Object.keys(files).join(', ')}\n`);
}
