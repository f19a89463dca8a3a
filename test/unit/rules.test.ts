import { describe, expect, it } from 'vitest';
import { checkLog, type LogToCheck, type RuleContext } from '../../src/core/rules';
import type { Job, TrackerSettings } from '../../src/shared/domain';

process.env.TZ = 'Europe/Berlin';

const settings: TrackerSettings = {
  logType: 'hours',
  maxMinutesPerDay: 600,
  allowFutureDates: false,
  pastDaysAllowed: 30,
  submissionDueWeekday: 5,
  enabled: true,
};
const jobs: Job[] = [
  {
    jobId: 'j1',
    jobName: 'Design review',
    projectName: 'Atlas',
    clientName: 'Acme',
    jobStatus: 'in-progress',
    jobBillableStatus: 'Billable',
  },
];
/** 08:30 already on Thursday 19 Nov, 45 minutes of which are the entry l-1; the week of 9 Nov is approved. */
const logged: Array<{ localId: string; date: string; minutes: number }> = [
  { localId: 'l-1', date: '2026-11-19', minutes: 45 },
  { localId: 'l-2', date: '2026-11-19', minutes: 465 },
];
const ctx = (over: Partial<RuleContext> = {}): RuleContext => ({
  settings,
  today: '2026-11-20',
  jobs,
  dayTotalMinutes: (date, excluding) => logged.filter((l) => l.date === date && l.localId !== excluding).reduce((s, l) => s + l.minutes, 0),
  isLocked: (date) => date >= '2026-11-09' && date <= '2026-11-15',
  ...over,
});
const valid: LogToCheck = { workDate: '2026-11-18', hours: '01:30', jobId: 'j1' };

describe('checkLog', () => {
  it('finds nothing wrong with a valid entry', () => {
    expect(checkLog(valid, ctx())).toEqual([]);
    expect(checkLog({ ...valid, jobId: undefined, jobName: 'Design review' }, ctx())).toEqual([]);
  });

  // [what, entry change, context change, expected field, expected rule, expected message part]
  const table: Array<[string, Partial<LogToCheck>, Partial<RuleContext>, string, string, RegExp]> = [
    ['hours not HH:MM', { hours: '1.5' }, {}, 'hours', 'format', /^Hours: use a duration like 1:30, 1h30 or 90m\.$/],
    ['minutes over 59', { hours: '01:75' }, {}, 'hours', 'format', /^Hours: use a duration like 1:30, 1h30 or 90m\.$/],
    ['zero hours', { hours: '00:00' }, {}, 'hours', 'positive', /^Hours: enter the time worked, more than 0:00 \(for example 0:15\)\.$/],
    [
      'a date in another format',
      { workDate: '18-11-2026' },
      {},
      'workDate',
      'format',
      /^Date: that day is not on the calendar\. Pick a real date\.$/,
    ],
    [
      'a date that does not exist',
      { workDate: '2026-11-31' },
      {},
      'workDate',
      'format',
      /^Date: that day is not on the calendar\. Pick a real date\.$/,
    ],
    [
      'a future date',
      { workDate: '2026-11-21' },
      {},
      'workDate',
      'future',
      /^Date: Sat 21 Nov is in the future \(today is Fri 20 Nov\), and your company does not allow logging ahead\. Pick today or an earlier day/,
    ],
    [
      'a date older than allowed',
      { workDate: '2026-10-20' },
      {},
      'workDate',
      'too-old',
      /^Date: Tue 20 Oct is more than 30 days ago; your company allows logging back to Wed 21 Oct only\. Pick a more recent day/,
    ],
    [
      'a job id not in the list',
      { jobId: 'nope' },
      {},
      'job',
      'unknown-job',
      /^Job: that job is not in your job list\. Refresh the job list, or pick a job from it\.$/,
    ],
    ['no job at all', { jobId: undefined }, {}, 'job', 'required', /^Job: pick a job from the list\.$/],
    [
      'a day over the company maximum',
      { workDate: '2026-11-19', hours: '03:00' },
      {},
      'hours',
      'max-per-day',
      /^Hours: Thu 19 Nov would have 11:30, over your company's maximum of 10:00 a day\. Log at most 01:30 more that day\.$/,
    ],
    ['a locked week', { workDate: '2026-11-12' }, {}, 'week', 'locked', /^Date: the week of 9 – 15 Nov 2026 is submitted or approved/],
  ];

  it.each(table)('reports %s', (_what, change, ctxChange, field, rule, message) => {
    const violations = checkLog({ ...valid, ...change }, ctx(ctxChange));
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatchObject({ field, rule });
    expect(violations[0].message).toMatch(message);
  });

  it('allows a future date when the company allows it', () => {
    expect(checkLog({ ...valid, workDate: '2026-12-01' }, ctx({ settings: { ...settings, allowFutureDates: true } }))).toEqual([]);
  });

  it('allows any past date when the company sets no limit, and the oldest allowed day itself', () => {
    expect(checkLog({ ...valid, workDate: '2020-01-06' }, ctx({ settings: { ...settings, pastDaysAllowed: null } }))).toEqual([]);
    expect(checkLog({ ...valid, workDate: '2026-10-21' }, ctx())).toEqual([]);
    expect(checkLog({ ...valid, workDate: '2026-11-20' }, ctx({ settings: { ...settings, pastDaysAllowed: 0 } }))).toEqual([]);
    expect(checkLog({ ...valid, workDate: '2026-11-19' }, ctx({ settings: { ...settings, pastDaysAllowed: 0 } }))[0].rule).toBe('too-old');
  });

  it('accepts a day filled exactly to the maximum', () => {
    expect(checkLog({ ...valid, workDate: '2026-11-19', hours: '01:30' }, ctx())).toEqual([]);
  });

  it('does not count an edited entry twice against the day', () => {
    // l-1 had 00:45; editing it to 02:15 gives 07:45 + 02:15 = 10:00.
    expect(checkLog({ ...valid, workDate: '2026-11-19', hours: '02:15', localId: 'l-1' }, ctx())).toEqual([]);
    expect(checkLog({ ...valid, workDate: '2026-11-19', hours: '02:16', localId: 'l-1' }, ctx())[0].rule).toBe('max-per-day');
  });

  it.each([
    [
      'room left: what this log can be at most',
      { workDate: '2026-11-19', hours: '03:00', localId: 'l-1' },
      {},
      "Hours: this log can be at most 02:15 on Thu 19 Nov (the company's maximum is 10:00 a day, and the day's other logs have 07:45).",
    ],
    [
      'the other logs fill the day: this log cannot be on it',
      { hours: '00:30', localId: 'l-1' },
      { dayTotalMinutes: () => 600 },
      "Hours: Wed 18 Nov already has 10:00 in other logs, your company's maximum of 10:00 a day, so this log cannot be on that day. Pick another day, or shorten another log.",
    ],
  ] as const)('says of an edit over the maximum %s', (_what, change, ctxChange, message) => {
    const violations = checkLog({ ...valid, ...change }, ctx(ctxChange));
    expect(violations.map((v) => [v.field, v.rule, v.message])).toEqual([['hours', 'max-per-day', message]]);
  });

  it('says nothing more fits on a day already at the maximum', () => {
    const full = ctx({ dayTotalMinutes: () => 600 });
    expect(checkLog({ ...valid, hours: '00:15' }, full)[0].message).toBe(
      "Hours: Wed 18 Nov would have 10:15, over your company's maximum of 10:00 a day. Nothing more can be logged that day: pick another day, or shorten another log.",
    );
  });

  it('accepts a job name without an id when the job is not in the cached list', () => {
    expect(checkLog({ ...valid, jobId: 'j-new', jobName: 'New project' }, ctx({ jobs: [] }))).toEqual([]);
  });

  it('accepts any job name while no job list was ever fetched (first start offline): the service checks it on send', () => {
    expect(checkLog({ ...valid, jobId: undefined, jobName: 'Ad hoc support' }, ctx({ jobs: [], jobsKnown: false }))).toEqual([]);
    expect(checkLog({ ...valid, jobId: undefined, jobName: 'Ad hoc support' }, ctx({ jobsKnown: false }))).toEqual([]);
  });

  it('does not check the job name of an edit (the job cannot change)', () => {
    expect(checkLog({ ...valid, jobId: undefined, jobName: 'Renamed since', jobFixed: true }, ctx())).toEqual([]);
  });

  it('reports every broken rule at once', () => {
    const violations = checkLog({ workDate: '2026-11-25', hours: '0:00' }, ctx());
    expect(violations.map((v) => v.rule).sort()).toEqual(['future', 'positive', 'required']);
  });
});

