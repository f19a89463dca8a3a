// one-off: rewrite test/bench/fixture imports to faces where the face exports every name; list the rest
import { readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';
import { resolveImport } from './resolve.mjs';
import { areaOf } from './house-imports.mjs';
const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '../..');
const { default: config } = await import(resolve(ROOT, 'eslint.config.js'));
const map = config.find((c) => c.rules?.['house/imports']).rules['house/imports'][1].map;
const faces = map.filter((a) => a.face).map((a) => resolve(ROOT, a.area + a.face));
const program = ts.createProgram(faces, { allowJs: false, noEmit: true, moduleResolution: ts.ModuleResolutionKind.Bundler, module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 });
const checker = program.getTypeChecker();
const exportsOf = new Map();
for (const f of faces) {
  const sf = program.getSourceFile(f);
  const sym = checker.getSymbolAtLocation(sf);
  exportsOf.set(f, new Set(sym ? checker.getExportsOfModule(sym).map((s) => s.name) : []));
}
const write = process.argv.includes('--write');
const files = execFileSync('git', ['ls-files', 'test', 'bench'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter((f) => /\.(ts|tsx|mts)$/.test(f));
const missing = new Map();
for (const f of files) {
  const abs = resolve(ROOT, f);
  const here = areaOf(map, f);
  if (!here?.named) continue;
  let text = readFileSync(abs, 'utf8');
  const sf = ts.createSourceFile(abs, text, ts.ScriptTarget.Latest, true);
  const edits = [];
  const inner = new Set();
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) && !(ts.isExportDeclaration(st) && st.moduleSpecifier)) continue;
    const spec = st.moduleSpecifier.text;
    const r = resolveImport(abs, spec);
    if (r.kind !== 'file') continue;
    const to = relative(ROOT, r.path);
    const there = areaOf(map, to);
    if (!there?.face || there === here || to === there.area + there.face) continue;
    const face = resolve(ROOT, there.area + there.face);
    let names = [];
    const clause = ts.isImportDeclaration(st) ? st.importClause : undefined;
    let ok = true;
    if (clause) {
      if (clause.name) ok = false;
      const nb = clause.namedBindings;
      if (nb && ts.isNamespaceImport(nb)) ok = false;
      if (nb && ts.isNamedImports(nb)) names = nb.elements.map((e) => (e.propertyName ?? e.name).text);
    } else if (st.exportClause && ts.isNamedExports(st.exportClause)) names = st.exportClause.elements.map((e) => (e.propertyName ?? e.name).text);
    else ok = false;
    const lacking = names.filter((n) => !exportsOf.get(face).has(n));
    if (ok && lacking.length === 0 && names.length > 0) {
      let rel = relative(dirname(abs), dirname(face));
      if (!rel.startsWith('.')) rel = './' + rel;
      edits.push({ start: st.moduleSpecifier.getStart(sf) + 1, end: st.moduleSpecifier.getEnd() - 1, text: rel });
    } else {
      inner.add(to);
      for (const n of lacking) {
        const k = `${to} :: ${n}`;
        missing.set(k, (missing.get(k) ?? 0) + 1);
      }
    }
  }
  if (!write) continue;
  for (const e of edits.sort((a, b) => b.start - a.start)) text = text.slice(0, e.start) + e.text + text.slice(e.end);
  if (inner.size) {
    const line = `@inner ${[...inner].sort().join(', ')}`;
    const m = /^\/\*\*[\s\S]*?\*\//.exec(text);
    if (m) {
      const block = m[0];
      const closed = block.endsWith(' */') && block.includes('\n') ? block.replace(/\n \*\/$/, `\n * ${line}\n */`) : block.replace(/\s*\*\/$/, `\n * ${line}\n */`);
      text = closed + text.slice(block.length);
    } else text = `/** ${line} */\n` + text;
  }
  writeFileSync(abs, text);
}
for (const [k, n] of [...missing].sort((a, b) => b[1] - a[1])) console.log(n, k);
