/**
 * Manager commands (spec 4.1, 4.3): list the team's timesheets, read one, approve or reject it (whole, per time log,
 * or at all levels), delete one; and what you may do (`roles`). The payroll report is in ./payroll.ts.
 */
import { defineMessage, defineMessages, type Wording } from '../../../shared/i18n/messages';
import { commentMissing, MAX_BATCH } from '../../../shared/team/approval';
import type { DecisionOutcome, Roles } from '../../../shared/domain';
import { nameBeyondPeriod } from '../../../shared/time/period';
import { example, type Command, EXIT, textOption, flagOption } from '../../command';
import { usageHint } from '../../args';
import { UsageError } from '../../failure';
import { parseChoice, parseDay, parseLogDecisions, str } from '../../input';
import { formatPairs, wrapSentences } from '../../table';
import { DAY_FORMS, momentWords, periodWords, words, yesNo } from '../../words';
import { describeTimesheet, describeTimesheets, sheetState, whose } from './timesheet-words';
import { decisionReason, estimateText } from '../../../shared/said-words';

const STATUSES = ['all', 'draft', 'pending', 'approved', 'rejected'] as const;

const M = defineMessages({
  user: {
    id: 'cli.timesheets.option.user',
    defaultMessage: 'whose timesheets: an email, employee id or record id, or {all} (default: all you may see)',
    description: '{all} is typed.',
  },
  status: {
    id: 'cli.timesheets.option.status',
    defaultMessage: '{all}, {draft}, {pending} (default), {approved} or {rejected}',
    description: 'The values are typed.',
  },
  from: {
    id: 'cli.timesheets.option.from',
    defaultMessage: 'first day ({forms})',
    description: '{forms}: how a day is typed, as typed.',
  },
  to: { id: 'cli.timesheets.option.to', defaultMessage: 'last day' },
  filter: {
    id: 'cli.timesheets.details.filter',
    defaultMessage: 'Here {user} is the filter; say who you are with {env} or {user} before the command word.',
    description: 'Options and variables as typed.',
  },
  notOwn: {
    id: 'cli.timesheets.details.not-own',
    defaultMessage: 'Your own timesheets are not on the team list: nobody approves their own.',
  },
  outcome: {
    id: 'cli.approve.outcome',
    defaultMessage: '{which}: now {state}',
    description: 'One line per timesheet decided: {which} is whose and when ("Liam Chen, 16 – 22 Nov"), {state} its state now.',
  },
  whoseWhen: { id: 'cli.approve.whose-when', defaultMessage: '{whose}, {period}' },
  sheetId: { id: 'cli.approve.sheet-id', defaultMessage: 'Timesheet {id}' },
  notDecided: {
    id: 'cli.approve.not-decided',
    defaultMessage: '{id}: not decided. {reason}',
    description: "{reason}: why, a sentence (the service's or the app's words).",
  },
  decidedCount: {
    id: 'cli.approve.decided-count',
    defaultMessage: '{done, plural, one {# timesheet} other {# timesheets}} of {total, number} decided.',
  },
  reject: { id: 'cli.approve.option.reject', defaultMessage: 'reject instead of approve (needs {comments}: say what to fix)' },
  comments: {
    id: 'cli.approve.option.comments',
    defaultMessage: 'a comment for the employee (shown with a rejected week; needed to reject)',
  },
  allLevels: { id: 'cli.approve.option.all-levels', defaultMessage: 'approve at every approval level at once' },
  log: { id: 'cli.approve.option.log', defaultMessage: 'decide single time logs of one timesheet (repeat for each)' },
  several: {
    id: 'cli.approve.details.several',
    defaultMessage:
      'Several ids decide each in turn (at most {max, number}); the ones that could not be decided are listed with why, and the exit code is 2.',
  },
  ownCannot: { id: 'cli.approve.details.own', defaultMessage: 'Your own timesheets cannot be decided: your manager decides them.' },
  missingId: {
    id: 'cli.approve.missing-id',
    defaultMessage: 'missing {id}: which timesheet to decide.',
    description: '{id}: "<id>" as typed.',
  },
  logOneId: { id: 'cli.approve.log-one-id', defaultMessage: '{option} decides the time logs of one timesheet: give one id with it.' },
  atMost: { id: 'cli.approve.at-most', defaultMessage: 'at most {max, number} timesheets at once (got {count, number}).' },
  commentNeeded: {
    id: 'cli.approve.comment-needed',
    defaultMessage: 'Say what to fix in a comment, so the employee knows what to change. Add {option}.',
    description: '{option}: the option as typed (--comments "...").',
  },
  deciding: {
    id: 'cli.approve.deciding',
    defaultMessage: '{count, plural, one {Deciding # timesheet.} other {Deciding # timesheets.}} {estimate}',
    description: '{estimate}: how long it takes, a sentence.',
  },
  decided: {
    id: 'cli.approve.decided',
    defaultMessage:
      '{what, select, logs {{count, plural, one {# time log decided} other {# time logs decided}}} approved {approval recorded} other {rejection recorded}}; {which} is now {state}.',
    description: 'After a decision: what was recorded, then whose timesheet ({which}) and its state now.',
  },
  whoseSheet: {
    id: 'cli.approve.whose-sheet',
    defaultMessage: "{name}'s timesheet for {period} ({id})",
    description: "Whose timesheet was decided: {name} is a person's name, {period} its days, {id} its id.",
  },
  sheetPeriod: {
    id: 'cli.approve.sheet-period',
    defaultMessage: 'timesheet {id} ({period})',
    description: 'A timesheet nobody is named for.',
  },
  rolesRefresh: { id: 'cli.roles.option.refresh', defaultMessage: 'ask the service again now (the answer is kept 12 hours)' },
  approves: { id: 'cli.roles.approves', defaultMessage: 'Approve timesheets' },
  approvesValue: {
    id: 'cli.roles.approves.value',
    defaultMessage: '{yes} (the Team tab)',
    description: '{yes}: yes or no. Team: the tab of the app (glossary).',
  },
  hr: { id: 'cli.roles.hr', defaultMessage: 'Payroll and records', description: 'Glossary: payroll, employee record.' },
  hrValue: {
    id: 'cli.roles.hr.value',
    defaultMessage: '{yes} (the HR tab)',
    description: '{yes}: yes or no. HR: the tab of the app (glossary).',
  },
  checked: { id: 'cli.roles.checked', defaultMessage: 'Checked', description: 'When the roles were asked of the service.' },
  unknown: {
    id: 'cli.roles.unknown',
    defaultMessage: 'Not known yet: the service could not be asked. Try again when online ({command}).',
    description: '{command}: as typed.',
  },
  deleted: { id: 'cli.delete-timesheet.deleted', defaultMessage: 'Deleted timesheet {id}.' },
});

