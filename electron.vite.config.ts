import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { cspWithScriptHashes, cspWithStyleHashes, RENDERER_DEV_CSP } from './src/shared/csp';
import { inlineScriptHashes, inlineStyleHashes } from './src/web/inline-styles';
import { firstScreenMessages } from './scripts/vite/first-messages';

/**
 * index.html carries the strict production CSP in a <meta>. The dev server needs an inline React-refresh preamble,
 * injected <style> elements and a hot-reload WebSocket, which that policy blocks; so in `electron-vite dev` only,
 * the meta carries the dev policy instead. Built files keep the strict one.
 */
function devCsp(): Plugin {
  return {
    name: 'punchcard-dev-csp',
    apply: 'serve',
    transformIndexHtml: (html) => html.replace(/(<meta http-equiv="Content-Security-Policy" content=")[^"]*(")/, `$1${RENDERER_DEV_CSP}$2`),
  };
}

/**
 * The first screen as HTML in the built index.html (src/renderer/src/prerender.tsx): the window shows the Track tab
 * as soon as HTML and CSS are in, before the script has run (the first tab's content on screen within twice a blank
 * page's first paint). After the renderer is built, the same App is built once more for Node, rendered with the
 * store's initial state, and its HTML written into #root, marked `data-prerendered` so main.tsx hydrates it. The Node
 * build is deleted afterwards.
 *
 * What the first paint waits for is in the page itself: the first screen's stylesheet (styles.css, track.css and notices.css, 21
 * kB) is written into index.html as a <style> block, allowed by its hash in the CSP (src/shared/csp.ts; no
 * 'unsafe-inline'), instead of a file fetched after the page: on a busy 2-CPU machine a trace showed that request
 * answered 70-400 ms after it went out, while a blank page paints with no request at all. Nothing else goes into the
 * head: main.tsx asks for the app's script (boot.tsx's chunks) once the first screen is painted. Announced in the head,
 * it competes with that paint: as low-priority `modulepreload`s (fetched and compiled) in one pass, and as low-priority
 * `preload`s (fetched only) in another, whose 15-45 ms sooner mark cost the first paint its goal at low load
 * (1.78-1.92x a blank page's paint without them, 2.10-2.32x with them, three interleaved runs; docs/benchmarks.md,
 * "The first screen usable", its fifth pass and "Issue 25 at low load, a third stop").
 */
function prerenderFirstScreen(): Plugin {
  let outDir = '';
  return {
    name: 'punchcard-prerender-first-screen',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { build } = await import('vite');
      const root = resolve(__dirname, 'src/renderer');
      const tmp = resolve(__dirname, 'out', '.prerender');
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [react(), firstScreenMessages(resolve(__dirname, 'src/shared/i18n/compiled'))],
        resolve: { alias: NO_ICU_PARSER },
        build: {
          ssr: resolve(root, 'src/prerender.tsx'),
          outDir: tmp,
          emptyOutDir: true,
          minify: false,
          rollupOptions: { output: { format: 'es', entryFileNames: 'prerender.mjs' } },
        },
      });
      try {
        const mod = (await import(`${pathToFileURL(join(tmp, 'prerender.mjs')).href}?at=${Date.now()}`)) as {
          renderFirstScreens(): Array<{ language: string; html: string; bootFailed: string }>;
          earlyInputScript(): string;
        };
        const index = join(outDir, 'index.html');
        const html = readFileSync(index, 'utf8');
        if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div> to fill');
        const early = await inlineScriptElement(await ownLanguageScript(root), mod.earlyInputScript());
        const page = inlineFirstStylesheet(html.replace('<div id="root"></div>', () => firstScreens(mod.renderFirstScreens()) + early));
        writeFileSync(index, page);
      } finally {
        if (existsSync(tmp)) rmSync(tmp, { recursive: true, force: true });
      }
    },
  };
}

/**
 * #root with the English screen (hydrated as it is), and each other language's screen as text in a data block beside
 * it (`<script type="text/html">`: not run, and not built into elements either, as a <template>'s content was: the
 * four other screens were a quarter of the page's parse before its first paint), which the page's inline script puts
 * in #root before the first paint when the window speaks that language (first-screen/own-language.ts). Every block
 * carries what the page says if the app's script cannot be loaded, in its language (English's has no screen: #root
 * holds it). About 4 kB per language.
 */
