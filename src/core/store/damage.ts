/**
 * Damaged data files, kept and reported, never silently replaced (PRODUCT: "a damaged, truncated or unknown data file
 * never costs an hour: it is kept and reported").
 *
 * When a module cannot read one of its files (damaged, truncated, empty, of an unknown version or shape), it calls
 * `keepDamaged(...)` BEFORE it changes anything: the file's bytes are copied, byte for byte, into
 * `<dataDir>/damaged/`, with a report beside them saying what the file was, why it could not be read and what could
 * be recovered from it. A report stays "unacknowledged" until the user says they have seen it (the app's notice, or
 * `punch data acknowledge`); until then `punch status` and `punch sync` exit non-zero and the app keeps the notice up.
 *
 * Reports are small JSON files written atomically (temp + rename), one per damage, so recording a damage never
 * rewrites another report. A report that cannot itself be read is listed as a damage of its own (never skipped).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { offerSize, type DamageOffer, type DamageReport } from '../../shared/domain';
import { saidOf, type Said, type Words } from '../../shared/i18n/said';
import { storeWords } from './store-words';

/** A report's words: the core's (a code and values with its English), or English text from an older report. */
type Text = Words | string;
const english = (t: Text) => (typeof t === 'string' ? t : t.message);
const saidIn = (t: Text) => (typeof t === 'string' ? undefined : saidOf(t));

/** The report's shape is shared with the front ends (it crosses the bridge in the status and `listDamage`). */
export type { DamageOffer, DamageReport } from '../../shared/domain';

export const DAMAGED_DIR = 'damaged';

/** Owner-only: the data directory holds what the user logged (hours are pay) and account details. */
export const FILE_MODE = 0o600;
export const DIR_MODE = 0o700;

const listeners = new Map<string, Set<(r: DamageReport) => void>>();
const keyOf = (dataDir: string) => path.resolve(dataDir);

