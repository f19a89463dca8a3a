/**
 * `house/imports`: the house's map (HOUSE in eslint.config.js) kept by a tool. Every import is resolved to a path
 * first (./resolve.mjs), so the rule sees what the file really reaches, however it is written: static imports,
 * `export ... from`, `import type`, dynamic `import()`, `import('x').T` types, `require()` and `import x = require()`;
 * a `.js` specifier naming the `.ts` beside it, a folder naming its `index`, a detour through `./../`, Node's modules
 * with or without `node:`.
 *
 * The map is a list of areas, each a path prefix of the tree (a folder `src/core/journal/`, or one file
 * `src/core/context.ts`); a file belongs to the area of its longest prefix. Each area says:
 *  - `may`: the areas it may import besides its own (`src/shared/` is that area; `src/**` every area under `src/`);
 *  - `face`: its one door (`index.ts`): from another area only that file may be imported, unless
 *  - `doors` of the importing area name an inner file it may use (sync drives the outbox's transitions), or
 *  - `named: true` (tests, fixtures, benchmarks): the file names the inner module in its header, on a line
 *    `@inner src/core/journal/format.ts` (several separated by spaces or commas; a folder `src/core/journal/` names
 *    all of its files; words after the paths say why). A name it does not import is reported too, so a header
 *    never lies;
 *  - `node: false`: no Node module (the code runs in a browser too, or is pure);
 *  - `electron: true`: may import Electron (only the shell and the preload; the core, `punch` and web mode run in
 *    plain Node).
 * A file in no area is reported: every file of the tree has a rule.
 */
import { relative, resolve } from 'node:path';
import { resolveImport } from './resolve.mjs';

const ELECTRON = /^(electron|electron-store|electron-updater|electron-vite|@electron\/.+|@electron-toolkit\/.+)$/;

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

    function check(node, spec) {
      if (!here || typeof spec !== 'string') return;
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
      if ((here.doors ?? []).includes(to)) return;
      const naming = named.find((n) => (n.name.endsWith('/') ? to.startsWith(n.name) : n.name === to));
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
      CallExpression(n) {
        if (n.callee.type === 'Identifier' && n.callee.name === 'require' && n.arguments.length === 1) check(n, literal(n.arguments[0]));
      },
      'Program:exit'() {
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
