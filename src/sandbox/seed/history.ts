/**
 * Six past weeks of time logs and timesheets (relative to `today`) in every approval state, plus this week's logs
 * up to yesterday. Nothing is seeded on `today` itself, so tests that log today start from zero hours (the 10-hour
 * daily maximum applies to them in full).
 *
 * This week's logs of the demo user sit in a draft timesheet for the week; everyone else's are in no timesheet. The
 * spec has no "list my time logs" (spec 4.2 reads one log by id), so a client sees logs made elsewhere only through
 * a timesheet: left loose, the demo week would look empty while a submit gathered some 40 hours the user never saw.
 */
import { DEMO_USER } from '../auth';
import { addDays, formatDay, isWeekend, mondayOf } from '../calendar';
import { emailOf, type Company } from './company';
import type { ApprovalState, JobRow, TimesheetRow, TimeLogRow } from '../types';

/** Small deterministic PRNG (mulberry32): the same seed gives the same company. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface WeekPlan {
  status: ApprovalState | 'none';
  comments?: string;
  approvedLevels?: number;
  mixed?: boolean;
}

export const MAYA_REJECTION = 'Please split the Friday hours by project';

/** Who logs, and how each of their last six weeks ended (index 0 = last week). Weeks not listed are approved. */
const PLANS: Record<string, WeekPlan[]> = {
  'maya.patel': [{ status: 'rejected', comments: MAYA_REJECTION }, { status: 'pending' }, { status: 'draft' }],
  'liam.chen': [{ status: 'pending' }],
  'sofia.garcia': [{ status: 'pending' }, { status: 'rejected', comments: 'Wednesday is missing two hours; please complete it.' }],
  'noah.kim': [{ status: 'pending', approvedLevels: 1 }, { status: 'pending' }],
  'ava.johnson': [{ status: 'draft' }, { status: 'pending' }],
  'ethan.brown': [{ status: 'none' }, { status: 'pending', mixed: true }],
  'daniel.okafor': [{ status: 'draft' }],
  'chloe.martin': [{ status: 'pending' }],
  'lucas.rossi': [{ status: 'pending' }],
  'james.wilson': [{ status: 'pending' }],
  'priya.shah': [{ status: 'pending' }],
};

const DAY_TOTALS = [450, 480, 480, 480, 480, 510, 540, 570]; // 7:30 .. 9:30; above 8 h shows up as overtime
const TASKS = ['Implementation', 'Code review', 'Planning', 'Bug fixing', 'Documentation', 'Client call'];

export function seedHistory(company: Company, today: string, seed: number): void {
  const { state, ids } = company;
  const rand = random(seed);
  const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)];
  const seededJobs = state.jobs.filter((j) => !j.jobName.startsWith('Bulk Job'));
  const holidays = new Set(state.holidays.map((h) => h.date));
  const thisMonday = mondayOf(today);

  // Paid leave that the payroll report counts.
  state.employees.find((e) => e.email === emailOf('liam.chen'))!.leaveDays.push(addDays(thisMonday, -21 + 2));
  state.employees.find((e) => e.email === emailOf('maya.patel'))!.leaveDays.push(addDays(thisMonday, -35 + 3));

  for (const [handle, plans] of Object.entries(PLANS)) {
    const email = emailOf(handle);
    const person = state.employees.find((e) => e.email === email)!;
    const jobs = seededJobs.filter((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(email));
    const weekSheet = (monday: string, plan: WeekPlan & { status: ApprovalState }): TimesheetRow => {
      const sheet: TimesheetRow = {
        timesheetId: ids.take(),
        timesheetName: `Week of ${formatDay(monday, 'dd-MMM-yyyy')}`,
        description: '',
        user: email,
        fromDate: monday,
        toDate: addDays(monday, 6),
        status: plan.status,
        comments: plan.comments ?? '',
        approvalLevels: person.approvalLevels,
        approvedLevels: plan.status === 'approved' ? person.approvalLevels : (plan.approvedLevels ?? 0),
      };
      state.timesheets.push(sheet);
      return sheet;
    };
    const logDay = (day: string): TimeLogRow[] => {
      if (isWeekend(day) || holidays.has(day) || person.leaveDays.includes(day)) return [];
      const total = pick(DAY_TOTALS);
      const split = rand() < 0.5 && jobs.length > 1;
      const first = split ? Math.round(total / 60 / 2) * 60 : total;
      const parts: Array<[JobRow, number]> = [[pick(jobs), first]];
      if (split) parts.push([jobs.find((j) => j !== parts[0][0])!, total - first]);
      return parts.map(([job, minutes]) => ({
        timeLogId: ids.take(),
        user: email,
        workDate: day,
        minutes,
        jobId: job.jobId,
        billingStatus: job.jobBillableStatus,
        workItem: pick(TASKS),
        description: `${pick(TASKS)} for ${job.jobName}`,
        approvalStatus: 'draft',
        timesheetId: null,
      }));
    };

    for (let week = 6; week >= 1; week -= 1) {
      const monday = addDays(thisMonday, -7 * week);
      const plan = plans[week - 1] ?? { status: 'approved' };
      const logs: TimeLogRow[] = [];
      for (let d = 0; d < 5; d += 1) logs.push(...logDay(addDays(monday, d)));
      // Maya's rejected week: the whole Friday on one job, so "split by project" is a fix she can make.
      if (plan.comments === MAYA_REJECTION) {
        const friday = addDays(monday, 4);
        const fridayLogs = logs.filter((l) => l.workDate === friday);
        fridayLogs.slice(1).forEach((l) => logs.splice(logs.indexOf(l), 1));
        if (fridayLogs[0]) fridayLogs[0].minutes = 480;
      }
      if (plan.status !== 'none') {
        const sheet = weekSheet(monday, { ...plan, status: plan.status });
        logs.forEach((l, i) => {
          l.timesheetId = sheet.timesheetId;
          // A partly decided week: its first logs approved, the rest still pending.
          l.approvalStatus = plan.mixed && i < 2 ? 'approved' : sheet.status;
        });
      }
      state.timeLogs.push(...logs);
    }
    // This week up to yesterday: the demo user's in a draft timesheet (so the app shows them, and a submit goes
    // through modifytimesheet, which also gathers what she logs later), everyone else's not yet in a timesheet.
    const thisWeek: TimeLogRow[] = [];
    for (let day = thisMonday; day < today; day = addDays(day, 1)) thisWeek.push(...logDay(day));
    // On a Monday there is nothing yet, and the service makes no empty timesheet (createtimesheet answers 7024).
    if (email === DEMO_USER && thisWeek.length > 0) {
      const draft = weekSheet(thisMonday, { status: 'draft' });
      thisWeek.forEach((l) => {
        l.timesheetId = draft.timesheetId;
      });
    }
    state.timeLogs.push(...thisWeek);
  }
  state.nextId = ids.peek();
}
