import { resolve } from 'node:path';
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

/** npm packages the main process imports at run time from node_modules (the rest of its code is bundled). */
const MAIN_PROCESS_PACKAGES = ['conf', 'date-fns', 'electron-store', 'keytar', 'zod'];

export default defineConfig({
  main: {
    build: {
      // keytar is a native addon and electron-store/conf read files at run time: keep node_modules external. Named
      // here because package.json has no `dependencies` (what electron-vite externalizes by default): the npm package
      // ships only the bundled `punch`, so every package the app needs is a devDependency (keytar an optional one). Naming
      // keytar also keeps the build working where it could not be installed (no libsecret headers): it loads lazily.
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
    plugins: [react(), devCsp()],
    build: {
      // electron-vite leaves bundles unminified by default; the renderer is loaded on every window open and in web mode.
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
  },
});
