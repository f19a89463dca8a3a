/**
 * The window's messages in two parts (docs/i18n.md "Loading"): the first screen's, asked for with the app's script,
 * and the rest of the catalog, asked for once the first screen takes input. One language's whole catalog (English
 * 266 kB, 44.5 KiB gzip) was fetched and parsed before the first screen could be taken over, though the first screen
 * says about a sixth of it (docs/benchmarks.md, "Fourth pass").
 *
 * Which messages are the first screen's is read from the build itself, so a new word cannot be left out: every
 * message declared (`id: '...'`) in a module of the chunks the first screen runs (the page's entry, main.tsx, and
 * boot.tsx's chunk with every chunk they import statically). Everything else (the other screens, the prompts, the
 * core's codes) is the rest. The renderer imports `virtual:punchcard-messages/first-<language>` and
 * `.../rest-<language>` (chunks `first-de-*.js`, `rest-de-*.js`) (src/renderer/src/i18n/catalog-parts.ts); each is a chunk holding a placeholder that is
 * replaced with its part once the chunk graph is known (`renderChunk`, before the files' hashes are taken, so a new
 * split names new files). The dev server serves the whole catalog as the first part and nothing as the rest.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:punchcard-messages/';
const PLACEHOLDER = /"__punchcard_messages_(first|rest)_([\w-]+)__"/;
/** A message's id where it is declared (`defineMessages({ x: { id: 'area.what', ... } })`). */
const DECLARED_ID = /\bid:\s*(['"])([\w.-]+)\1/g;

interface ChunkView {
  moduleIds: readonly string[];
  imports: readonly string[];
  facadeModuleId: string | null;
}

/**
 * `compiledDir`: src/shared/i18n/compiled. `firstModules`: the page (index.html, whose chunk is main.tsx's) and boot.tsx; their chunks and the
 * chunks those import statically are the first screen's. Without them (the first screen's prerender at build time,
 * which says only the first screen), the first part is the whole catalog, as on the dev server.
 */
export function firstScreenMessages(compiledDir: string, firstModules: readonly string[] = []): Plugin {
  let serve = firstModules.length === 0;
  let firstIds: Set<string> | null = null;
  const catalog = (language: string): Record<string, unknown> =>
    JSON.parse(readFileSync(join(compiledDir, `${language}.json`), 'utf8')) as Record<string, unknown>;
  const firsts = new Set(firstModules.map((m) => resolve(m)));
  return {
    name: 'punchcard-first-screen-messages',
    enforce: 'pre',
    configResolved(config) {
      if (config.command === 'serve') serve = true;
    },
    buildStart() {
      firstIds = null;
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const named = /^(first|rest)-([\w-]+)$/.exec(id.slice(PREFIX.length + 1));
      if (!named) throw new Error(`no messages part ${id}`);
      const [, part, language] = named;
      if (serve) return `export default ${part === 'first' ? JSON.stringify(catalog(language)) : '{}'};`;
      // checked here, so a language without a catalog fails the build, not the window
      catalog(language);
      return { code: `export default JSON.parse("__punchcard_messages_${part}_${language}__");`, moduleType: 'js' };
    },
    renderChunk(code, _chunk, _options, meta) {
      const found = PLACEHOLDER.exec(code);
      if (!found) return null;
      firstIds ??= idsOfFirstScreen(meta.chunks as unknown as Record<string, ChunkView>, firsts);
      const [, part, language] = found;
      const ids = firstIds;
      const all = catalog(language);
      const picked = Object.fromEntries(Object.entries(all).filter(([id]) => ids.has(id) === (part === 'first')));
      return { code: code.replace(found[0], () => JSON.stringify(JSON.stringify(picked))), map: null };
    },
  };
}

/** Every message id declared in a module of the first screen's chunks (see above). */
function idsOfFirstScreen(chunks: Record<string, ChunkView>, firsts: ReadonlySet<string>): Set<string> {
  const todo = Object.keys(chunks).filter((name) => {
    const facade = chunks[name].facadeModuleId;
    return facade !== null && firsts.has(resolve(facade));
  });
  if (todo.length !== firsts.size) throw new Error(`the first screen's chunks were not found (${todo.join(', ') || 'none'})`);
  const seen = new Set<string>();
  while (todo.length > 0) {
    const name = todo.pop()!;
    if (seen.has(name) || !chunks[name]) continue;
    seen.add(name);
    todo.push(...chunks[name].imports);
  }
  const ids = new Set<string>();
  for (const name of seen)
    for (const module of chunks[name].moduleIds) {
      if (module.startsWith('\0') || !/\.(tsx?|mjs|js)$/.test(module) || module.includes('node_modules')) continue;
      for (const m of readFileSync(module, 'utf8').matchAll(DECLARED_ID)) ids.add(m[2]);
    }
  return ids;
}
