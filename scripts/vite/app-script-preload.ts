/**
 * The app's script fetched while the first screen paints, run only after (docs/benchmarks.md, "Fifth pass"). main.tsx
 * imports boot.tsx once the first contentful paint is reported; the request for its chunk (420 kB) went out only then,
 * and its answer, from a server on the same busy CPUs, came 50-140 ms later. index.html now names that chunk and the
 * chunks it imports statically as `<link rel="preload" as="script" fetchpriority="low">` (and its stylesheets `as="style"`): fetched into the memory
 * cache at low priority behind the page itself, not parsed or compiled (a `modulepreload` compiles too, which an
 * earlier pass saw hold the first paint back), so main.tsx's import finds it there.
 *
 * The links are written into the built index.html once the files are written (`writeBundle`), before the first
 * screen is rendered into it (prerenderFirstScreen, `closeBundle`); the page's own entry and its modulepreloads are
 * left as Vite wrote them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

interface ChunkView {
  type: 'chunk' | 'asset';
  fileName: string;
  facadeModuleId?: string | null;
  imports?: readonly string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** `boot`: src/renderer/src/boot.tsx, the module main.tsx imports after the first paint. */
export function preloadAppScript(boot: string): Plugin {
  let outDir = '';
  let files: string[] = [];
  let styles: string[] = [];
  return {
    name: 'punchcard-preload-app-script',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle as unknown as Record<string, ChunkView>).filter((c) => c.type === 'chunk');
      const entry = chunks.find((c) => c.facadeModuleId && resolve(c.facadeModuleId) === resolve(boot));
      if (!entry) throw new Error(`preloadAppScript: no chunk for ${boot}`);
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const seen = new Set<string>();
      const todo = [entry.fileName];
      while (todo.length > 0) {
        const name = todo.pop()!;
        if (seen.has(name)) continue;
        seen.add(name);
        todo.push(...(byName.get(name)?.imports ?? []));
      }
      // and their stylesheets (crossorigin, as Vite's helper asks for them): that helper waits for each to load before it runs the chunk (a trace showed
      // boot's 1 kB stylesheet asked for only then and answered 80 ms later on a busy machine)
      styles = [...seen].flatMap((name) => [...(byName.get(name)?.viteMetadata?.importedCss ?? [])]);
      files = [...seen];
    },
    writeBundle() {
      const index = join(outDir, 'index.html');
      const html = readFileSync(index, 'utf8');
      // what the page's entry already loads (its modulepreloads) is not named twice
      const fresh = (list: string[]) => list.filter((f) => !html.includes(`./${f}"`));
      const links = [
        ...fresh(files).map((f) => `<link rel="preload" as="script" crossorigin fetchpriority="low" href="./${f}">`),
        ...fresh(styles).map((f) => `<link rel="preload" as="style" crossorigin fetchpriority="low" href="./${f}">`),
      ].join('\n    ');
      if (!html.includes('</head>')) throw new Error('index.html has no </head>');
      writeFileSync(
        index,
        html.replace('</head>', () => `  ${links}\n  </head>`),
      );
    },
  };
}