/** Called after each new report for `dataDir` in this process (the core tells the front ends at once). */
export function onDamage(dataDir: string, listener: (r: DamageReport) => void): () => void {
  const set = listeners.get(keyOf(dataDir)) ?? new Set();
  listeners.set(keyOf(dataDir), set);
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

function stampOf(now: number): string {
  return new Date(now).toISOString().replace(/[:.]/g, '-');
}

function damagedDir(dataDir: string): string {
  const dir = path.join(dataDir, DAMAGED_DIR);
  fs.mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  return dir;
}

/**
 * Copies `file` byte for byte into `<dataDir>/damaged/` and records a report. Returns the report. Throws only when
 * the copy itself cannot be made (disk full, read-only): the caller must then leave the original untouched.
 */
export function keepDamaged(
  dataDir: string,
  d: { what: Text; file: string; reason: Text; outcome: Text; recovered: number; lost?: number; offer?: DamageOffer },
  now: number,
): DamageReport {
  const dir = damagedDir(dataDir);
  const id = `${path.basename(d.file).replace(/[^A-Za-z0-9._-]/g, '_')}-${stampOf(now)}-${crypto.randomBytes(3).toString('hex')}`;
  const keptAs = path.join(dir, id);
  // COPYFILE_EXCL: never overwrite an earlier copy
  fs.copyFileSync(d.file, keptAs, fs.constants.COPYFILE_EXCL);
  fs.chmodSync(keptAs, FILE_MODE);
  const said = { what: saidIn(d.what), reason: saidIn(d.reason), outcome: saidIn(d.outcome) };
  const report: DamageReport = {
    id,
    what: english(d.what),
    file: d.file,
    keptAs,
    reason: english(d.reason),
    outcome: english(d.outcome),
    ...(said.what || said.reason || said.outcome ? { said: JSON.parse(JSON.stringify(said)) as DamageReport['said'] } : {}),
    recovered: d.recovered,
    ...(d.lost !== undefined ? { lost: d.lost } : {}),
    ...(offerSize(d.offer) > 0 ? { offer: d.offer } : {}),
    at: now,
  };
  writeReport(dir, report);
  for (const l of listeners.get(keyOf(dataDir)) ?? []) {
    try {
      l(report);
    } catch {
      /* a listener must not undo the report */
    }
  }
  return report;
}

function writeReport(dir: string, report: DamageReport): void {
  const target = path.join(dir, `${report.id}.json`);
  const tmp = `${target}.${process.pid}.tmp`;
  const fd = fs.openSync(tmp, 'w', FILE_MODE);
  try {
    fs.writeSync(fd, `${JSON.stringify(report, null, 2)}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, target);
}

/**
 * Bytes kept aside without a report: the end of a file cut short by a crash in the middle of a write that was never
 * acknowledged (the outbox journal's torn append, docs/outbox.md). Nothing to tell the user, but not thrown away
 * either: `damaged/<name>-torn-<time>-<random>`, owner-only, never listed (no report beside it). Best effort: a disk
 * that takes no writes keeps nothing, and the caller goes on (those bytes were never anyone's data).
 */
export function keepBytesQuietly(dataDir: string, name: string, bytes: Buffer, now: number): string | undefined {
  try {
    const dir = damagedDir(dataDir);
    const file = path.join(dir, `${name.replace(/[^A-Za-z0-9._-]/g, '_')}-torn-${stampOf(now)}-${crypto.randomBytes(3).toString('hex')}`);
    const fd = fs.openSync(file, 'wx', FILE_MODE);
    try {
      fs.writeSync(fd, bytes);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    return file;
  } catch {
    return undefined;
  }
}

/** The user answered a report's offer (logged again, or discarded): recorded in it, and the report is acknowledged. */
export function resolveOffer(dataDir: string, id: string, action: 'logged' | 'discarded', now: number): DamageReport {
  const report = listDamage(dataDir).find((r) => r.id === id);
  if (!report?.offer) {
    const w = storeWords.noOffer(id);
    throw Object.assign(new Error(w.message), { said: saidOf(w) });
  }
  const done: DamageReport = {
    ...report,
    offer: { ...report.offer, resolved: { action, at: now } },
    acknowledgedAt: report.acknowledgedAt ?? now,
  };
  writeReport(path.join(dataDir, DAMAGED_DIR), done);
  return done;
}

/** Every report in the data directory, oldest first. An unreadable report is listed as a damage itself. */
export function listDamage(dataDir: string): DamageReport[] {
  const dir = path.join(dataDir, DAMAGED_DIR);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const out: DamageReport[] = [];
  for (const name of names) {
    if (!name.endsWith('.json') || name.endsWith('.tmp')) continue;
    const file = path.join(dir, name);
    try {
      const r = JSON.parse(fs.readFileSync(file, 'utf8')) as DamageReport;
      if (typeof r.id !== 'string' || typeof r.file !== 'string' || typeof r.keptAs !== 'string') throw new Error('not a damage report');
      out.push(r);
    } catch (e) {
      const what = storeWords.aReport();
      const reason = storeWords.reportUnreadable(e instanceof Error ? e.message : String(e));
      const outcome = storeWords.openFolder();
      out.push({
        id: name.replace(/\.json$/, ''),
        what: what.message,
        file,
        keptAs: file,
        reason: reason.message,
        outcome: outcome.message,
        said: { what: saidOf(what), reason: saidOf(reason), outcome: saidOf(outcome) },
        recovered: 0,
        at: 0,
      });
    }
  }
  return out.sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
}

export function unacknowledgedDamage(dataDir: string): DamageReport[] {
  return listDamage(dataDir).filter((r) => r.acknowledgedAt === undefined);
}

/** The user has seen it: `ids` (or every unacknowledged report). Returns the reports acknowledged now. */
export function acknowledgeDamage(dataDir: string, ids: 'all' | string[], now: number): DamageReport[] {
  const dir = path.join(dataDir, DAMAGED_DIR);
  const done: DamageReport[] = [];
  for (const r of unacknowledgedDamage(dataDir)) {
    if (ids !== 'all' && !ids.includes(r.id)) continue;
    if (r.at === 0) continue; // an unreadable report cannot be marked; it stays listed until the user removes it
    const acked = { ...r, acknowledgedAt: now };
    writeReport(dir, acked);
    done.push(acked);
  }
  return done;
}

/** One line per report, for `punch` and notices: what, why, what became of it, where the copy is (English). */
export function describeDamage(r: DamageReport): string {
  return damageLine(r).message;
}

/**
 * The same line as a code and values (its parts as the report says them: codes, or an older report's English).
 * `fullPath`: the file named by its whole path (`punch data`), else by its name.
 */
export function damageLine(r: DamageReport, opts: { fullPath?: boolean } = {}): Words {
  const part = (s: Said | undefined, text: string) => (s ? { said: s } : text.replace(/\.$/, ''));
  return storeWords.line({
    what: part(r.said?.what, r.what),
    file: opts.fullPath ? r.file : path.basename(r.file),
    reason: part(r.said?.reason, r.reason),
    outcome: part(r.said?.outcome, r.outcome),
    keptAs: r.keptAs,
  });
}
