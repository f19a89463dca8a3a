import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { RENDERER_DEV_CSP } from './src/shared/csp';

/**
 * index.html carries the strict production CSP in a <meta>. The dev server needs an inline React-refresh preamble,
 * injected <style> elements and a hot-reload WebSocket, which that policy blocks; so in `electron-vite dev` only,
 * the meta carries the dev policy instead. Built files keep the strict one.
 */
function devCsp(): Plugin {
  return {
    name: 'punchcard-dev-csp',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html.replace(/(<meta http-equiv="Content-Security-Policy" content=")[^"]*(")/, `$1${RENDERER_DEV_CSP}$2`),
  };
}

/**
 * The first screen as HTML in the built index.html (src/renderer/src/prerender.tsx): the window shows the Track tab
 * as soon as HTML and CSS are in, before the script has run (issue 10: the first tab's content within 300 ms). After
 * the renderer is built, the same App is built once more for Node, rendered with the store's initial state, and its
 * HTML written into #root, marked `data-prerendered` so main.tsx hydrates it. The Node build is deleted afterwards.
 */
function prerenderFirstScreen(): Plugin {
  let outDir = '';
  /** The app's script (boot.tsx, loaded by main.tsx after the first frame) and what it imports: fetched meanwhile. */
  const bootFiles: string[] = [];
  return {
    name: 'punchcard-prerender-first-screen',
    apply: 'build',
    configResolved(config) { outDir = resolve(config.root, config.build.outDir); },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const boot = chunks.find((c) => c.facadeModuleId?.endsWith('/src/boot.tsx'));
      const add = (file: string) => {
        if (bootFiles.includes(file)) return;
        bootFiles.push(file);
        const chunk = chunks.find((c) => c.fileName === file);
        for (const dep of chunk?.imports ?? []) add(dep);
      };
      if (boot) add(boot.fileName);
    },
    async closeBundle() {
      const { build } = await import('vite');
      const root = resolve(__dirname, 'src/renderer');
      const tmp = resolve(__dirname, 'out', '.prerender');
      await build({
        configFile: false, root, logLevel: 'warn', plugins: [react()],
        build: { ssr: resolve(root, 'src/prerender.tsx'), outDir: tmp, emptyOutDir: true, minify: false,
          rollupOptions: { output: { format: 'es', entryFileNames: 'prerender.mjs' } } },
      });
      try {
        const mod = await import(`${pathToFileURL(join(tmp, 'prerender.mjs')).href}?at=${Date.now()}`) as { renderFirstScreen(): string };
        const index = join(outDir, 'index.html');
        const html = readFileSync(index, 'utf8');
        if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div> to fill');
        // Marked as wanted soon but not urgent: fetched while the first screen is painted, compiled when main.tsx asks
        // for it after the first frame (a modulepreload would compile it first, holding that frame back).
        const prefetch = bootFiles.map((f) => `<link rel="prefetch" crossorigin href="./${f}">`).join('\n    ');
        writeFileSync(index, html
          .replace('<div id="root"></div>', `<div id="root" data-prerendered>${mod.renderFirstScreen()}</div>`)
          .replace('</head>', `  ${prefetch}\n  </head>`));
      } finally {
        if (existsSync(tmp)) rmSync(tmp, { recursive: true, force: true });
      }
    },
  };
}

/**
 * npm packages the main process imports at run time from node_modules (the rest of its code is bundled). They are the
 * package.json `dependencies` (keytar: `optionalDependencies`), which is what electron-builder puts in app.asar; a
 * package the main process needs that were only a devDependency would build here and fail in the installed app
 * (test/integration/package.test.ts resolves every import of the built main inside app.asar).
 */
const MAIN_PROCESS_PACKAGES = ['conf', 'date-fns', 'electron-store', 'electron-updater', 'keytar', 'zod'];

export default defineConfig({
  main: {
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
    plugins: [react(), devCsp(), prerenderFirstScreen()],
    build: {
      // electron-vite leaves bundles unminified by default; the renderer is loaded on every window open and in web mode.
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
  },
});
