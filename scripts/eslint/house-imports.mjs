/**
 * `house/imports`: the house's map (HOUSE in eslint.config.js) kept by a tool. Every import is resolved to a path
 * first (./resolve.mjs), so the rule sees what the file really reaches, however it is written: static imports,
 * `export ... from`, `import type`, dynamic `import()`, `import('x').T` types, `require()`, `import x = require()`,
 * a require made by `createRequire()` and `process.getBuiltinModule()`; a `.js` specifier naming the `.ts` beside
 * it, a folder naming its `index`, a detour through `./../`, an absolute path or a `file:` URL, Node's modules with or
 * without `node:`. What it cannot read it refuses in src/: a computed specifier (`import(name)`), and a path of the
 * tree written bare as if it were a package (`'src/core/...'`). Aliases are refused by check-import-cycles.mjs.
 * scripts/check-lint-holes.mjs puts each way of writing a forbidden import into a copy of the tree and expects a
 * failure.
 *
 * The map is a list of areas, each a path prefix of the tree (a folder `src/core/journal/`, or one file
 * `src/core/context.ts`); a file belongs to the area of its longest prefix. Each area says:
 *  - `may`: the areas it may import besides its own (`src/shared/` is that area; `src/**` every area under `src/`);
 *  - `face`: its one door (`index.ts`): from another area only that file may be imported, unless
 *  - `doors` of the importing area name an inner file it may use (sync drives the outbox's transitions), or a folder
 *    whose files directly in it it may use (the composition root builds the core's own modules), or
 *  - `named: true` (tests, fixtures, benchmarks): the file names the inner module in its header, on a line
 *    `@inner src/core/journal/format.ts` (several separated by spaces or commas; a folder `src/core/journal/` names
 *    the files of its own area, never a folder above it: `src/core/` names the root's files, not the journal's;
 *    words after the paths say why). A name it does not import is reported too, so a header
 *    never lies;
 *  - `node: false`: no Node module (the code runs in a browser too, or is pure);
 *  - `rooms: true`: every folder directly in the area must be an area of its own (the core's folders);
 *  - `electron: true`: may import Electron (only the shell and the preload; the core, `punch` and web mode run in
 *    plain Node).
 * A file in no area is reported: every file of the tree has a rule.
 */
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { resolveImport } from './resolve.mjs';

/**
 * Electron and its family: `electron`, `electron/main`, any `electron-*` package (electron-store, electron-log ...)
 * and the `@electron/*`, `@electron-*\/*` scopes. A list of names let `electron-log` into the core: each of them
 * loads Electron itself.
 */
const ELECTRON = /^(electron(-[\w.-]+)?|@electron(-[\w.-]+)?\/.+)$/;

/** The area of a path relative to the root: the longest prefix (a file area matches only itself). */
export function areaOf(map, rel) {
  let best;
  for (const a of map) {
    const hit = a.area.endsWith('/') ? rel.startsWith(a.area) : rel === a.area;
    if (hit && (!best || a.area.length > best.area.length)) best = a;
  }
  return best;
}

const mayReach = (from, to) => from.may.some((m) => (m.endsWith('**') ? to.area.startsWith(m.slice(0, -2)) : m === to.area));

const say = (areas) => (areas.length ? areas.join(', ') : 'nothing of the tree');

/** The inner modules a file names (`@inner a, b`), as paths relative to the root. */
function namedInner(sourceCode) {
  const names = [];
  for (const c of sourceCode.getAllComments()) {
    for (const m of c.value.matchAll(/@inner\s+([^\n*]+)/g)) {
      // the paths, up to the first word that is not one (a reason may follow in words)
      for (const n of m[1].split(/[\s,]+/).filter(Boolean)) {
        if (!/^(src|test|bench|scripts)\/[\w./-]*$/.test(n)) break;
        names.push({ name: n, comment: c });
      }
    }
  }
  return names;
}

/** `createRequire(...)` or `module.createRequire(...)`. */
const isCreateRequire = (n) =>
  n?.type === 'CallExpression' &&
  ((n.callee.type === 'Identifier' && n.callee.name === 'createRequire') ||
    (n.callee.type === 'MemberExpression' && n.callee.property.type === 'Identifier' && n.callee.property.name === 'createRequire'));

