/** @inner src/core/week/reminders.ts */
import { describe, expect, it } from 'vitest';
import { computeReminders as withCodes, type ReminderInput } from '../../src/core/week/reminders';

/** The reminders' English (their code and values are tested with the words in other languages: i18n-core-words). */
const computeReminders = (i: ReminderInput) => withCodes(i).map(({ said: _said, ...r }) => r);
import type { TrackerSettings } from '../../src/shared/domain';

process.env.TZ = 'Europe/Berlin';

const H = 60;
const settings: TrackerSettings = {
  logType: 'hours',
  maxMinutesPerDay: 600,
  allowFutureDates: false,
  pastDaysAllowed: null,
  submissionDueWeekday: 5,
  enabled: true,
};
/** 16 - 22 Nov 2026, due Friday 20 Nov. */
const at = (day: number, h = 10, mi = 0) => new Date(2026, 10, day, h, mi).getTime();
const input = (over: Partial<ReminderInput> = {}): ReminderInput => ({
  now: at(19),
  settings,
  thisWeek: { weekStart: '2026-11-16', totalMinutes: 26 * H },
  lastWeekTotalMinutes: 32 * H,
  needsAttention: 0,
  ...over,
});
const weekDue = (over: Partial<ReminderInput>) => computeReminders(input(over)).find((r) => r.kind === 'week-due')?.message;

describe('the week-due reminder', () => {
  it.each<[string, Partial<ReminderInput>, string | undefined]>([
    ['stays quiet on Monday', { now: at(16) }, undefined],
    ['stays quiet two days before the due day, even late at night', { now: at(18, 23, 59) }, undefined],
    [
      'starts the day before, comparing with last week',
      { now: at(19, 0, 1) },
      'This week has 06:00 less than last week and is due Friday.',
    ],
    ['says "today" on the due day', { now: at(20, 9) }, 'This week has 06:00 less than last week and is due today.'],
    [
      'says it was due once the day has passed',
      { now: at(21) },
      'This week has 06:00 less than last week and was due Friday; submit it now.',
    ],
    [
      'says how much more when the week has more',
      { thisWeek: { weekStart: '2026-11-16', totalMinutes: 34 * H + 30 } },
      'This week has 02:30 more than last week and is due Friday.',
    ],
    [
      'calls a small difference about the same',
      { thisWeek: { weekStart: '2026-11-16', totalMinutes: 32 * H - 20 } },
      'This week has about as many hours as last week (31:40) and is due Friday.',
    ],
    ['gives the total when last week had nothing', { lastWeekTotalMinutes: 0 }, 'This week has 26:00 logged and is due Friday.'],
    [
      'says when nothing is logged yet',
      { thisWeek: { weekStart: '2026-11-16', totalMinutes: 0 } },
      'This week has no hours logged yet and is due Friday.',
    ],
    [
      'stays quiet once the week is submitted',
      { thisWeek: { weekStart: '2026-11-16', totalMinutes: 26 * H, status: 'pending' } },
      undefined,
    ],
    [
      'stays quiet once the week is approved',
      { now: at(21), thisWeek: { weekStart: '2026-11-16', totalMinutes: 26 * H, status: 'approved' } },
      undefined,
    ],
    [
      'leaves a rejected week to the rejected reminder',
      { thisWeek: { weekStart: '2026-11-16', totalMinutes: 26 * H, status: 'rejected' } },
      undefined,
    ],
    [
      'still reminds about a draft timesheet',
      { thisWeek: { weekStart: '2026-11-16', totalMinutes: 26 * H, status: 'draft' } },
      'This week has 06:00 less than last week and is due Friday.',
    ],
    ['stays quiet when the time tracker is disabled', { settings: { ...settings, enabled: false } }, undefined],
    [
      'follows the company due day (Wednesday)',
      { now: at(17), settings: { ...settings, submissionDueWeekday: 3 } },
      'This week has 06:00 less than last week and is due Wednesday.',
    ],
    [
      'follows the company due day (Monday: due the day the week starts)',
      { now: at(16), settings: { ...settings, submissionDueWeekday: 1 } },
      'This week has 06:00 less than last week and is due today.',
    ],
  ])('%s', (_what, over, expected) => {
    expect(weekDue(over)).toBe(expected);
  });

  it('has an id per week, so a dismissed reminder stays dismissed', () => {
    const [reminder] = computeReminders(input());
    expect(reminder).toMatchObject({ id: 'week-due:2026-11-16', kind: 'week-due', weekStart: '2026-11-16' });
    expect(computeReminders(input({ now: at(19, 17) }))[0].id).toBe(reminder.id);
  });
});

