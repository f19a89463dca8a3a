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

export default defineConfig({
  main: {
    build: {
      // keytar is a native addon and electron-store/conf read files at run time: keep node_modules external.
      externalizeDeps: true,
      // keytar is an optional dependency (it cannot build without libsecret's headers), which externalizeDeps does
      // not cover: name it, so the build works whether or not it is installed (it is loaded lazily at run time).
      rollupOptions: { input: { index: resolve(__dirname, 'src/main/index.ts') }, external: ['keytar'] },
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
