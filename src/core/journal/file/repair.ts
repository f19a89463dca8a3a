/**
 * Under the lock, what a journal file (./journal-file.ts) does when what it reads is not what it wrote: a damaged file
 * kept aside byte for byte and recovered from, and the old `outbox.json` imported once. docs/outbox.md "The journal
 * file".
 */
import fs from 'node:fs';
import { keepDamaged, storeWords, type DamageReport } from '../../store';
import { saidError, saidOf, type Words } from '../../../shared/i18n/said';
import { journalWords, outboxFileWords } from '../words';
import { fsyncDir, stampForName } from '../disk';
import { freezeRows } from '../draft/values';
import { changeRecord, type Scan } from '../format';
import { carryIndexes, holdIndexes } from '../indexes';
import { Replay } from '../replay';
import { describeRecovery, readLegacy, recoverJournal, unrecoveredLogs } from '../salvage';
import { heldForAnswer, maybeSent, tornDeleteUnnamed, tornDeletes, tornEdits, tornSendingMarks } from '../torn-end';
import type { Journal, JournalDiff, LogFields } from '../types';
import type { DamageDelete, DamageEdit } from '../../../shared/domain';
import { WHOLE, type JournalFileOptions, type JournalHealth } from './options';

/** The journal file as its repairs see it (./journal-file.ts `JournalFile`). */
export interface Repairable {
  readonly o: JournalFileOptions;
  readonly file: string;
  readonly legacy: string;
  readonly health: JournalHealth;
  doc: Journal;
  /** Whether the file was read or written by this process (false: there was none). */
  readonly found: boolean;
  writeWhole(doc: Journal): void;
  append(diff: JournalDiff, commit: () => Journal): void;
}

/**
 * Under the lock, on a damaged file: copy it aside byte for byte (and report) FIRST, then write a fresh journal of
 * what its good records tell. If the copy cannot be made, nothing is touched and this throws.
 */
export function recover(f: Repairable, bytes: Buffer, s: Scan, reason: Words, tornOnly = false): void {
  const recovered = recoverJournal(bytes, s, tornOnly);
  const { lost, checked } = recovered;
  let doc = recovered.doc;
  // a torn end only: the changes and deletes it holds of logs the file holds are offered too (../torn-end.ts)
  const edits = tornOnly ? tornEdits(bytes, s.bad[0], doc) : [];
  const deletes = tornOnly ? tornDeletes(bytes, s.bad[0], doc) : [];
  const unnamed = tornOnly && tornDeleteUnnamed(bytes, s.bad[0], doc).unnamed > 0;
  const report = keepAside(f, f.file, reason, doc, lost, checked, unrecoveredLogs(bytes, s, doc), edits, deletes, unnamed);
  // the logs whose delete is offered wait for the user's answer: nothing of them is sent meanwhile
  doc = heldForAnswer(doc, deletes, report.id);
  f.writeWhole(doc);
  f.doc = doc;
  holdIndexes(doc);
  f.o.onChanged?.(WHOLE);
}

/** keepDamaged with the outbox's words; throws (touching nothing) when the copy cannot be made. */
export function keepAside(
  f: Repairable,
  file: string,
  reason: Words,
  recovered: Journal,
  lost: number,
  checked: number,
  offered: LogFields[] = [],
  edits: DamageEdit[] = [],
  deletes: DamageDelete[] = [],
  unnamedDelete = false,
): DamageReport {
  const rows = Object.keys(recovered.rows).length;
  // the one record lost is the torn end, and it is what is offered or said (../torn-end.ts): a delete (offered, or cut
  // before it named its log) or an edit (one log's change: ../../log-gate.ts `editLog` writes one row a record). "Logs
  // made or changed in it are missing, log anything missing again" would be untrue: no log is missing, and it would
  // send the user to log again what they deleted or to add a second log beside the one they changed
  const lostSaid = lost === 1 && (deletes.length > 0 || edits.length > 0 || unnamedDelete) ? 0 : lost;
  let report: DamageReport;
  try {
    report = keepDamaged(
      f.o.dataDir,
      {
        what: storeWords.outbox(),
        file,
        reason,
        outcome: outboxFileWords.withUnnamedDelete(
          outboxFileWords.withDeletes(outboxFileWords.withEdits(describeRecovery(recovered, lostSaid, checked, offered), edits), deletes),
          unnamedDelete && lostSaid === 0,
        ),
        recovered: rows + recovered.ops.length,
        lost,
        ...(offered.length || edits.length || deletes.length
          ? { offer: { logs: offered, ...(edits.length ? { edits } : {}), ...(deletes.length ? { deletes } : {}) } }
          : {}),
      },
      f.o.now(),
    );
  } catch (e) {
    throw Object.assign(saidError(journalWords.cannotKeep(file, { said: saidOf(reason) }, (e as Error).message)), { cause: e });
  }
  f.health.damage.push(report);
  f.o.onDamage?.(report);
  return report;
}