const EXAMPLE_REJECT = 'punch approve 412345678901234567 --reject --comments "Please split Friday by project"';

export const timesheetsCommand: Command = {
  name: 'timesheets',
  summary: defineMessage({
    id: 'cli.timesheets.summary',
    defaultMessage: "list timesheets (by default: your team's pending ones of the last 8 weeks)",
  }),
  usage: 'timesheets [--user USER|all] [--status all|draft|pending|approved|rejected] [--from DATE] [--to DATE]',
  options: {
    user: textOption('USER', words(M.user, { all: 'all' })),
    status: textOption(
      'STATUS',
      words(M.status, { all: 'all', draft: 'draft', pending: 'pending', approved: 'approved', rejected: 'rejected' }),
    ),
    from: textOption('DATE', words(M.from, { forms: DAY_FORMS })),
    to: textOption('DATE', M.to),
  },
  details: [words(M.filter, { user: '--user', env: 'PUNCH_USER' }), M.notOwn],
  async run(ctx) {
    const v = ctx.values;
    const input = {
      ...(str(v, 'status') ? { status: parseChoice('status', str(v, 'status')!, STATUSES) } : {}),
      ...(str(v, 'user') ? { user: str(v, 'user')! } : {}),
      ...(str(v, 'from') ? { from: parseDay('from', str(v, 'from')!) } : {}),
      ...(str(v, 'to') ? { to: parseDay('to', str(v, 'to')!) } : {}),
    };
    const sheets = await (await ctx.core()).call('listTeamTimesheets', input);
    return { json: sheets, text: describeTimesheets(sheets, ctx.words, ctx.width) };
  },
};

export const timesheetCommand: Command = {
  name: 'timesheet',
  summary: defineMessage({ id: 'cli.timesheet.summary', defaultMessage: 'show one timesheet with its time logs' }),
  usage: 'timesheet <id>',
  options: {},
  positionals: ['id'],
  async run(ctx) {
    const detail = await (await ctx.core()).call('getTimesheet', { id: ctx.positionals[0] });
    return { json: detail, text: describeTimesheet(detail, ctx.words, ctx.width) };
  },
};

/** "Liam Chen, 16 – 22 Nov: now approved" / "412...: not decided. <why>", one line per timesheet of `approve <id> <id> ...`. */
function describeOutcomes(outcomes: DecisionOutcome[], w: Wording): string {
  const lines = outcomes.map((o) =>
    o.ok
      ? w.say(M.outcome, {
          which: o.timesheet.fromDate
            ? w.say(M.whoseWhen, { whose: whose(o.timesheet, w), period: periodWords(w, o.timesheet.fromDate, o.timesheet.toDate) })
            : w.say(M.sheetId, { id: o.id }),
          state: sheetState(o.timesheet, w),
        })
      : w.say(M.notDecided, { id: o.id, reason: decisionReason(w, o) }),
  );
  const done = outcomes.filter((o) => o.ok).length;
  return `${w.say(M.decidedCount, { done, total: outcomes.length })}\n${lines.join('\n')}`;
}

