/**
 * The Team tab's words, said from facts (./team-format.ts) in the user's language and region: whose a timesheet is,
 * its period and state, the flags of an unusual week (src/shared/team/week-flags.ts), and the line after a decision.
 */
import type { DecisionOutcome, Timesheet, TimesheetDetail } from '../../shared/domain';
import { defineMessages, type Wording } from '../../shared/i18n/messages';
import type { WeekFlag } from '../../shared/team/week-flags';
import { toHhmm } from '../../shared/time/hours';
import { isValidDate } from '../../shared/time/week';
import { isPartly, nameOf, type SheetState, type TeamOutcome } from './team-format';

const M = defineMessages({
  state: {
    id: 'team.state',
    defaultMessage:
      '{state, select, draft {Draft} pending {Pending approval} approved {Approved} rejected {Rejected} partial {Partly approved} other {{state}}}',
    description: "A timesheet's state, on its badge. partial: some of its logs approved, the others rejected or waiting.",
  },
  notNamed: {
    id: 'team.not-named',
    defaultMessage: 'Employee not named by the service',
    description: 'Instead of a name, where the service said neither whose a timesheet is nor anything else that names them.',
  },
  approved: {
    id: 'team.decided.approved',
    defaultMessage: "{named, select, yes {Approved {who}'s timesheet for {period}.} other {Approved the timesheet for {period}.}}",
    description: "After a manager's decision, as the service now holds it. {who}: the employee's name; {period}: e.g. 9 – 15 Nov.",
  },
  rejected: {
    id: 'team.decided.rejected',
    defaultMessage: "{named, select, yes {Rejected {who}'s timesheet for {period}.} other {Rejected the timesheet for {period}.}}",
  },
  nextLevel: {
    id: 'team.decided.next-level',
    defaultMessage:
      "{named, select, yes {Approved at your level: {who}'s timesheet for {period} now waits for the next approver.} other {Approved at your level: the timesheet for {period} now waits for the next approver.}}",
    description: 'Approved by this manager; the timesheet needs another approval level before it is approved.',
  },
  decided: {
    id: 'team.decided.other',
    defaultMessage: "{named, select, yes {Decided {who}'s timesheet for {period}.} other {Decided the timesheet for {period}.}}",
    description: 'After a decision whose outcome is none of approved, rejected or waiting for the next approver.',
  },
  partly: {
    id: 'team.decided.partly',
    defaultMessage:
      "{named, select, yes {Partly approved {who}'s timesheet for {period}: {approved, plural, other {# approved}}{rejected, plural, =0 {} other {, # rejected}}{waiting, plural, =0 {} other {, # waiting}}.} other {Partly approved the timesheet for {period}: {approved, plural, other {# approved}}{rejected, plural, =0 {} other {, # rejected}}{waiting, plural, =0 {} other {, # waiting}}.}}",
    description: 'After a decision on some of the logs: how many of its time logs are now approved, rejected and still waiting.',
  },
  deleted: {
    id: 'team.deleted',
    defaultMessage:
      '{named, select, yes {Deleted the {period} timesheet of {who}. Its time logs stay, in no timesheet.} other {Deleted the {period} timesheet. Its time logs stay, in no timesheet.}}',
    description: 'After a manager deleted a timesheet: the service keeps its time logs, attached to no timesheet.',
  },
  batchDone: {
    id: 'team.batch.done',
    defaultMessage:
      '{decision, select, approved {Approved {count, plural, one {# timesheet} other {# timesheets}}: {names}.} other {Rejected {count, plural, one {# timesheet} other {# timesheets}}: {names}.}}',
    description:
      'After "Approve N" / "Reject N" decided every one. {names}: whose, as a list ("Chloe Martin, Liam Chen and Noah Kim (2)").',
  },
  batchSome: {
    id: 'team.batch.some',
    defaultMessage:
      '{decision, select, approved {Approved {done, number} of {count, plural, one {# timesheet} other {# timesheets}} ({names}); {failed, plural, one {# was not (why is shown with it).} other {# were not (why is shown with each).}}} other {Rejected {done, number} of {count, plural, one {# timesheet} other {# timesheets}} ({names}); {failed, plural, one {# was not (why is shown with it).} other {# were not (why is shown with each).}}}}',
    description:
      'After "Approve N" / "Reject N" decided some of them: {done} of {count}, whose, and how many were not (the reason is shown under each).',
  },
  batchNone: {
    id: 'team.batch.none',
    defaultMessage:
      '{count, plural, one {The timesheet was not decided (why is shown with it).} other {None of the # timesheets was decided (why is shown with each).}}',
  },
  batchWaiting: {
    id: 'team.batch.waiting',
    defaultMessage: '{count, plural, one {{names} waits for the next approver.} other {{names} wait for the next approver.}}',
    description: 'After "Approve N": whose timesheets were approved at this level and go on to another approver.',
  },
  nameTimes: {
    id: 'team.batch.name-times',
    defaultMessage: '{name} ({count, number})',
    description: 'A name in the list after "Approve N", with how many of their timesheets (two weeks of one person).',
  },
  sheet: {
    id: 'team.sheet',
    defaultMessage: "{named, select, yes {{who}'s timesheet for {period}} other {The timesheet for {period}}}",
    description: 'Names a timesheet, as a label before why it was not decided.',
  },
  sheetById: {
    id: 'team.sheet.by-id',
    defaultMessage: 'Timesheet {id}',
    description: "A timesheet no longer on the list, by the service's number.",
  },
  flag: {
    id: 'team.flag',
    defaultMessage: '{kind, select, over {{total}, more than {limit}} under {{total}, less than {limit}} other {no hours on {days}}}',
    description:
      'What makes a week worth a look, on a row of the list (lower case, joined by ";"). {total}: the week\'s hours (HH:MM); {limit}: the threshold, also HH:MM ("42:00"); {days}: working days without hours.',
  },
  flagSentence: {
    id: 'team.flag.sentence',
    defaultMessage: '{kind, select, over {{total}, more than {limit}} under {{total}, less than {limit}} other {No hours on {days}}}',
    description: 'The same, as an item of the list "Worth a look before deciding" (starts like a sentence).',
  },
  commentNeeded: {
    id: 'team.comment-needed',
    defaultMessage:
      '{named, select, yes {Say what to fix, so {name} knows what to change} other {Say what to fix, so the employee knows what to change}}',
    description: "At the comment field, when a rejection has no comment. {name}: the employee's first name.",
  },
  commentNeededMany: { id: 'team.comment-needed.many', defaultMessage: 'Say what to fix, so each of them knows what to change' },
});

