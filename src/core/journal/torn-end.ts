/**
 * What a torn last record (a record cut short at the end of the file, ./format.ts) may have been, when it holds no log
 * found nowhere else (./salvage.ts offers those): the `sending` mark of an entry. The mark is written and fsynced
 * before the request goes out (../sync/send.ts), so a crash in the middle of writing it sent nothing; but a disk can
 * also lose the end of a file after the write returned (a cut, a file system repair), and then the request may have
 * gone. The two look the same, so the entry the mark may have been for is treated as "sent, answer unknown" (maybe
 * sent): it is reconciled with the service before anything is sent again (../sync/reconcile.ts), never re-sent blindly.
 *
 * A mark is a change record of one entry and nothing else: `{"t":"change","ops":[{"id":"op-000042",...,"state":
 * "sending",...}]}` (the entry's fields in the order ../outbox/operations.ts made them, its id first). So:
 * - a record that reads as something else (rows first: a new log, an edit, an answer; another state) was no mark;
 * - a record that names its entry, whole or in part (`"id":"op-0000`), was a mark for that entry or none;
 * - a record cut before that could have been the mark of any entry the engine could have picked at that moment
 *   (`mayBeMarkedNext`, the superset of ../outbox/send-steps.ts `nextOperation`'s picks for every account, every
 *   paused endpoint, every backoff step): a handful, not every entry waiting.
 *
 * Or a change of a log the file still holds (an edit: the record's row, whole, with other values than the file's):
 * it may have been acknowledged too, so it is offered to be made again or discarded (`tornEdits`), never dropped in
 * silence. Docs: docs/outbox.md "A torn end".
 */
import type { DamageDelete, DamageEdit } from '../../shared/domain';
import type { BadLine } from './format';
import type { Journal, LedgerRow, OutboxOp } from './types';

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The start of every `sending` mark (./format.ts `changeRecord` of one entry: `t`, then `ops`; the entry's id first). */
const MARK_START = '{"t":"change","ops":[{"id":"';

/** An entry the engine marks `sending` and sends as it is (not one whose earlier send is checked first). */
export const sendsAsItIs = (o: OutboxOp) => o.state === 'queued' && (!o.maybeSent || o.resendApproved === true);

/**
 * `op` as "sent, answer unknown": reconciled with the service before anything is sent again. A "Send again" the user
 * chose covers one send, which may be the one the lost record marked: it is checked again too.
 */
export function maybeSent(op: OutboxOp): OutboxOp {
  const { resendApproved: _once, ...rest } = op;
  return { ...rest, maybeSent: true };
}

/**
 * The entries a torn last record (`torn`, of `bytes`) may have marked `sending`, in `doc` (the document its good
 * records tell): each to be marked maybe sent. Empty when the record was no mark, or marked nothing sent as it is.
 */
export function tornSendingMarks(bytes: Buffer, torn: BadLine, doc: Journal): string[] {
  const line = bytes.subarray(torn.start, torn.end).toString('utf8');
  // the checksum, a space, then the JSON: a cut inside the checksum tells nothing of the record
  const body = line.length > 9 ? line.slice(9) : '';
  if (body.length <= MARK_START.length) return MARK_START.startsWith(body) ? mayBeMarkedNext(doc) : [];
  if (!body.startsWith(MARK_START)) return []; // rows first, or another record: no mark
  const rest = body.slice(MARK_START.length);
  const close = rest.indexOf('"');
  if (close === -1) return mayBeMarkedNext(doc).filter((id) => id.startsWith(rest)); // its id cut in the middle
  const id = rest.slice(0, close);
  // the state as written, when the cut left it: a mark says `sending`; another state is another change of the entry
  const state = /"state":"([a-z-]*)("?)/.exec(rest);
  if (state && state[2] === '"' && state[1] !== 'sending') return [];
  if (state && !'sending'.startsWith(state[1])) return [];
  const op = doc.ops.find((o) => o.id === id);
  return op && sendsAsItIs(op) ? [id] : [];
}

/**
 * Every entry that the sync engine could have marked `sending` next in `doc`, whatever the account, the endpoints
 * paused and the backoff steps were: a superset of ../outbox/send-steps.ts `nextOperation`'s pick. The engine takes
 * the first unfinished entry in order, skipping a log whose earlier entry is unfinished, entries in needs-attention,
 * entries in flight, entries held by their backoff step (`retryAt`) and endpoints paused. So an entry sent as it is
 * could be picked unless an earlier entry of its account and kind (its endpoint), free to go (no backoff step), came
 * first. Entries of a row without an account are in every account's turn (../outbox/ledger-queries.ts `ofAccount`).
 * Checked against `nextOperation` by test/unit/journal-torn-end.test.ts.
 */
