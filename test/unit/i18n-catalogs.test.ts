/**
 * The message catalogs (docs/i18n.md): every language has every English message, no stale or extra one, none fuzzy,
 * the same placeholders; what is committed is what the scripts make from the code (the template, each .po's
 * entries, the compiled ASTs); the compile step refuses broken ICU syntax and a translation with other placeholders;
 * en-XA is bracketed, accented and longer with its placeholders untouched.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from '@formatjs/icu-messageformat-parser';
import { compileCatalogs, placeholdersOf, ROOT, staleCompiledFiles, TEMPLATE, TRANSLATED } from '../../scripts/i18n/compile.mjs';
import { extractedCatalogs } from '../../scripts/i18n/extract.mjs';
import { readPo } from '../../scripts/i18n/po.mjs';
import { pseudoMessage, pseudoText } from '../../scripts/i18n/pseudo.mjs';
import { accented } from '../../src/shared/i18n/pseudo';

const source = readPo(join(ROOT, TEMPLATE)).entries;
const ids = Object.keys(source);

describe.each(TRANSLATED)('the %s catalog', (lang) => {
  const { entries } = readPo(join(ROOT, 'locales', `${lang}.po`));

  it('has every English message translated, none fuzzy', () => {
    const missing = ids.filter((id) => !entries[id]?.translation || entries[id].fuzzy || entries[id].source !== source[id].source);
    expect(missing).toEqual([]);
  });

  it('has no message the code no longer says', () => {
    expect(Object.keys(entries).filter((id) => !(id in source))).toEqual([]);
  });

  it('keeps each message’s placeholders, plural and select arguments and tags', () => {
    const differ = ids.filter((id) => {
      const want = [...placeholdersOf(parse(source[id].source))].sort();
      const got = [...placeholdersOf(parse(entries[id].translation))].sort();
      return JSON.stringify(want) !== JSON.stringify(got);
    });
    expect(differ).toEqual([]);
  });
});

describe('what is committed is current', () => {
  it('the template and every .po hold exactly the messages the code declares (npm run i18n:extract)', async () => {
    const { files, problems } = await extractedCatalogs();
    expect(problems).toEqual([]);
    for (const [path, text] of Object.entries(files)) expect(readFileSync(join(ROOT, path), 'utf8'), path).toBe(text);
  });

  it('the compiled catalogs are the .po files compiled (npm run i18n:compile)', () => {
    expect(compileCatalogs().problems).toEqual([]);
    expect(staleCompiledFiles()).toEqual([]);
  });
});

describe('the compile step refuses what would break at run time', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  /** A copy of the catalogs with one translation of `rules.over-daily-max` in German replaced. */
  function withGerman(translation: string): string {
    const root = mkdtempSync(join(tmpdir(), 'punch-i18n-'));
    dirs.push(root);
    mkdirSync(join(root, 'locales'));
    cpSync(join(ROOT, 'locales'), join(root, 'locales'), { recursive: true });
    const file = join(root, 'locales', 'de.po');
    const po = readFileSync(file, 'utf8');
    const at = po.indexOf('msgctxt "rules.over-daily-max"');
    const start = po.indexOf('msgstr "', at);
    const end = po.indexOf('\n\n', start);
    writeFileSync(file, `${po.slice(0, start)}msgstr ${JSON.stringify(translation)}${po.slice(end)}`);
    return root;
  }

  it('broken ICU syntax', () => {
    const { problems } = compileCatalogs(withGerman('Stunden: {day hätte {total}'));
    expect(problems.join('\n')).toMatch(/rules\.over-daily-max \(de\): broken ICU syntax/);
  });

  it('a translation whose placeholders differ from the English', () => {
    const { problems } = compileCatalogs(
      withGerman('Stunden: {tag} hätte {total}, mehr als {max}. {room, select, none {Voll.} other {Noch {room}.}}'),
    );
    expect(problems.join('\n')).toMatch(/rules\.over-daily-max \(de\): the placeholders differ.*day:text/);
  });

  it('while a missing translation compiles, in English, and is listed', () => {
    const { problems, untranslated } = compileCatalogs(withGerman(''));
    expect(problems).toEqual([]);
    expect(untranslated.de).toEqual(['rules.over-daily-max: not translated']);
  });
});

describe('the extract step refuses one id said with different English', () => {
  it('names the id, both files and both texts, exits 1 without a stack trace, and writes nothing', () => {
    const root = mkdtempSync(join(tmpdir(), 'punch-i18n-extract-'));
    try {
      mkdirSync(join(root, 'src', 'a'), { recursive: true });
      const file = (text: string) =>
        `import { defineMessages } from '../shared';\nexport const M = defineMessages({ x: { id: 'dup.id', defaultMessage: '${text}' } });\n`;
      writeFileSync(join(root, 'src', 'a', 'one.ts'), file('First English'));
      writeFileSync(join(root, 'src', 'a', 'two.ts'), file('Second English'));
      const r = spawnSync(process.execPath, [join(ROOT, 'scripts', 'i18n', 'extract.mjs'), '--root', root], { encoding: 'utf8' });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain('dup.id: said with different English in two places');
      expect(r.stderr).toContain('"First English" in src/a/one.ts');
      expect(r.stderr).toContain('"Second English" in src/a/two.ts');
      expect(r.stderr, 'no stack trace').not.toMatch(/^\s+at /m);
      expect(existsSync(join(root, 'locales')), 'nothing written').toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the pseudo-locale en-XA', () => {
  it('accents every letter, makes it about 40% longer and keeps placeholders, plurals and tags', () => {
    expect(pseudoText('Settings')).toBe('Šééţţîîñĝš');
    const text = 'Sign in to {service} as <b>{user}</b>: {count, plural, one {# entry} other {# entries}} waiting';
    const ast = pseudoMessage(parse(text));
    expect([...placeholdersOf(ast)].sort()).toEqual([...placeholdersOf(parse(text))].sort());
    // no plain word left in any literal text, however deep (plural options, tag children)
    const literals: string[] = [];
    JSON.stringify(ast, (_k, v) => {
      if (v && v.type === 0 && typeof v.value === 'string') literals.push(v.value);
      return v;
    });
    expect(literals.join(' ')).not.toMatch(/[A-Za-z]/);
    expect(ast[0]).toEqual({ type: 0, value: '[' });
    expect(ast.at(-1)).toEqual({ type: 0, value: ']' });
    const letters = [...'Settings waiting entries'].filter((c) => /[A-Za-z]/.test(c)).length;
    expect(pseudoText('Settings waiting entries').replace(/ /g, '').length / letters).toBeGreaterThanOrEqual(1.35);
  });

  it('uses the same letters at build time (messages) and at run time (what Intl says)', () => {
    const plain = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
    // pseudoText doubles vowels; accented() does not: compare letter by letter
    expect([...plain].map((c) => [...pseudoText(c)][0]).join('')).toBe(accented(plain));
  });
});