/** The badge of a timesheet's state. */
export const stateWords = (w: Wording, state: SheetState): string => w.say(M.state, { state });

/** Whose a timesheet is, said: its name, or that the service did not say (never "Someone"). */
export const whoOf = (w: Wording, t: Timesheet): string => nameOf(t) ?? w.say(M.notNamed);

/** "16 – 22 Nov" in the region's words, with the year when it is not this year's (`thisYear` undefined: never). */
export function periodWords(w: Wording, from: string, to: string, thisYear?: number): string {
  // days the service wrote in a form that cannot be read: as they came, not formatted (which would throw)
  if (!isValidDate(from) || !isValidDate(to)) return from === to ? from : `${from} \u2013 ${to}`;
  const year = from.slice(0, 4) !== to.slice(0, 4) || (thisYear !== undefined && Number(to.slice(0, 4)) !== thisYear);
  return w.formats.period(from, to, { year });
}

const named = (who: string | undefined) => ({ named: who ? 'yes' : 'no', who: who ?? '' });

/** "Liam Chen's timesheet for 9 – 15 Nov": a timesheet named, before why it was not decided. */
export const sheetWords = (w: Wording, t: Timesheet | undefined, id: string, thisYear?: number): string =>
  t ? w.say(M.sheet, { ...named(nameOf(t)), period: periodWords(w, t.fromDate, t.toDate, thisYear) }) : w.say(M.sheetById, { id });