export function mayBeMarkedNext(doc: Journal): string[] {
  const blocked = new Set<string>();
  const turnTaken = new Set<string>();
  const out: string[] = [];
  for (const op of doc.ops) {
    if (op.state === 'synced') continue;
    const waiting = blocked.has(op.localId);
    blocked.add(op.localId);
    if (waiting || op.state !== 'queued') continue;
    const account = doc.rows[op.localId]?.account;
    const turn = `${account ?? ''}\n${op.kind}`;
    if (account !== undefined && turnTaken.has(turn)) continue;
    if (sendsAsItIs(op)) out.push(op.id);
    // free to go: nothing later of its account and endpoint goes before it (one held by its backoff step may not go)
    if (account !== undefined && op.retryAt === undefined) turnTaken.add(turn);
  }
  return out;
}

/**
 * A change record cut short (a torn end), read as far as it goes: its JSON closed after the last whole member, e.g.
 * `{"t":"change","rows":{"L-1":{"workDate":"2026-11-16","hours":"01:00","jobName":"Job","descr` reads as the row
 * without its description. Undefined when not even that parses (or it is not a change record).
 */
export function cutRecord(text: string): { rows?: Record<string, unknown>; rowsGone?: unknown[]; ops?: unknown[] } | undefined {
  const closers: string[] = [];
  /** Where the text may be cut with every member before it whole, and what then closes it. */
  const ends: Array<{ at: number; close: string }> = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') {
        inString = false;
        // a text in a list is whole at its closing quote (`"rowsGone":["L-1"` names its log)
        if (closers.at(-1) === ']') ends.push({ at: i + 1, close: closers.slice().reverse().join('') });
      }
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{') closers.push('}');
    else if (c === '[') closers.push(']');
    else if (c === '}' || c === ']') {
      closers.pop();
      ends.push({ at: i + 1, close: closers.slice().reverse().join('') });
    } else if (c === ',') ends.push({ at: i, close: closers.slice().reverse().join('') });
  }
  for (let k = ends.length - 1; k >= Math.max(0, ends.length - 64); k--) {
    try {
      const v: unknown = JSON.parse(text.slice(0, ends[k].at) + ends[k].close);
      return isObj(v) && v.t === 'change' ? (v as { rows?: Record<string, unknown>; rowsGone?: unknown[]; ops?: unknown[] }) : undefined;
    } catch {
      /* an earlier end */
    }
  }
  return undefined;
}

/**
 * The changes a torn last record holds of logs the file still holds (`doc`'s rows): a row of the record that is whole
 * (its object closed before the cut: a row cut in the middle may lack a changed field, and a change offered in part
 * would say something the user never did) whose day, hours, billing or description differ from the file's. A record
 * that answers a send (the service's id, the confirmed values) or marks a delete changes none of them.
 */
export function tornEdits(bytes: Buffer, torn: BadLine, doc: Journal): DamageEdit[] {
  const line = bytes.subarray(torn.start, torn.end).toString('utf8');
  const body = line.length > 9 ? line.slice(9) : '';
  const cut = body.startsWith('{"t":"change","rows":{') ? cutRecord(body) : undefined;
  const out: DamageEdit[] = [];
  for (const [localId, row] of Object.entries(cut?.rows ?? {})) {
    const was = doc.rows[localId] as LedgerRow | undefined;
    if (!was || !isObj(row) || !body.includes(`${JSON.stringify(localId)}:${JSON.stringify(row)}`)) continue;
    const now = row as Partial<LedgerRow>;
    if (typeof now.workDate !== 'string' || typeof now.hours !== 'string' || typeof now.billingStatus !== 'string') continue;
    const same =
      now.workDate === was.workDate &&
      now.hours === was.hours &&
      now.billingStatus === was.billingStatus &&
      (now.description ?? '') === (was.description ?? '');
    if (same || now.pendingDelete) continue;
    out.push({
      localId,
      workDate: now.workDate,
      hours: now.hours,
      jobName: was.jobName,
      billingStatus: now.billingStatus === 'Non Billable' ? 'Non Billable' : 'Billable',
      ...(now.description ? { description: now.description } : {}),
      was: {
        workDate: was.workDate,
        hours: was.hours,
        billingStatus: was.billingStatus,
        ...(was.description ? { description: was.description } : {}),
      },
    });
  }
  return out;
}

/**
 * `doc` with the logs of `deletes` held for the user's answer to report `reportId` (`deleteOffered`): their entries
 * are not sent meanwhile (../outbox/send-steps.ts `nextOperation`), so a log the user deleted does not reach the
 * service while they are asked, and the delete of one the service has is not lost either way.
 */
export function heldForAnswer(doc: Journal, deletes: DamageDelete[], reportId: string): Journal {
  if (deletes.length === 0) return doc;
  const rows = { ...doc.rows };
  for (const d of deletes) if (rows[d.localId]) rows[d.localId] = Object.freeze({ ...rows[d.localId], deleteOffered: reportId });
  return { ...doc, rows };
}

