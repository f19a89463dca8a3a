/**
 * Copy a week: another week's logs into the week shown, same weekday, job, hours, billing, work item and
 * description, through the one batch path (./log-batch.ts: each log's verdict first, then only what passes, each
 * once); or its rows only: the jobs, kept with the target week on this device as empty rows to fill (the store
 * `weeks`, key `rows:<Monday>`, per account), shown by the Week tab and `punch week` until logged.
 *
 * The source is the week as the service holds it (one read, shared with every screen: ./week/weekview.ts), merged
 * with this device's logs; offline, the copy kept here. Each copied log names its source (its service id, else its
 * local id), so copying the same week again makes nothing twice.
 */
import type { Handlers } from '../shared/contract';
import type { BatchLog, BatchPreview, CopyWeekPreview, LocalTimeLog, WeekRow, WeekView } from '../shared/domain';
import { addDays, daysBetween, weekStartOf } from '../shared/time/week';
import { defineMessages } from '../shared/i18n/messages';
import { said } from '../shared/i18n/english';
import { sameAccount } from '../shared/account-key';
import { accountKeyOf, InvalidInputError, type Session } from './service';
import type { KeyValueStore } from './store';
import type { Weeks } from './week';
import type { LogBatch } from './log-batch';

const M = defineMessages({
  sameWeek: {
    id: 'copy-week.same-week',
    defaultMessage: 'Copy a week: the week of {week} cannot be copied into itself. Pick another week to copy from.',
    description: '{week}: the week as its first and last day.',
  },
});

/** The refusal of a copy of a week into itself, a code with values (docs/i18n.md "Core refusal or notice"). */
function sameWeekRefusal(monday: string): InvalidInputError {
  return new InvalidInputError(said(M.sameWeek.id, { week: { week: monday } }));
}

export interface CopyWeekInput {
  /** A day of the week copied from, and a day of the week copied into. */
  from: string;
  to: string;
  rowsOnly?: boolean;
}

export interface CopyWeek {
  preview(input: CopyWeekInput): Promise<CopyWeekPreview>;
  copy(input: CopyWeekInput, signal?: AbortSignal): Promise<CopyWeekPreview>;
  /** The week with the rows kept for it (none: as it was). */
  withRows(view: WeekView): WeekView;
}

interface KeptRows {
  account: string;
  rows: WeekRow[];
}

const sameJob = (a: { jobId?: string; jobName: string }, b: { jobId?: string; jobName: string }) =>
  a.jobId && b.jobId ? a.jobId === b.jobId : a.jobName.trim().toLowerCase() === b.jobName.trim().toLowerCase();

/** The source log's key: the service's id once it has one, else this device's (./log-batch.ts knows both). */
const sourceOf = (l: LocalTimeLog) => l.timeLogId ?? l.localId;

export function createCopyWeek(deps: { batch: LogBatch; weeks: Weeks; store: KeyValueStore; session: Session }): CopyWeek {
  const { batch, weeks, store, session } = deps;
  const key = (monday: string) => `rows:${monday}`;

  function keptRows(monday: string): WeekRow[] {
    const kept = store.get<KeptRows>(key(monday));
    if (!kept || !Array.isArray(kept.rows) || !sameAccount(kept.account, accountKeyOf(session))) return [];
    return kept.rows.filter((r) => r && typeof r.jobName === 'string');
  }

  async function source(input: CopyWeekInput) {
    const fromWeek = weekStartOf(input.from);
    const toWeek = weekStartOf(input.to);
    if (fromWeek === toWeek) throw sameWeekRefusal(fromWeek);
    const week = await weeks.getWeek(fromWeek, { look: 'look' });
    // by day, then as the week lists them: the preview reads day by day
    const logs = [...week.logs].sort((a, b) => a.workDate.localeCompare(b.workDate));
    return { fromWeek, toWeek, logs };
  }

  const asBatch = (logs: LocalTimeLog[], fromWeek: string, toWeek: string): BatchLog[] =>
    logs.map((l) => ({
      ...(l.jobId ? { jobId: l.jobId } : {}),
      jobName: l.jobName,
      workDate: addDays(toWeek, daysBetween(fromWeek, l.workDate)),
      hours: l.hours,
      billable: l.billingStatus === 'Billable',
      ...(l.workItem ? { workItem: l.workItem } : {}),
      ...(l.description ? { description: l.description } : {}),
      copiedFrom: sourceOf(l),
    }));

  /** Rows only: the source's jobs, each once, that the target week has no log and no kept row of yet. */
  async function rowsToKeep(logs: LocalTimeLog[], toWeek: string): Promise<WeekRow[]> {
    const target = await weeks.getWeek(toWeek, { look: 'look' });
    const there: WeekRow[] = [...target.logs, ...keptRows(toWeek)];
    const rows: WeekRow[] = [];
    for (const l of logs) {
      const row: WeekRow = { ...(l.jobId ? { jobId: l.jobId } : {}), jobName: l.jobName };
      if (![...there, ...rows].some((r) => sameJob(r, row))) rows.push(row);
    }
    return rows;
  }

  async function run(input: CopyWeekInput, commit: boolean, signal?: AbortSignal): Promise<CopyWeekPreview> {
    const { fromWeek, toWeek, logs } = await source(input);
    const head = { fromWeek, toWeek, rowsOnly: !!input.rowsOnly, sourceLogs: logs.length };
    if (input.rowsOnly) {
      const rows = await rowsToKeep(logs, toWeek);
      if (commit && rows.length > 0) store.set(key(toWeek), { account: accountKeyOf(session), rows: [...keptRows(toWeek), ...rows] });
      return { ...head, items: [], rows };
    }
    const logsToCopy = asBatch(logs, fromWeek, toWeek);
    const result: BatchPreview =
      logsToCopy.length === 0 ? { items: [] } : commit ? await batch.commit(logsToCopy, signal) : await batch.preview(logsToCopy);
    return { ...head, ...result, rows: [] };
  }

  return {
    preview: (input) => run(input, false),
    copy: (input, signal) => run(input, true, signal),
    withRows(view) {
      const rows = keptRows(view.weekStart).filter((r) => !view.logs.some((l) => sameJob(l, r)));
      return rows.length > 0 ? { ...view, rows } : view;
    },
  };
}

export type FillCalls = 'previewLogs' | 'logBatch' | 'previewCopyWeek' | 'copyWeek';

/** The bridge calls of several logs at once. */
export function fillHandlers(batch: LogBatch, copy: CopyWeek): Pick<Handlers, FillCalls> {
  return {
    previewLogs: async ({ logs }) => batch.preview(logs),
    logBatch: async ({ logs }, call) => batch.commit(logs, call?.signal),
    previewCopyWeek: async (input) => copy.preview(input),
    copyWeek: async (input, call) => copy.copy(input, call?.signal),
  };
}
