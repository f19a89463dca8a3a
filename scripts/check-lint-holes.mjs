#!/usr/bin/env node
/**
 * The house rules' holes, tried the way a reviewer tries them: copy the tree to a temporary folder, put one hole in it
 * (an import the rules forbid, written in one of the ways a raw string pattern misses), run the check that must refuse
 * it, expect it to fail *for that rule*, take the hole out, next. A hole the lint lets through is printed and the
 * script exits 1.
 *
 *   node scripts/check-lint-holes.mjs            each hole against the one check that owns it (about a minute)
 *   node scripts/check-lint-holes.mjs --full     each hole against the whole `npm run lint` in the copy (45 s each)
 *   node scripts/check-lint-holes.mjs --only electron,circle   the holes whose name holds one of the words
 *
 * Why a script and not a test of the suite: the reviewers' way (the whole `npm run lint` on a copy) takes 45 s per
 * hole on 2 cores, 40 minutes for the list below, against a suite that must stay under 12 minutes. The fast way runs
 * the same checks `npm run lint` runs (ESLint with the copy's own eslint.config.js, on the files the hole touched; the
 * circle and folder-size scripts on the whole copy) and agrees with the full way on every hole (run both to see). The
 * suite keeps one case of each kind in test/unit/house-rules.test.ts, which needs no copy.
 *
 * The holes are in ./lint-holes/holes.mjs. Each is written through Prettier first, so a `--full` run never fails on
 * formatting instead of the rule.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import { HOLES } from './lint-holes/holes.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const FULL = args.includes('--full');
const ONLY = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;

/** A copy of the tree as git sees it (tracked and new files, never what it ignores), node_modules linked. */
function copyTree() {
  const dir = mkdtempSync(join(tmpdir(), 'punch-lint-holes-'));
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  for (const f of files) {
    if (!existsSync(join(ROOT, f))) continue;
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    cpSync(join(ROOT, f), join(dir, f));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  execFileSync('git', ['init', '-q'], { cwd: dir });
  return dir;
}

/** Puts a hole into the copy; returns the files to restore and the files it touched. */
async function put(copy, hole) {
  const restore = [];
  for (const [file, what] of Object.entries(hole.put)) {
    const path = join(copy, file);
    const before = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    if (typeof what !== 'string' && before === undefined)
      throw new Error(`${hole.name}: ${file} is not in the tree (the hole list needs a new file to add to)`);
    restore.push({ path, before });
    let text;
    if (typeof what === 'string') text = what;
    else if (what.json) text = `${JSON.stringify(what.json(JSON.parse(stripComments(before))), null, 2)}\n`;
    else text = `${before.trimEnd()}\n${typeof what.append === 'function' ? what.append(copy) : what.append}\n`;
    if (!what.json) {
      const options = await prettier.resolveConfig(path);
      const info = await prettier.getFileInfo(path);
      if (info.inferredParser) text = await prettier.format(text, { ...options, filepath: path });
    }
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  return restore;
}

const stripComments = (jsonc) => jsonc.replace(/^\s*\/\/.*$/gm, '').replace(/,(\s*[}\]])/g, '$1');

function takeOut(restore) {
  for (const { path, before } of restore.reverse()) {
    if (before === undefined) unlinkSync(path);
    else writeFileSync(path, before);
  }
}

const node = (copy, script) => spawnSync(process.execPath, [join(copy, 'scripts', script), copy], { cwd: copy, encoding: 'utf8' });

/** The checks of `npm run lint` beside ESLint, by the name a hole gives its check. */
const SCRIPTS = { cycles: 'check-import-cycles.mjs', folders: 'check-folder-sizes.mjs', docs: 'check-doc-paths.mjs' };

/** What the owning check says about the copy: `{ failed, said }` (said: the lines of the rule that fails). */
async function checkFast(copy, eslint, hole) {
  if (hole.check === 'eslint') {
    const files = Object.keys(hole.put).map((f) => join(copy, f));
    const results = await eslint.lintFiles(files);
    const errors = results.flatMap((r) => r.messages.filter((m) => m.severity === 2).map((m) => ({ ...m, file: r.filePath })));
    const said = errors.filter((m) => m.ruleId === hole.rule && hole.says.test(m.message)).map((m) => m.message);
    const other = errors.filter((m) => !said.includes(m.message)).map((m) => `${m.ruleId}: ${m.message}`);
    const ignored = results.flatMap((r) => r.messages.filter((m) => m.severity === 1 && /ignored/i.test(m.message)).map((m) => m.message));
    return { failed: said.length > 0, said: said.length ? said : [...other, ...ignored] };
  }
  const r = node(copy, SCRIPTS[hole.check]);
  const out = `${r.stdout}\n${r.stderr}`;
  return { failed: r.status !== 0 && hole.says.test(out), said: out.trim().split('\n').slice(0, 4) };
}

/** The reviewers' way: the whole `npm run lint` in the copy must fail, and say the rule's words. */
function checkFull(copy, hole) {
  const r = spawnSync('npm', ['run', 'lint', '--silent'], { cwd: copy, encoding: 'utf8' });
  const out = `${r.stdout}\n${r.stderr}`;
  const lines = out.split('\n').filter((l) => hole.says.test(l));
  return { failed: r.status !== 0 && lines.length > 0, said: lines.length ? lines : out.trim().split('\n').slice(-6) };
}

const holes = HOLES.filter((h) => !ONLY || ONLY.split(',').some((word) => h.name.includes(word)));
const copy = copyTree();
console.log(
  `lint holes: ${holes.length} holes, one at a time, in a copy of the tree (${copy})${FULL ? ', each against the whole npm run lint' : ''}`,
);
const eslint = new ESLint({ cwd: copy });
const open = [];
const started = Date.now();
try {
  if (FULL) {
    const clean = spawnSync('npm', ['run', 'lint', '--silent'], { cwd: copy, encoding: 'utf8' });
    if (clean.status !== 0) throw new Error(`npm run lint fails on the copy before any hole:\n${clean.stdout}\n${clean.stderr}`);
  }
  for (const hole of holes) {
    const restore = await put(copy, hole);
    let result;
    try {
      result = FULL ? checkFull(copy, hole) : await checkFast(copy, eslint, hole);
    } finally {
      takeOut(restore);
    }
    console.log(
      `${result.failed ? 'caught' : 'OPEN  '}  ${hole.name}${result.failed ? '' : `\n          ${result.said.join('\n          ') || '(nothing said)'}`}`,
    );
    if (!result.failed) open.push(hole.name);
  }
} finally {
  rmSync(copy, { recursive: true, force: true });
}
const took = ((Date.now() - started) / 1000).toFixed(0);
if (open.length) {
  console.error(`lint holes: ${open.length} of ${holes.length} not caught (${took} s): ${open.join('; ')}`);
  process.exit(1);
}
console.log(`lint holes: all ${holes.length} caught, each by its own rule (${took} s)`);
