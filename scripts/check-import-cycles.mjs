#!/usr/bin/env node
/**
 * Import circles in src/, type-only imports included (a circle of types is still two modules that cannot be read, moved
 * or tested one without the other; ESLint's cycle rules skip type imports). Each import is resolved to its file as the
 * house rules resolve it (./eslint/resolve.mjs: a `.js` specifier names the `.ts` beside it, a folder its index), dynamic `import()` and
 * `require()` included. Prints each circle with the imports that close it and exits 1 when there is any. Part of
 * `npm run lint`.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { resolveImport as resolveSpec } from './eslint/resolve.mjs';

// the tree to look at: this repository, or the one named (tests run it on a copy)
const ROOT = resolve(process.argv[2] ?? resolve(dirname(new URL(import.meta.url).pathname), '..'));
const SRC = join(ROOT, 'src');
/** Every file the build reads as a module (a circle through a .js file is a circle too). */
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;

/**
 * Path aliases (tsconfig `paths` / `baseUrl`, package.json `imports`): the house rules and this check read relative
 * paths only (./eslint/resolve.mjs), so an import through an alias would pass both unread. None is set; one added
 * fails here until the resolver learns it.
 */
function aliases() {
  const found = [];
  for (const name of readdirSync(ROOT).filter((n) => /^tsconfig.*\.json$/.test(n))) {
    const { config } = ts.parseConfigFileTextToJson(name, readFileSync(join(ROOT, name), 'utf8'));
    const options = config?.compilerOptions ?? {};
    if (options.paths) found.push(`${name}: compilerOptions.paths`);
    if (options.baseUrl) found.push(`${name}: compilerOptions.baseUrl`);
  }
  const pkg = existsSync(join(ROOT, 'package.json')) ? JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) : {};
  if (pkg.imports) found.push('package.json: imports');
  return found;
}
const aliased = aliases();
if (aliased.length > 0) {
  for (const a of aliased) console.error(`path alias in ${a}`);
  console.error('The house rules read relative paths only: teach scripts/eslint/resolve.mjs the alias first, or write the paths relative.');
  process.exit(1);
}

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return SOURCE.test(name) && !/\.d\.m?ts$/.test(name) ? [p] : [];
  });
}

/** The source file of src/ an import names, if it names one. */
function resolveImport(from, spec) {
  const r = resolveSpec(from, spec);
  return r.kind === 'file' && r.found && SOURCE.test(r.path) ? r.path : undefined;
}

/** Every module a file names: static imports and re-exports (type-only too), import(), require() and import('x').T types. */
function importsOf(file) {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const specs = [];
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      specs.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      specs.push(node.arguments[0].text);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      specs.push(node.moduleReference.expression.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      specs.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return [...new Set(specs.map((s) => resolveImport(file, s)).filter(Boolean))];
}

/**
 * Circles allowed, each with its reason. Only one: the renderer's store follows zustand's slices pattern, where the
 * store's type is the sum of its slices and each slice is typed against the whole store. Both directions are
 * `import type`, erased at build time; no module runs another's code at load.
 */
const ALLOWED = [{ folder: 'src/renderer/src/store/', reason: "zustand's slices pattern (type-only both ways)" }];

const files = sourceFiles(SRC);
const graph = new Map(files.map((f) => [f, importsOf(f)]));

// Tarjan's strongly connected components: every component of more than one file (or a file importing itself) is a circle.
let index = 0;
const stack = [],
  onStack = new Set(),
  idx = new Map(),
  low = new Map(),
  circles = [];
function strongConnect(v) {
  idx.set(v, index);
  low.set(v, index);
  index++;
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v) ?? []) {
    if (!idx.has(w)) {
      strongConnect(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
  }
  if (low.get(v) === idx.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(component.sort());
  }
}
for (const f of files) if (!idx.has(f)) strongConnect(f);

const rel = (f) => relative(ROOT, f);
const allowedBy = (component) => ALLOWED.find((a) => component.every((f) => rel(f).startsWith(a.folder)));
for (const component of circles.filter(allowedBy)) {
  console.log(`import circles: ${component.length} files in ${allowedBy(component).folder} allowed: ${allowedBy(component).reason}`);
}
const refused = circles.filter((c) => !allowedBy(c));
if (refused.length === 0) {
  console.log(`import circles: none other in ${files.length} files of src/`);
  process.exit(0);
}
for (const component of refused) {
  const members = new Set(component);
  console.error(`import circle of ${component.length} files:`);
  for (const f of component) for (const t of graph.get(f)) if (members.has(t)) console.error(`  ${rel(f)} -> ${rel(t)}`);
}
console.error(`${refused.length} import circle(s) in src/: break each by moving what both sides need into a module of its own.`);
process.exit(1);
