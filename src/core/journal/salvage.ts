/**
 * What can still be told from a damaged journal file, or from the old `outbox.json` (the document the outbox used to
 * be, imported once): the best state its readable parts give, and the words that say what was recovered. Pure: the
 * file, the copy kept aside and the fresh journal are ./file/'s.
 */
import { freezeRows } from './draft/values';
import { opNumber, type Scan } from './format';
import { Replay } from './replay';
import { cutRecord, maybeSent, tornSendingMarks } from './torn-end';
import { brokenTable, isTableRecord, untrustedTable } from './table-records';
import { HHMM_PATTERN } from '../../shared/time/hours';
import { isValidDate } from '../../shared/time/week';
import type { Words } from '../../shared/i18n/said';
import { storeWords } from '../store';
import { outboxFileWords } from './words';
import { isOp, isRow, parseStoredJournal } from './stored';
import { emptyJournal, type Journal, type LedgerRow, type LogFields, type OutboxOp } from './types';

/**
 * A damaged journal, as far as it can be read: every good record applied in order (records are whole rows and
 * entries by id). `lost`: the records that could not be read. `checked`: unsent entries marked maybe-sent.
 */
export function recoverJournal(bytes: Buffer, s: Scan, tornOnly = false): { doc: Journal; lost: number; checked: number } {
  const replay = new Replay(emptyJournal(), false, true);
  // the records in file order, the unreadable ones included: what was written after the last of those is exact
  const lines = [...s.good.map((g) => ({ at: g.start, g })), ...s.bad.map((b) => ({ at: b.start, g: undefined }))].sort(
    (a, b) => a.at - b.at,
  );
  let lost = 0;
  let lastBad = -1;
  for (const { g } of lines) {
    if (!g) {
      lost++;
      lastBad = replay.applied;
      continue;
    }
    replay.apply(g.record); // a snapshot mark that no longer matches says only that records are missing
  }
  // not one readable record (another kind of file put in its place, e.g. an old outbox.json): what has the shape of
  // a row or an entry anywhere in it (records with a bad checksum are never trusted: a flipped bit may be in a value)
  const salvaged = s.good.length === 0 && bytes.length > 0 ? readLegacy(bytes) : undefined;
  if (salvaged) lost = salvaged.damage?.lost ?? 0; // (then every unsent entry is checked with the service: lastBad is 0)
  const doc = salvaged ? salvaged.doc : replay.result();
  const seq = Math.max(doc.seq, ...doc.ops.map((o) => opNumber(o.id)), 0);
  // an unsent entry last written before a record that is lost may have been sent since (that record may have
  // marked it `sending`): it is reconciled with the service before anything is sent again, never re-sent blindly.
  // `tornOnly`: the one bad record is a torn end (it holds a log found nowhere else): it was one change, so it may have
  // marked one entry `sending` only if it was that mark (./torn-end.ts), and a new log's record is none
  const marked = tornOnly && !salvaged ? new Set(tornSendingMarks(bytes, s.bad[0], doc)) : undefined;
  let checked = 0;
  const ops = doc.ops.map((o) => {
    if (marked) {
      if (!marked.has(o.id)) return o;
    } else if (o.state === 'synced' || (o.maybeSent && !o.resendApproved) || lastBad < 0 || (replay.lastWrite.get(o.id) ?? -1) >= lastBad)
      return o;
    checked++;
    return maybeSent(o);
  });
  return { doc: freezeRows({ version: 1, rows: doc.rows, ops, seq }), lost, checked };
}

/**
 * The logs that the unreadable records seem to hold and that could not be recovered, read without trusting them: a
 * record whose checksum failed may have any byte changed, so nothing in it is applied; its logs are offered to the
 * user to log again (as new logs, through the company's rules) or discard. A log is offered when it has a day, hours
 * and a job that read as such, is not in the recovered ledger nor waits in the recovered outbox (no good record
 * carried it), and has no id from the service (it never reached it). Each line is read as JSON, or, when a changed byte broke that, every
 * complete `{...}` in it that has the shape of a row or an entry. A last record cut short (a torn end) is read too: it
 * may have been acknowledged before the disk lost its end (./file/ reports it when it offers something).
 */