export const approveCommand: Command = {
  name: 'approve',
  summary: defineMessage({
    id: 'cli.approve.summary',
    defaultMessage: 'approve or reject timesheets: one whole or per time log, or several at once',
  }),
  usage: 'approve <id>... [--reject] [--comments TEXT] [--all-levels] [--log TIMELOG_ID=approved|rejected ...]',
  options: {
    reject: flagOption(words(M.reject, { comments: '--comments' })),
    comments: textOption('TEXT', M.comments),
    'all-levels': flagOption(M.allLevels),
    log: textOption('ID=DECISION', M.log, 'multiple'),
  },
  positionals: ['id...'],
  details: [example(EXAMPLE_REJECT), words(M.several, { max: MAX_BATCH }), M.ownCannot],
  async run(ctx) {
    const v = ctx.values;
    const w = ctx.words;
    const ids = ctx.positionals;
    if (ids.length === 0) throw new UsageError(words(M.missingId, { id: '<id>' }), usageHint(approveCommand.usage));
    const logs = parseLogDecisions(v.log as string[] | undefined);
    if (logs && ids.length > 1) throw new UsageError(words(M.logOneId, { option: '--log' }));
    if (ids.length > MAX_BATCH) throw new UsageError(words(M.atMost, { max: MAX_BATCH, count: ids.length }));
    const decision = v.reject ? ('rejected' as const) : ('approved' as const);
    const comments = str(v, 'comments');
    // The core refuses it too (the contract's schema: src/shared/team/approval.ts COMMENT_NEEDED); said here with the option to use.
    if (commentMissing({ decision, ...(logs ? { logs } : {}), ...(comments !== undefined ? { comments } : {}) })) {
      throw new UsageError(
        words(M.commentNeeded, { option: '--comments "..."' }),
        example('punch approve <id> --reject --comments "Please split Friday by project"'),
      );
    }
    const core = await ctx.core();
    const common = { decision, ...(comments !== undefined ? { comments } : {}), ...(v['all-levels'] ? { allLevels: true } : {}) };
    if (ids.length > 1) {
      // said before it starts: the service takes about 20 decisions a minute, so 25 take more than one
      const estimate = estimateText(w, await core.call('estimateDecisions', { count: ids.length }));
      ctx.note(w.say(M.deciding, { count: ids.length, estimate }));
      const outcomes = await core.call('decideTimesheets', { ids, ...common });
      const failed = outcomes.filter((o) => !o.ok).length;
      return { json: outcomes, text: describeOutcomes(outcomes, w), ...(failed ? { exitCode: EXIT.serviceFailed } : {}) };
    }
    const detail = await core.call('decideTimesheet', { id: ids[0], ...common, ...(logs ? { logs } : {}) });
    // whose, by name, and its id for the next command
    const name = detail.employeeName ?? detail.employeeEmail ?? nameBeyondPeriod(detail.timesheetName);
    const period = periodWords(w, detail.fromDate, detail.toDate);
    const which = name ? w.say(M.whoseSheet, { name, period, id: detail.recordId }) : w.say(M.sheetPeriod, { id: detail.recordId, period });
    const text = w.say(M.decided, {
      what: logs ? 'logs' : decision,
      count: Object.keys(logs ?? {}).length,
      which,
      state: sheetState(detail, w),
    });
    return { json: detail, text: `${wrapSentences(text, ctx.width)}\n\n${describeTimesheet(detail, w, ctx.width)}` };
  },
};

export const rolesCommand: Command = {
  name: 'roles',
  summary: defineMessage({
    id: 'cli.roles.summary',
    defaultMessage: 'what you may do: approve timesheets of others (Team), run payroll and keep employee records (HR)',
  }),
  usage: 'roles [--refresh]',
  options: { refresh: flagOption(M.rolesRefresh) },
  async run(ctx) {
    const w = ctx.words;
    const roles: Roles = await (await ctx.core()).call('getRoles', { ...(ctx.values.refresh ? { refresh: true } : {}) });
    const text = roles.known
      ? formatPairs([
          [w.say(M.approves), w.say(M.approvesValue, { yes: yesNo(roles.approver, w) })],
          [w.say(M.hr), w.say(M.hrValue, { yes: yesNo(roles.hr, w) })],
          [w.say(M.checked), roles.checkedAt ? momentWords(w, roles.checkedAt) : ''],
        ])
      : w.say(M.unknown, { command: 'punch roles --refresh' });
    return { json: roles, text };
  },
};

export const deleteTimesheetCommand: Command = {
  name: 'delete-timesheet',
  summary: defineMessage({ id: 'cli.delete-timesheet.summary', defaultMessage: 'delete a timesheet (its time logs stay, unattached)' }),
  usage: 'delete-timesheet <id>',
  options: {},
  positionals: ['id'],
  async run(ctx) {
    const id = ctx.positionals[0];
    await (await ctx.core()).call('deleteTimesheet', { id });
    return { json: { deleted: true, id }, text: ctx.words.say(M.deleted, { id }) };
  },
};