function firstScreens(screens: Array<{ language: string; html: string; bootFailed: string }>): string {
  const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const en = screens.find((s) => s.language === 'en');
  if (!en) throw new Error('prerender.tsx made no English first screen');
  return [
    `<div id="root" data-prerendered data-language="en">${en.html}</div>`,
    ...screens.map((s) => {
      // text that would end the block, or open a script inside its text, would cut the screen short
      if (/<\/?script/i.test(s.html)) throw new Error(`the ${s.language} first screen would close its data block`);
      return `<script type="text/html" data-first-screen="${attr(s.language)}" data-boot-failed="${attr(s.bootFailed)}">${s.language === 'en' ? '' : s.html}</script>`;
    }),
  ].join('');
}

/**
 * first-screen/inline.ts as one self-contained script (the window's language's screen in place, before the first
 * paint), built for the browser on its own: what it imports (the language's choice, as main.tsx makes it) is bundled
 * in, so the two cannot choose differently.
 */
async function ownLanguageScript(root: string): Promise<string> {
  const { build } = await import('vite');
  const out = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: {
      write: false,
      minify: true,
      modulePreload: false,
      rollupOptions: { input: resolve(root, 'src/first-screen/inline.ts'), output: { format: 'iife' } },
    },
  });
  const chunks = (Array.isArray(out) ? out : [out]).flatMap((o) => ('output' in o ? o.output : []));
  const code = chunks.find((c) => c.type === 'chunk')?.code;
  if (!code) throw new Error('first-screen/inline.ts built to nothing');
  return code.trim();
}

/**
 * The page's inline <script>, after the first screens: the window's language's screen in place (ownLanguageScript),
 * then the early-input layer (src/renderer/src/first-screen/early-input.ts), run as the page is parsed, so the screen
 * takes input from its first paint, with no request to wait for (the <meta> CSP allows it by its hash:
 * inlineFirstStylesheet). Minified: it is in every page (about 3.5 kB, 1.5 kB gzip).
 */
async function inlineScriptElement(ownLanguage: string, earlyInput: string): Promise<string> {
  const { minifySync } = await import('vite');
  const code = `${ownLanguage}\n${minifySync('early-input.js', earlyInput).code.trim()}`;
  if (/<\/script|<!--/i.test(code)) throw new Error('the inline script would close its <script> element');
  return `<script>${code}</script>`;
}

/**
 * The entry's stylesheet link -> a <style> block with its text, and the <meta> CSP allowing that block, and the page's
 * inline script (inlineScriptElement), by hash. The CSS file stays in assets (nothing else links it). A stylesheet that
 * could close the block early is left linked.
 */
function inlineFirstStylesheet(html: string): string {
  const link = /<link rel="stylesheet"(?: crossorigin)? href="\.\/(assets\/[^"]+\.css)">/.exec(html);
  const css = link ? readFileSync(join(resolve(__dirname, 'out', 'renderer'), link[1]), 'utf8').trim() : '';
  const inlined = link && !/<\/style/i.test(css) ? html.replace(link[0], () => `<style>${css}</style>`) : html;
  return inlined.replace(
    /(<meta http-equiv="Content-Security-Policy" content=")([^"]*)(")/,
    (_m, a: string, policy: string, b: string) =>
      `${a}${cspWithScriptHashes(cspWithStyleHashes(policy, inlineStyleHashes(inlined)), inlineScriptHashes(inlined))}${b}`,
  );
}

/**
 * The compiled messages (src/shared/i18n/compiled/*.json, 230-400 kB each) as `JSON.parse("...")` rather than an
 * object literal: V8 reads a JSON string several times faster than it parses the same object as JavaScript, and the
 * window's language's messages are read before the first screen is taken over (boot.tsx). Vite's own
 * `json.stringify` did not reach these imports in this build.
 */
function messagesAsJson(): Plugin {
  return {
    name: 'punchcard-messages-as-json',
    enforce: 'pre',
    load(id) {
      if (!/[\\/]i18n[\\/]compiled[\\/][\w-]+\.json$/.test(id)) return null;
      const text = JSON.stringify(JSON.parse(readFileSync(id, 'utf8')));
      return { code: `export default JSON.parse(${JSON.stringify(text)});`, moduleType: 'js' };
    },
  };
}

/**
 * npm packages the main process imports at run time from node_modules (the rest of its code is bundled). They are the
 * package.json `dependencies` (keytar: `optionalDependencies`), which is what electron-builder puts in app.asar; a
 * package the main process needs that were only a devDependency would build here and fail in the installed app
 * (test/integration/package.test.ts resolves every import of the built main inside app.asar).
 */