export function unrecoveredLogs(bytes: Buffer, s: Scan, recovered: Journal): LogFields[] {
  const found = new Map<string, LogFields>();
  for (const bad of s.bad) {
    const line = bytes.subarray(bad.start, bad.end).toString('utf8').replace(/\n$/, '');
    const body = line.length > 9 && line[8] === ' ' ? line.slice(9) : line;
    let rows: LedgerRow[];
    let ops: OutboxOp[];
    const cut = bad.terminated ? undefined : cutRecord(body);
    try {
      if (cut) {
        // a torn end: its rows as far as they go (a row's id is its key; its fields are checked below)
        rows = Object.entries(cut.rows ?? {}).flatMap(([localId, r]) => (isObj(r) ? [{ localId, ...r } as LedgerRow] : []));
        ops = (cut.ops ?? []).filter((o): o is OutboxOp => isObj(o) && o.kind === 'add' && isObj(o.add) && typeof o.localId === 'string');
      } else {
        const v = JSON.parse(body) as { rows?: Record<string, unknown>; ops?: unknown[] };
        if (isTableRecord(v)) ({ rows, ops } = untrustedTable(v));
        else {
          rows = Object.values(v.rows ?? {}).filter(isRow);
          ops = (v.ops ?? []).filter(isOp);
        }
      }
    } catch {
      // a table's rows are no `{...}` of their own in the text: its columns are read apart instead
      if (/^\{"t":"(rows|ops)"/.test(body)) ({ rows, ops } = brokenTable(body));
      else {
        const salvaged = salvageText(body).doc;
        rows = Object.values(salvaged.rows);
        ops = salvaged.ops;
      }
    }
    const fromOps = ops.filter((o) => o.kind === 'add' && o.add).map((o) => ({ localId: o.localId, fields: o.add! }));
    const all = [...rows.filter((r) => !r.timeLogId).map((r) => ({ localId: r.localId, fields: fieldsOf(r) })), ...fromOps];
    for (const { localId, fields } of all) {
      // recovered from a good record (its row, or its add waiting to be sent): offering it too would log it twice
      const known = recovered.rows[localId] || recovered.ops.some((o) => o.localId === localId);
      if (known || found.has(localId) || !looksLikeLog(fields)) continue;
      found.set(localId, fields);
    }
  }
  return [...found.values()];
}

function fieldsOf(r: LedgerRow): LogFields {
  return {
    workDate: r.workDate,
    hours: r.hours,
    ...(r.jobId ? { jobId: r.jobId } : {}),
    jobName: r.jobName,
    billingStatus: r.billingStatus === 'Non Billable' ? 'Non Billable' : 'Billable',
    ...(r.workItem ? { workItem: r.workItem } : {}),
    ...(r.description ? { description: r.description } : {}),
  };
}

const looksLikeLog = (f: Partial<LogFields>) =>
  isValidDate(f.workDate) && typeof f.hours === 'string' && HHMM_PATTERN.test(f.hours) && typeof f.jobName === 'string' && f.jobName !== '';

export interface LegacyRead {
  doc: Journal;
  /** Set when the file was not a clean version-1 document: why, and how many of its parts were dropped. */
  damage?: { reason: Words; lost: number };
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The conf document `{ journal: { version: 1, rows, ops, seq } }`. Anything else is damage, recovered as far as it
 * goes: JSON of another shape or version gives every object in it that has the shape of a row or an entry; text
 * that is not JSON (cut short, garbled) gives every complete `{...}` in it that parses and has that shape.
 */
export function readLegacy(bytes: Buffer): LegacyRead {
  if (bytes.length === 0) return { doc: emptyJournal(), damage: { reason: storeWords.empty(), lost: 0 } };
  const text = bytes.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const found = salvageText(text);
    return { doc: found.doc, damage: { reason: outboxFileWords.oldNotJson((e as Error).message), lost: found.lost } };
  }
  if (isObj(value) && Object.keys(value).length === 0) return { doc: emptyJournal() };
  const j = isObj(value) ? value.journal : undefined;
  const clean = parseStoredJournal(j);
  if (clean) return { doc: { version: 1, rows: clean.rows, ops: clean.ops, seq: clean.seq } };
  const reason = !isObj(j)
    ? outboxFileWords.oldNoJournal()
    : j.version !== 1
      ? outboxFileWords.oldVersion(JSON.stringify(j.version) ?? 'none')
      : outboxFileWords.oldShape();
  const rows: Record<string, LedgerRow> = {};
  const ops = new Map<string, OutboxOp>();
  let lost = 0;
  // count the parts that were meant to be rows or entries and are not
  if (isObj(j) && isObj(j.rows)) lost += Object.values(j.rows).filter((r) => !isRow(r)).length;
  if (isObj(j) && Array.isArray(j.ops)) lost += j.ops.filter((o) => !isOp(o)).length;
  walk(value, rows, ops);
  const seq = isObj(j) && typeof j.seq === 'number' ? j.seq : 0;
  return { doc: docOf(rows, ops, seq), damage: { reason, lost } };
}

function docOf(rows: Record<string, LedgerRow>, ops: Map<string, OutboxOp>, seq: number): Journal {
  const list = [...ops.values()];
  return { version: 1, rows, ops: list, seq: Math.max(seq, ...list.map((o) => opNumber(o.id)), 0) };
}

function walk(v: unknown, rows: Record<string, LedgerRow>, ops: Map<string, OutboxOp>, depth = 0): void {
  if (depth > 64 || typeof v !== 'object' || v === null) return;
  if (isOp(v)) {
    ops.set(v.id, v);
    return;
  }
  if (isRow(v)) {
    rows[v.localId] = v;
    return;
  }
  for (const x of Array.isArray(v) ? v : Object.values(v)) walk(x, rows, ops, depth + 1);
}

/** Every complete `{...}` of a text that is not JSON as a whole, parsed, kept when it is a row or an entry. */
function salvageText(text: string): { doc: Journal; lost: number } {
  const rows: Record<string, LedgerRow> = {};
  const ops = new Map<string, OutboxOp>();
  const starts: number[] = [];
  let inString = false;
  let lost = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b) starts.push(i);
    else if (c === 0x7d) {
      const start = starts.pop();
      if (start === undefined) continue;
      const slice = text.slice(start, i + 1);
      if (slice.length > 1 << 20 || !slice.includes('"localId"')) continue;
      let v: unknown;
      try {
        v = JSON.parse(slice);
      } catch {
        continue;
      }
      if (isOp(v)) ops.set(v.id, v);
      else if (isRow(v)) rows[v.localId] = v;
      else if (isObj(v) && 'localId' in v && ('workDate' in v || 'kind' in v)) lost++;
    }
  }
  return { doc: docOf(rows, ops, 0), lost };
}

/** The report's outcome: what the file held, as far as it could be read, and what became of the rest. */
export function describeRecovery(doc: Journal, lost: number, checked: number, offered: LogFields[] = []): Words {
  const by = { queued: 0, sending: 0, 'needs-attention': 0, synced: 0 };
  for (const o of doc.ops) by[o.state]++;
  return outboxFileWords.recovered({
    entries: doc.ops.length,
    logs: Object.keys(doc.rows).length,
    states: { queued: by.queued, sending: by.sending, attention: by['needs-attention'], synced: by.synced },
    lost,
    checked,
    offer: offered.map((f) => ({
      hours: f.hours,
      jobName: f.jobName,
      workDate: f.workDate,
      ...(f.description ? { description: f.description } : {}),
    })),
  });
}