describe('the overdue reminder for last week', () => {
  it('reminds about an unsubmitted last week with hours', () => {
    expect(computeReminders(input({ now: at(16), lastWeek: { weekStart: '2026-11-09' } }))).toEqual([
      {
        id: 'week-due:2026-11-09',
        kind: 'week-due',
        weekStart: '2026-11-09',
        message: 'Last week (9 – 15 Nov 2026, 32:00) was due Friday and is not submitted yet. Submit it now.',
      },
    ]);
  });

  it.each<[string, Partial<ReminderInput>]>([
    ['last week is submitted', { lastWeek: { weekStart: '2026-11-09', status: 'pending' } }],
    ['last week is approved', { lastWeek: { weekStart: '2026-11-09', status: 'approved' } }],
    ['last week has no hours', { lastWeek: { weekStart: '2026-11-09' }, lastWeekTotalMinutes: 0 }],
    ['last week is not known', {}],
  ])('stays quiet when %s', (_what, over) => {
    expect(computeReminders(input({ now: at(16), ...over }))).toEqual([]);
  });
});

describe('needs-attention and rejected reminders', () => {
  it('gives none of them when nothing needs the user', () => {
    expect(computeReminders(input({ now: at(16) }))).toEqual([]);
  });

  it.each([
    [1, '1 entry in the outbox needs attention: the service refused it. Open the outbox to retry, fix or discard.'],
    [3, '3 entries in the outbox need attention: the service refused them. Open the outbox to retry, fix or discard.'],
  ])('counts %i outbox entries that need attention', (n, message) => {
    expect(computeReminders(input({ now: at(16), needsAttention: n }))).toEqual([
      { id: `needs-attention:${n}`, kind: 'needs-attention', message },
    ]);
  });

  it("quotes the manager's comment on a rejected week", () => {
    const reminders = computeReminders(
      input({ now: at(16), rejected: { weekStart: '2026-11-09', comments: ' Tuesday is missing the client call. ' } }),
    );
    expect(reminders).toEqual([
      {
        id: 'rejected:2026-11-09',
        kind: 'rejected',
        weekStart: '2026-11-09',
        message:
          'Your timesheet for 9 – 15 Nov 2026 was rejected. Your manager wrote: "Tuesday is missing the client call." Fix it and submit it again.',
      },
    ]);
    expect(computeReminders(input({ now: at(16), rejected: { weekStart: '2026-11-09', comments: 'Add the call' } }))[0].message).toBe(
      'Your timesheet for 9 – 15 Nov 2026 was rejected. Your manager wrote: "Add the call". Fix it and submit it again.',
    );
    expect(computeReminders(input({ now: at(16), rejected: { weekStart: '2026-11-09' } }))[0].message).toBe(
      'Your timesheet for 9 – 15 Nov 2026 was rejected. Fix it and submit it again.',
    );
  });

  it('lists what needs acting on first, the deadline last', () => {
    const kinds = computeReminders(input({ needsAttention: 2, rejected: { weekStart: '2026-11-09' } })).map((r) => r.kind);
    expect(kinds).toEqual(['needs-attention', 'rejected', 'week-due']);
  });
});

describe("a week whose entries wait for the service's day", () => {
  it('never says "submit it now" while Submit waits for them: it says when the week can be submitted', () => {
    const late = weekDue({ now: at(21), thisWeek: { weekStart: '2026-11-16', totalMinutes: 26 * H, waiting: 2 } });
    expect(late).not.toMatch(/submit it now/i);
    expect(late).toBe(
      "This week (26:00) was due Friday. 2 entries wait for the service's day to begin (another time zone, still on an earlier day); Punchcard sends them by itself then, and the week can be submitted after that.",
    );
    const today = weekDue({ now: at(20), thisWeek: { weekStart: '2026-11-16', totalMinutes: 26 * H, waiting: 1 } });
    expect(today).toMatch(/^This week \(26:00\) is due today\. 1 entry waits for the service's day/);
    // nothing waiting: the advice stands
    expect(weekDue({ now: at(21) })).toMatch(/submit it now/);
  });

  it('says the same of last week when it is overdue', () => {
    const r = computeReminders(
      input({
        now: at(23),
        thisWeek: { weekStart: '2026-11-23', totalMinutes: 0 },
        lastWeek: { weekStart: '2026-11-16', waiting: 1 },
        lastWeekTotalMinutes: 30 * H,
      }),
    ).find((x) => x.weekStart === '2026-11-16')?.message;
    expect(r).toMatch(/^Last week \(.+, 30:00\) was due Friday\. 1 entry waits for the service's day/);
    expect(r).not.toMatch(/Submit it now/i);
  });
});