export const houseImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the house map (HOUSE in eslint.config.js), read as resolved paths.' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, map: { type: 'array' } },
        required: ['root', 'map'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { root, map } = context.options[0];
    const file = context.filename;
    const rel = relative(root, file).split('\\').join('/');
    if (rel.startsWith('..')) return {};
    const here = areaOf(map, rel);
    const sourceCode = context.sourceCode;
    const named = here?.named ? namedInner(sourceCode) : [];
    const usedNames = new Set();
    const requires = new Set(['require']);
    const calls = [];

    function check(node, spec) {
      if (!here) return;
      if (typeof spec !== 'string') {
        // `import(name)`, `require('elec' + 'tron')`: the rule cannot see where it leads, so code that ships names its
        // modules as plain strings (tests, benchmarks and scripts load built bundles by computed paths, on purpose)
        if (here.area.startsWith('src/'))
          context.report({
            node,
            message:
              'The house rules cannot read what this imports: name the module as a string literal (a computed import() or require() hides where it leads).',
          });
        return;
      }
      const target = resolveImport(file, spec);
      if (target.kind === 'builtin') {
        if (here.node === false)
          context.report({
            node,
            message: `${here.area} runs in a browser too, or is pure: no Node module ('${spec}'). ${here.why ?? ''}`.trim(),
          });
        return;
      }
      if (target.kind === 'package') {
        // `src/core/outbox/operations` written bare: no package answers to it (no alias either: check-import-cycles
        // refuses any), and read as a package it would pass every rule
        const top = target.name.split('/')[0];
        if (existsSync(join(root, top)) && !existsSync(join(root, 'node_modules', top))) {
          context.report({
            node,
            message: `'${spec}' names a folder of the tree as if it were a package: write the path relative to this file.`,
          });
          return;
        }
        if (ELECTRON.test(target.name) && !here.electron)
          context.report({
            node,
            message: `Only the Electron shell (src/main) and the preload may import Electron ('${spec}'): the core, punch and web mode run in plain Node.`,
          });
        return;
      }
      const to = relative(root, target.path).split('\\').join('/');
      if (to.startsWith('..')) return;
      const there = areaOf(map, to);
      if (!there || there === here) return;
      if (!mayReach(here, there)) {
        context.report({
          node,
          message: `${here.area} may import only ${say(here.may)} (HOUSE in eslint.config.js), not ${to}.${there.calledBy ? ` ${there.area} is used by ${there.calledBy}.` : ''}`,
        });
        return;
      }
      if (!there.face) return;
      const face = there.area + there.face;
      if (to === face) return;
      // a door is a file, or a folder (`src/core/`: each file directly in it, not its sub-folders' files)
      if ((here.doors ?? []).some((d) => (d.endsWith('/') ? to.startsWith(d) && !to.slice(d.length).includes('/') : d === to))) return;
      // a folder names the files of its own area only: `@inner src/core/` (or `src/`) would open every face of the core
      const naming = named.find((n) => (n.name.endsWith('/') ? to.startsWith(n.name) && areaOf(map, n.name) === there : n.name === to));
      if (naming) {
        usedNames.add(naming.name);
        return;
      }
      context.report({
        node,
        message: here.named
          ? `Use ${there.area} through its face (${face}), or name the inner module this file tests in its header: @inner ${to}`
          : `Import ${there.area} through its face (${face}), never its files (${to}).`,
      });
    }

    const literal = (n) =>
      n && n.type === 'Literal' && typeof n.value === 'string'
        ? n.value
        : n && n.type === 'TemplateLiteral' && n.expressions.length === 0
          ? n.quasis[0].value.cooked
          : undefined;

    return {
      Program(node) {
        if (!here)
          context.report({ node, message: `${rel} is in no area of the house map (HOUSE in eslint.config.js): add its folder there.` });
        else if (here.rooms && rel.slice(here.area.length).includes('/'))
          context.report({
            node,
            message: `${rel.slice(0, here.area.length + rel.slice(here.area.length).indexOf('/') + 1)} is a folder of ${here.area} without its own line in the house map (HOUSE in eslint.config.js): add it, with its face and what it may import.`,
          });
      },
      ImportDeclaration: (n) => check(n.source, n.source.value),
      ExportNamedDeclaration: (n) => n.source && check(n.source, n.source.value),
      ExportAllDeclaration: (n) => check(n.source, n.source.value),
      ImportExpression: (n) => check(n.source, literal(n.source)),
      TSImportType(n) {
        // typescript-eslint 8.x: `source` (the string); older ones: `argument`, a TSLiteralType around it
        const arg = 'source' in n && n.source ? n.source : n.argument?.type === 'TSLiteralType' ? n.argument.literal : n.argument;
        check(n, literal(arg));
      },
      TSExternalModuleReference: (n) => check(n, literal(n.expression)),
      // `const load = createRequire(import.meta.url)` makes another require: its calls are read at the end, once every
      // such name is known (a function may use one declared below it)
      VariableDeclarator(n) {
        if (n.id.type === 'Identifier' && isCreateRequire(n.init)) requires.add(n.id.name);
      },
      CallExpression(n) {
        if (n.arguments.length !== 1) return;
        if (n.callee.type === 'Identifier') calls.push(n);
        // createRequire(import.meta.url)('electron')
        else if (isCreateRequire(n.callee)) check(n, literal(n.arguments[0]));
        // process.getBuiltinModule('fs'): a Node module by another door
        else if (
          n.callee.type === 'MemberExpression' &&
          n.callee.object.type === 'Identifier' &&
          n.callee.object.name === 'process' &&
          n.callee.property.type === 'Identifier' &&
          n.callee.property.name === 'getBuiltinModule'
        ) {
          const spec = literal(n.arguments[0]);
          check(n, spec === undefined || spec.startsWith('node:') ? spec : `node:${spec}`);
        }
      },
      'Program:exit'() {
        for (const n of calls) if (requires.has(n.callee.name)) check(n, literal(n.arguments[0]));
        for (const { name, comment } of named) {
          if (usedNames.has(name)) continue;
          const exists = resolveImport(resolve(root, 'x'), `./${name}`);
          context.report({
            loc: comment.loc,
            message:
              exists.found || name.endsWith('/')
                ? `The header names ${name} as an inner module this file tests, but nothing here imports it past its face: drop the name.`
                : `The header names ${name} as an inner module this file tests, but there is no such file.`,
          });
        }
      },
    };
  },
};

export default { meta: { name: 'house' }, rules: { imports: houseImports } };
