/**
 * The shape check of `weeks.json` (../store/store-schema.ts): the service's part of each week as last read (./weekview.ts),
 * kept so a week opens offline and another process on the data directory can use a read made a moment ago.
 */
import type { StoreSchema } from '../store';
import type { ServiceWeek } from './week-merge';
import { isFiniteNumber, isPlainObject, isString } from '../store';
import { defineMessages } from '../../shared/i18n/messages';
import { said } from '../../shared/i18n/english';

const M = defineMessages({
  what: { id: 'core.week.file.what', defaultMessage: 'the weeks kept for offline use', description: 'What a damaged file is.' },
  index: { id: 'core.week.file.index', defaultMessage: 'the list of kept weeks is not a list of dates' },
  week: {
    id: 'core.week.file.week',
    defaultMessage: 'the week of {week} (read from the service again)',
    description: "{week}: the week's first day as the file names it (YYYY-MM-DD).",
  },
  held: {
    id: 'core.week.file.held',
    defaultMessage: "{count, plural, one {# week} other {# weeks}} of the service's timesheets ({weeks})",
    description: "{weeks}: the weeks' first days, as dates (YYYY-MM-DD).",
  },
  nothing: { id: 'core.week.file.nothing', defaultMessage: 'nothing' },
  ifNothing: {
    id: 'core.week.file.if-nothing',
    defaultMessage: 'the weeks are read from the service again (offline, a week shows only what this device logged until then)',
  },
});

const APPROVAL = new Set(['draft', 'pending', 'approved', 'rejected']);

const isLog = (l: unknown) => isPlainObject(l) && isString(l.timeLogId) && isString(l.workDate) && isString(l.hours) && isString(l.jobName);

function isServiceWeek(v: unknown): v is ServiceWeek {
  if (!isPlainObject(v) || !isString(v.account) || !isFiniteNumber(v.fetchedAt) || !Array.isArray(v.logs)) return false;
  const t = v.timesheet;
  const sheetOk =
    t === undefined || (isPlainObject(t) && isString(t.recordId) && APPROVAL.has(t.status as string) && isString(t.timesheetName));
  const halvesOk =
    (v.sheetReadAt === undefined || isFiniteNumber(v.sheetReadAt)) &&
    (v.approvals === undefined || v.approvals === null || isString(v.approvals)) &&
    (v.detailLogs === undefined || (Array.isArray(v.detailLogs) && v.detailLogs.every(isLog)));
  return (
    v.logs.every(isLog) &&
    sheetOk &&
    halvesOk &&
    (v.known === undefined || isPlainObject(v.known)) &&
    (v.stale === undefined || typeof v.stale === 'boolean')
  );
}

/**
 * A kept week is the service's part of it as last read; one that does not read back whole is left out (a part of a
 * week would show wrong totals or miss a lock) and is read from the service again.
 */
export const WEEKS_SCHEMA: StoreSchema = {
  what: said(M.what.id),
  check(key, value) {
    if (key === 'index') {
      if (Array.isArray(value) && value.every(isString)) return { keep: value, problems: [] };
      return {
        keep: Array.isArray(value) ? value.filter(isString) : undefined,
        problems: [said(M.index.id)],
      };
    }
    if (!key.startsWith('week:')) return { keep: value, problems: [] };
    return isServiceWeek(value) ? { keep: value, problems: [] } : { keep: undefined, problems: [said(M.week.id, { week: key.slice(5) })] };
  },
  describe(doc) {
    const weeks = Object.keys(doc)
      .filter((k) => k.startsWith('week:'))
      .map((k) => k.slice(5))
      .sort();
    return weeks.length
      ? { text: said(M.held.id, { count: weeks.length, weeks: { list: weeks, kind: 'comma' } }), count: weeks.length }
      : { text: said(M.nothing.id), count: 0 };
  },
  ifNothing: said(M.ifNothing.id),
};