/**
 * Messages are compiled to ASTs by `npm run i18n:compile` (docs/i18n.md): the built code needs no ICU parser, so
 * FormatJS's `no-parser` entry stands in for it (about 30 kB less in every bundle).
 */
const NO_ICU_PARSER = [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }];

/**
 * What the first screen needs once painted, in one chunk. main.tsx imports boot.tsx once the first screen is on show;
 * left to itself the bundler split what boot.tsx imports by which other screens share it (React and the store in
 * `Messages-*.js`, the log form in `RejectedNote-*.js`, chunks of 350 bytes...): nine files, asked for with the
 * window's messages six at a time, from a server on the same busy CPUs, before the screen could be taken over (a
 * trace of the first pass: 237 of the 585 ms between the first paint and the mark went to fetching). Every module
 * boot.tsx reaches through static imports goes into one chunk instead (boot.tsx's own file is one line importing
 * it), except those main.tsx already loaded: they stay where they are, so what the first paint waits for is
 * unchanged. The other screens' chunks import what they share from it; it is in memory before any tab can be opened.
 * Measured: the mark 2-3% sooner round by round, about the noise of two busy CPUs (docs/benchmarks.md, "The first
 * screen usable"). Likewise what main.tsx imports statically is one chunk, the page's entry (`index`): five files of
 * 0.3-3 kB, split by which later chunks share them, were five requests the page's module script waited on.
 * "Reaches" is by the import graph, not by what is used: a package's index imported for one function puts every module
 * it names into this chunk, where the later chunks that use them import them from (date-fns' index brought `format`
 * and its locale, 18.4 kB: src/shared/time/week.ts imports function by function; test/e2e/first-chunk.spec.ts).
 */
function firstScreenChunk(root: string) {
  const boot = resolve(root, 'src/boot.tsx');
  const main = resolve(root, 'src/main.tsx');
  let inBoot: Set<string> | null = null;
  let inPage: Set<string> | null = null;
  const staticClosure = (from: string, info: (id: string) => { importedIds: readonly string[] } | null) => {
    const seen = new Set<string>();
    const todo = [from];
    while (todo.length > 0) {
      const id = todo.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      todo.push(...(info(id)?.importedIds ?? []));
    }
    return seen;
  };
  return {
    groups: [
      {
        // only the modules named: by default a group takes in what they import, main.tsx's modules included
        includeDependenciesRecursively: false,
        name: (id: string, ctx: { getModuleInfo(id: string): { importedIds: readonly string[] } | null }) => {
          if (!inBoot) {
            const info = (m: string) => ctx.getModuleInfo(m);
            const first = staticClosure(main, info);
            inBoot = new Set([...staticClosure(boot, info)].filter((m) => !first.has(m)));
            inPage = first;
          }
          return inBoot.has(id) ? 'boot' : inPage!.has(id) ? 'index' : null;
        },
      },
    ],
  };
}

const MAIN_PROCESS_PACKAGES = ['conf', 'date-fns', 'electron-store', 'electron-updater', 'keytar', 'zod'];

export default defineConfig({
  main: {
    resolve: { alias: NO_ICU_PARSER },
    build: {
      // keytar is a native addon, electron-store/conf read files at run time and electron-updater replaces the app's
      // files: keep them external, loaded from node_modules. electron-vite externalizes `dependencies` by itself;
      // the list names them all anyway, and keytar in particular (an optional dependency, which it does not
      // externalize), so the build also works where keytar could not be installed (no libsecret headers): it
      // loads lazily.
      externalizeDeps: { include: MAIN_PROCESS_PACKAGES },
      rollupOptions: { input: { index: resolve(__dirname, 'src/main/index.ts') } },
    },
  },
  preload: {
    build: {
      // A sandboxed preload cannot `require` npm packages or load ESM: bundle everything into one CommonJS file.
      externalizeDeps: false,
      isolatedEntries: true,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    plugins: [
      react(),
      devCsp(),
      prerenderFirstScreen(),
      messagesAsJson(),
      firstScreenMessages(resolve(__dirname, 'src/shared/i18n/compiled'), [
        resolve(__dirname, 'src/renderer/index.html'),
        resolve(__dirname, 'src/renderer/src/boot.tsx'),
      ]),
    ],
    resolve: { alias: NO_ICU_PARSER },
    build: {
      // electron-vite leaves bundles unminified by default; the renderer is loaded on every window open and in web mode.
      minify: true,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/renderer/index.html') },
        output: { codeSplitting: firstScreenChunk(resolve(__dirname, 'src/renderer')) },
      },
    },
  },
});
