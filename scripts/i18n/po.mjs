/**
 * The catalogs as translators' tools read them: gettext PO (Poedit, Weblate, Crowdin, Lokalise). One entry per
 * message: `msgctxt` is the message's id (stable), `msgid` its English source (ICU MessageFormat), `msgstr` the
 * translation; `#.` says for translators where it shows, `#:` in which file it is said; `#, fuzzy` marks a
 * translation whose English changed since (it is not used until a translator confirms it).
 */
import { existsSync, readFileSync } from 'node:fs';
import gettextParser from 'gettext-parser';

/** The English a fuzzy translation was made for (`#| msgid "..."`), when the file says it. */
function previousOf(comment) {
  const m = /^msgid (".*")$/s.exec(comment ?? '');
  try {
    return m ? JSON.parse(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** { id: { source, translation, fuzzy, description, files, previous } } from a .po/.pot file (empty when it does not exist). */
export function readPo(file) {
  if (!existsSync(file)) return { headers: {}, entries: {} };
  const po = gettextParser.po.parse(readFileSync(file));
  const entries = {};
  for (const [ctx, byId] of Object.entries(po.translations)) {
    if (!ctx) continue; // the header entry
    for (const e of Object.values(byId)) {
      entries[ctx] = {
        source: e.msgid,
        translation: e.msgstr?.[0] ?? '',
        fuzzy: /\bfuzzy\b/.test(e.comments?.flag ?? ''),
        description: e.comments?.extracted ?? '',
        files: (e.comments?.reference ?? '').split(/\s+/).filter(Boolean),
        ...(previousOf(e.comments?.previous) ? { previous: previousOf(e.comments?.previous) } : {}),
      };
    }
  }
  return { headers: po.headers, entries };
}

/** Writes entries (sorted by id, so a diff shows only what changed) as PO text. */
export function poText(language, entries, { template = false } = {}) {
  const headers = {
    'Content-Type': 'text/plain; charset=UTF-8',
    'Content-Transfer-Encoding': '8bit',
    'MIME-Version': '1.0',
    ...(template ? {} : { Language: language }),
    'X-Generator': 'Punchcard scripts/i18n/extract.mjs',
    'X-Message-Format': 'ICU MessageFormat (placeholders in braces stay as they are; docs/i18n.md)',
  };
  const translations = { '': { '': { msgid: '', msgstr: [''] } } };
  for (const id of Object.keys(entries).sort()) {
    const e = entries[id];
    translations[id] = {
      [e.source]: {
        msgctxt: id,
        msgid: e.source,
        msgstr: [template ? '' : (e.translation ?? '')],
        comments: {
          ...(e.description ? { extracted: e.description } : {}),
          ...(e.files?.length ? { reference: e.files.join(' ') } : {}),
          ...(e.fuzzy && !template ? { flag: 'fuzzy' } : {}),
          ...(e.previous && !template ? { previous: `msgid ${JSON.stringify(e.previous)}` } : {}),
        },
      },
    };
  }
  return gettextParser.po.compile({ charset: 'utf-8', headers, translations }, { foldLength: 0 }).toString('utf8') + '\n';
}
