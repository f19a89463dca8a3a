import { readFileSync } from 'node:fs';
import ts from 'typescript';
const PROSE = /[A-Za-z]{3,}[^A-Za-z]+[A-Za-z]{2,}/;
const NOT_PROSE = /^([a-z0-9]+[-_.:/])+[a-z0-9]+$|^[A-Z_]+$|^\w+$/;
function inDeclaration(node) {
  for (let n = node.parent; n; n = n.parent) {
    if (ts.isCallExpression(n)) { const c = n.expression.getText(); if (/^(defineMessages?|console\.\w+|require)$/.test(c)) return true; }
    if (ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) return true;
  }
  return false;
}
for (const file of process.argv.slice(2)) {
  const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const visit = (node) => {
    let text;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node)) text = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' x ');
    else if (ts.isJsxText(node)) text = node.text.trim();
    if (text && PROSE.test(text) && !NOT_PROSE.test(text.trim()) && !inDeclaration(node)) {
      const { line } = src.getLineAndCharacterOfPosition(node.getStart());
      console.log(`${file}:${line + 1}: ${text.slice(0, 140).replace(/\n/g, ' ')}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(src);
}