/** A row the file holds whose taking away would be a delete of the user's (a log never sent, its add not sent yet). */
function deletable(doc: Journal, localId: string): boolean {
  const was = doc.rows[localId] as LedgerRow | undefined;
  if (!was || was.pendingDelete || was.timeLogId) return false;
  const own = doc.ops.filter((o) => o.localId === localId);
  return own.some((o) => o.kind === 'add' && o.state !== 'synced') && !own.some((o) => o.kind === 'delete');
}

/** The start of a record that takes rows away (./format.ts `changeRecord`: `t`, then `rowsGone` when no row is written). */
const ROWS_GONE = '{"t":"change","rowsGone":["';
/** Where a record's start first differs from a new log's or an edit's (`{"t":"change","rows":{`): its `G`. */
const TOLD_GONE = '{"t":"change","rowsG'.length;

/**
 * A torn record that takes rows away, cut before its first log's id is whole (`"rowsGone":["L-3f`): what is left of
 * that id ('' when cut before it). Undefined for any other record, or once the id is whole (`cutRecord` reads it then).
 */
function cutBeforeItsLog(body: string): string | undefined {
  if (body.length < TOLD_GONE) return undefined; // as well a new log's or an edit's start: nothing tells a delete
  if (body.length <= ROWS_GONE.length) return ROWS_GONE.startsWith(body) ? '' : undefined;
  if (!body.startsWith(ROWS_GONE)) return undefined;
  const rest = body.slice(ROWS_GONE.length);
  return rest.includes('"') ? undefined : rest;
}

/**
 * A delete whose record was cut before it named its log: the rows it may have been of, as far as the cut id tells
 * (`named`: one row of the file only, and one the user could delete: the delete is offered as `tornDeletes` offers
 * one), else `unnamed`: the user's logs it may have taken away (then the report says a delete was not saved and asks
 * to check the week; no log is offered or held). None when no log the user could delete fits: a row the service
 * confirmed deleted, or one pruned after 16 weeks, was taken away (no delete of the user's).
 */
export function tornDeleteUnnamed(bytes: Buffer, torn: BadLine, doc: Journal): { named?: string; unnamed: number } {
  const line = bytes.subarray(torn.start, torn.end).toString('utf8');
  const cut = cutBeforeItsLog(line.length > 9 ? line.slice(9) : '');
  if (cut === undefined) return { unnamed: 0 };
  const fits = Object.keys(doc.rows).filter((id) => id.startsWith(cut));
  const mine = fits.filter((id) => deletable(doc, id));
  if (mine.length === 1 && fits.length === 1) return { named: mine[0], unnamed: 0 };
  return { unnamed: mine.length };
}

/**
 * The deletes a torn last record holds of logs the file still holds (without them, the log would stay and be sent
 * although the user deleted it). A delete is one of two records (../outbox/operations.ts `recordDelete`):
 * - of a log the service has: its row marked `"pendingDelete":true` (then its delete entry). Told once that member is
 *   whole, for a row the file holds without it (a row the file holds being deleted already is no new delete);
 * - of a log never sent: its row taken away (`"rowsGone":["L-…"`, then its entries). Told once the log's id is whole,
 *   for a row the file holds with an add not sent yet and no delete entry: a row taken away otherwise is one the
 *   service confirmed deleted (it holds `pendingDelete`) or one pruned after 16 weeks (synced, no entry unfinished).
 * A discarded add (the user took the log back from the Outbox) is the second record too: offered the same way. Cut
 * before its log's id is whole, it is offered when what is left of the id fits one row of the file (`tornDeleteUnnamed`).
 */
export function tornDeletes(bytes: Buffer, torn: BadLine, doc: Journal): DamageDelete[] {
  const line = bytes.subarray(torn.start, torn.end).toString('utf8');
  const body = line.length > 9 ? line.slice(9) : '';
  const cut = body.startsWith('{"t":"change","rows') ? cutRecord(body) : undefined;
  const ids = new Set<string>();
  for (const [localId, row] of Object.entries(cut?.rows ?? {})) {
    const was = doc.rows[localId] as LedgerRow | undefined;
    if (was && !was.pendingDelete && isObj(row) && row.pendingDelete === true) ids.add(localId);
  }
  for (const localId of cut?.rowsGone ?? []) if (typeof localId === 'string' && deletable(doc, localId)) ids.add(localId);
  // cut before it named its log: offered when what is left of the id fits one log the user could delete
  const named = tornDeleteUnnamed(bytes, torn, doc).named;
  if (named) ids.add(named);
  return [...ids].map((localId) => {
    const row = doc.rows[localId];
    return {
      localId,
      workDate: row.workDate,
      hours: row.hours,
      jobName: row.jobName ?? '',
      billingStatus: row.billingStatus === 'Non Billable' ? 'Non Billable' : 'Billable',
      ...(row.description ? { description: row.description } : {}),
    };
  });
}
