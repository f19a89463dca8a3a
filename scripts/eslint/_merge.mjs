import { readFileSync, writeFileSync } from 'node:fs';
import ts from 'typescript';
for (const f of process.argv.slice(2)) {
  let text = readFileSync(f, 'utf8');
  const sf = ts.createSourceFile(f, text, ts.ScriptTarget.Latest, true);
  const seen = new Map();
  const drops = [];
  const adds = new Map();
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !st.importClause || st.importClause.name) continue;
    const nb = st.importClause.namedBindings;
    if (!nb || !ts.isNamedImports(nb)) continue;
    const key = `${st.moduleSpecifier.text}|${st.importClause.isTypeOnly}`;
    const names = nb.elements.map((e) => e.getText(sf));
    if (!seen.has(key)) { seen.set(key, st); adds.set(st, names); continue; }
    adds.get(seen.get(key)).push(...names);
    drops.push(st);
  }
  if (!drops.length) continue;
  const edits = [];
  for (const [st, names] of adds) {
    const nb = st.importClause.namedBindings;
    edits.push({ start: nb.getStart(sf), end: nb.getEnd(), text: `{ ${[...new Set(names)].join(', ')} }` });
  }
  for (const st of drops) edits.push({ start: st.getFullStart(), end: st.getEnd(), text: '' });
  for (const e of edits.sort((a, b) => b.start - a.start)) text = text.slice(0, e.start) + e.text + text.slice(e.end);
  writeFileSync(f, text);
  console.log('merged', f);
}