/** The line after a decision, from what the service now holds (not from what was asked). */
export function decidedLine(w: Wording, t: TimesheetDetail, thisYear?: number): string {
  const values = { ...named(nameOf(t)), period: periodWords(w, t.fromDate, t.toDate, thisYear) };
  if (!isPartly(t))
    return w.say(
      t.status === 'approved' ? M.approved : t.status === 'rejected' ? M.rejected : t.status === 'pending' ? M.nextLevel : M.decided,
      values,
    );
  const approved = t.timeLogs.filter((l) => l.approvalStatus === 'approved').length;
  const rejected = t.timeLogs.filter((l) => l.approvalStatus === 'rejected').length;
  return w.say(M.partly, { ...values, approved, rejected, waiting: t.timeLogs.length - approved - rejected });
}

type Decided = Extract<DecisionOutcome, { ok: true }>;

/**
 * "Approved 3 timesheets: Chloe Martin, James Wilson and Liam Chen." / "Approved 2 of 3 timesheets (Ava Johnson and
 * Noah Kim); 1 was not (why is shown with it)." Whose, from the service's answer for each (the same person twice,
 * for two weeks, is named once with the weeks' count), by name as the list is read.
 */
export function batchLine(w: Wording, outcomes: DecisionOutcome[], decision: 'approved' | 'rejected'): string {
  const done = outcomes.filter((o): o is Decided => o.ok);
  const failed = outcomes.length - done.length;
  const counts = new Map<string, number>();
  for (const o of done) {
    const who = whoOf(w, o.timesheet);
    counts.set(who, (counts.get(who) ?? 0) + 1);
  }
  const names = w.formats.list(
    [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([who, k]) => (k > 1 ? w.say(M.nameTimes, { name: who, count: k }) : who)),
  );
  const head =
    done.length === 0
      ? w.say(M.batchNone, { count: outcomes.length })
      : failed === 0
        ? w.say(M.batchDone, { decision, count: done.length, names })
        : w.say(M.batchSome, { decision, done: done.length, count: outcomes.length, names, failed });
  const waiting = decision === 'approved' ? done.filter((o) => o.timesheet.status === 'pending') : [];
  if (!waiting.length) return head;
  const whoWaits = w.formats.list(waiting.map((o) => whoOf(w, o.timesheet)).sort((a, b) => a.localeCompare(b)));
  return `${head} ${w.say(M.batchWaiting, { count: waiting.length, names: whoWaits })}`;
}

/** What the last decision did, in words (the store keeps the facts: ./team-format.ts TeamOutcome). */
export function outcomeWords(w: Wording, o: TeamOutcome, thisYear?: number): string {
  if (o.kind === 'decided') return decidedLine(w, o.sheet, thisYear);
  if (o.kind === 'batch') return batchLine(w, o.outcomes, o.decision);
  return w.say(M.deleted, { ...named(nameOf(o.sheet)), period: periodWords(w, o.sheet.fromDate, o.sheet.toDate, thisYear) });
}

/** A flag of an unusual week: on a list row (`row`, lower case) or as an item of the review's list. */
export function flagWords(w: Wording, f: WeekFlag, where: 'row' | 'review', thisYear?: number): string {
  const days = (f.days ?? []).map((d) => w.formats.day(d, { year: thisYear !== undefined && Number(d.slice(0, 4)) !== thisYear }));
  return w.say(where === 'row' ? M.flag : M.flagSentence, {
    kind: f.kind === 'empty-days' ? 'empty' : f.kind,
    total: f.total ?? '',
    // the same format as the total beside it ("45:30, more than 42:00"), as every hour total of Punchcard
    limit: toHhmm(Math.round(f.limitMinutes ?? 0)),
    days: w.formats.list(days),
  });
}

/** "Say what to fix, so Liam knows what to change": at the comment field, naming the employee by first name. */
export function commentNeeded(w: Wording, employeeName: string | undefined): string {
  const first = employeeName?.trim().split(/\s+/)[0];
  return w.say(M.commentNeeded, { named: first ? 'yes' : 'no', name: first ?? '' });
}

/** The same for several timesheets of different people ("Reject N"). */
export const commentNeededMany = (w: Wording): string => w.say(M.commentNeededMany);
