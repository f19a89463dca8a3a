/** Several logs at once (copy a week, the same hours on several days, a duplicated day): each log's verdict. */
import type { RuleViolation } from './local-log';
import type { WeekRow } from './week';

/** One log of a batch (copy a week, the same hours on several days, a duplicated day), before the rules. */
export interface BatchLog {
  jobId?: string;
  jobName?: string;
  workDate: string;
  hours: string;
  /** Absent: the job's own billing status decides, as for one log. */
  billable?: boolean;
  workItem?: string;
  description?: string;
  /**
   * The log this one copies (its service time log id, else its local id): kept on the new log's ledger row, so the
   * same source is never copied twice onto the same day.
   */
  copiedFrom?: string;
}

/**
 * What the rules say of one log of a batch, as a code (the shells word it): `log` passes; `refused` breaks a rule
 * (`violations`, each a code with values); `already-copied`: this source was copied onto that day before;
 * `already-there`: the day holds a log with the same job, hours and description.
 */
export type BatchVerdict = 'log' | 'refused' | 'already-copied' | 'already-there';

export interface BatchItem {
  /** The log as it would be made, its job's name filled in from the job list. */
  log: BatchLog & { jobName: string };
  verdict: BatchVerdict;
  violations?: RuleViolation[];
  /** After the commit, for a log made: its local id and what became of it. */
  localId?: string;
  state?: 'synced' | 'queued' | 'needs-attention';
}

export interface BatchPreview {
  /** In the order given, each day's total counting the batch's earlier logs. */
  items: BatchItem[];
  /**
   * The service could not be asked: the verdicts were drawn from the weeks as last read here (`readAt`), and what the
   * service holds now may differ. Absent when the weeks were read fresh enough for a rule.
   */
  offline?: true;
  /** After a commit that made logs: the batch as this device remembers it for Undo (`undoChange`), all its logs at once. */
  undoId?: string;
}

export interface CopyWeekPreview extends BatchPreview {
  /** Mondays of the week copied from and the week copied into. */
  fromWeek: string;
  toWeek: string;
  rowsOnly: boolean;
  /** Rows only: the jobs the copy keeps as rows of the target week (those it holds no log of yet). */
  rows: WeekRow[];
  /** How many logs the source week holds. */
  sourceLogs: number;
}