/**
 * What a torn end found under the lock is (../torn-end.ts, docs/outbox.md "A torn end"). Left by a holder that died
 * holding the lock (`afterCrash`): its unfinished change, never acknowledged: cut quietly, whatever it holds.
 * Otherwise the disk lost the end of an acknowledged change: one holding a log found nowhere else, or a change or a
 * delete of a log the file holds, is damage (reported, and its logs or changes offered), and so is a delete cut before
 * it named its log when it may have been of several (reported: check the week); one that may be a `sending` mark makes
 * its entries (`marks`) maybe sent; anything else is cut.
 */
export function tornEndOf(
  bytes: Buffer,
  s: Scan,
  doc: Journal,
  afterCrash: boolean,
): { damage?: 'cutShort' | 'cutShortEdit' | 'cutShortDelete' | 'cutShortDeleteUnnamed'; marks: string[] } {
  if (afterCrash) return { marks: [] };
  if (unrecoveredLogs(bytes, s, doc).length > 0) return { damage: 'cutShort', marks: [] };
  if (tornEdits(bytes, s.bad[0], doc).length > 0) return { damage: 'cutShortEdit', marks: [] };
  if (tornDeletes(bytes, s.bad[0], doc).length > 0) return { damage: 'cutShortDelete', marks: [] };
  // a delete cut before it named its log, of one of several: said, so the user checks the week (nothing to offer)
  if (tornDeleteUnnamed(bytes, s.bad[0], doc).unnamed > 0) return { damage: 'cutShortDeleteUnnamed', marks: [] };
  return { marks: tornSendingMarks(bytes, s.bad[0], doc) };
}

/**
 * Under the lock, after a torn end was cut: the entries it may have marked `sending` (../torn-end.ts), acknowledged
 * before the disk lost it, so their request may have gone: "sent, answer unknown", reconciled with the service
 * before anything is sent again (../../sync/reconcile.ts), never re-sent blindly. One record.
 */
export function markMaybeSent(f: Repairable, ids: string[]): void {
  if (ids.length === 0) return;
  const base = f.doc;
  const diff: JournalDiff = { rows: {}, rowsGone: [], ops: base.ops.filter((o) => ids.includes(o.id)).map(maybeSent), opsGone: [] };
  const replay = new Replay(base);
  replay.apply(changeRecord(diff));
  f.append(diff, () => {
    const next = replay.result();
    carryIndexes(base, next, replay.indexedChange(next));
    return next;
  });
}

/** Under the lock: the old `outbox.json`, imported (merged into a journal that exists already), then renamed. */
export function migrate(f: Repairable): void {
  const bytes = fs.readFileSync(f.legacy);
  const old = readLegacy(bytes);
  if (old.damage) keepAside(f, f.legacy, old.damage.reason, old.doc, old.damage.lost, 0);
  if (!f.found) {
    f.doc = freezeRows(old.doc);
    holdIndexes(f.doc);
    f.o.onChanged?.(WHOLE);
    f.writeWhole(old.doc);
  } else {
    // a journal exists (a crash between writing it and renaming the old file, or an older Punchcard ran since):
    // add what it lacks, keep what it has
    const base = f.doc;
    const added: JournalDiff = { rows: {}, rowsGone: [], ops: [], opsGone: [] };
    for (const [id, row] of Object.entries(old.doc.rows)) if (!base.rows[id]) added.rows[id] = row;
    const known = new Set(base.ops.map((o) => o.id));
    for (const op of old.doc.ops) if (!known.has(op.id)) added.ops.push(op);
    if (old.doc.seq > base.seq) added.seq = old.doc.seq;
    if (Object.keys(added.rows).length || added.ops.length || added.seq !== undefined) {
      const merged = new Replay(base);
      merged.apply(changeRecord(added));
      f.append(added, () => {
        const next = merged.result();
        carryIndexes(base, next, merged.indexedChange(next));
        return next;
      });
    }
  }
  let target = `${f.legacy}.migrated-${stampForName(f.o.now())}`;
  for (let i = 1; fs.existsSync(target); i++) target = `${f.legacy}.migrated-${stampForName(f.o.now())}-${i}`;
  fs.renameSync(f.legacy, target);
  fsyncDir(f.o.dataDir);
  f.health.migratedTo = target;
}