describe('a job named by name, with the job list known', () => {
  const list: Job[] = ['Website Redesign', 'Website Maintenance', 'Mobile App', 'Backend API', 'Design review', 'Client call'].map(
    (jobName, i) => ({
      jobId: `j${i}`,
      jobName,
      projectName: 'P',
      clientName: 'C',
      jobStatus: 'in-progress',
      jobBillableStatus: 'Billable',
    }),
  );
  const named = (jobName: string) => checkLog({ ...valid, jobId: undefined, jobName }, ctx({ jobs: list, jobsKnown: true }));

  // [typed, the message (exact)]
  const table: Array<[string, string]> = [
    [
      'website redesign',
      'Job: there is no job named "website redesign" in your job list (job names must match exactly, letter case too). Did you mean \'Website Redesign\'?',
    ],
    [
      'WEBSITE REDESIGN',
      'Job: there is no job named "WEBSITE REDESIGN" in your job list (job names must match exactly, letter case too). Did you mean \'Website Redesign\'?',
    ],
    ['Websight Redesign', 'Job: there is no job named "Websight Redesign" in your job list. Did you mean \'Website Redesign\'?'],
    ['Website', "Job: there is no job named \"Website\" in your job list. Did you mean 'Website Redesign' or 'Website Maintenance'?"],
    ['design', "Job: there is no job named \"design\" in your job list. Did you mean 'Design review' or 'Website Redesign'?"],
    [
      'Backend APi',
      'Job: there is no job named "Backend APi" in your job list (job names must match exactly, letter case too). Did you mean \'Backend API\'?',
    ],
    [
      'Payroll',
      'Job: there is no job named "Payroll" in your job list. Pick a job from your job list, or refresh the list if the job is new.',
    ],
  ];

  it.each(table)('refuses "%s" with the closest names', (typed, message) => {
    const violations = named(typed);
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatchObject({ field: 'job', rule: 'unknown-job', message });
  });

  it('accepts the exact name (surrounding spaces aside) and names at most three', () => {
    expect(named('Website Redesign')).toEqual([]);
    expect(named('  Mobile App ')).toEqual([]);
    const many = checkLog(
      { ...valid, jobId: undefined, jobName: 'Job' },
      ctx({
        jobs: ['Job A', 'Job B', 'Job C', 'Job D'].map((jobName, i) => ({ ...list[0], jobId: `k${i}`, jobName })),
        jobsKnown: true,
      }),
    );
    expect(many[0].message).toMatch(/Did you mean 'Job A', 'Job B' or 'Job C'\?$/);
  });

  it('refuses any name when the fetched job list is empty', () => {
    expect(checkLog({ ...valid, jobId: undefined, jobName: 'Anything' }, ctx({ jobs: [], jobsKnown: true }))[0]).toMatchObject({
      rule: 'unknown-job',
    });
  });
});
