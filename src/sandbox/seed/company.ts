/**
 * The demo company: people, clients, projects, jobs, settings and holidays. Deterministic for a given `today`
 * (dates are relative to it) and a given number of bulk rows. Maya Patel is the demo user: manager of a team of
 * five and HR admin. Noah Kim's timesheets need two approval levels.
 */
import { addDays, mondayOf } from '../calendar';
import type { ClientRow, EmployeeRow, JobRow, ProjectRow, SandboxState } from '../types';

export const FIRST_ID = '412345678901234567';
export const DOMAIN = 'demo.punchcard.test';

/** Hands out 18-digit ids (all above 2^53, real-service-notes "Data") in a fixed order. */
export class IdSequence {
  constructor(private next: bigint = BigInt(FIRST_ID)) {}
  take(): string {
    const id = this.next.toString();
    this.next += 1n;
    return id;
  }
  peek(): string {
    return this.next.toString();
  }
}

interface Person {
  first: string;
  last: string;
  dept: string;
  title: string;
  manager: string | null;
  admin?: boolean;
  levels?: number;
  rate: number;
}

const PEOPLE: Person[] = [
  { first: 'Olivia', last: 'Grant', dept: 'Management', title: 'Managing Director', manager: null, rate: 95 },
  { first: 'Maya', last: 'Patel', dept: 'Engineering', title: 'Engineering Manager', manager: 'olivia.grant', admin: true, rate: 72 },
  { first: 'Liam', last: 'Chen', dept: 'Engineering', title: 'Senior Developer', manager: 'maya.patel', rate: 58 },
  { first: 'Sofia', last: 'Garcia', dept: 'Engineering', title: 'Developer', manager: 'maya.patel', rate: 48 },
  { first: 'Noah', last: 'Kim', dept: 'Engineering', title: 'Contract Developer', manager: 'maya.patel', levels: 2, rate: 52 },
  { first: 'Ava', last: 'Johnson', dept: 'Engineering', title: 'QA Engineer', manager: 'maya.patel', rate: 44 },
  { first: 'Ethan', last: 'Brown', dept: 'Engineering', title: 'Data Engineer', manager: 'maya.patel', rate: 55 },
  { first: 'Daniel', last: 'Okafor', dept: 'Sales', title: 'Sales Manager', manager: 'olivia.grant', rate: 60 },
  { first: 'Chloe', last: 'Martin', dept: 'Sales', title: 'Account Executive', manager: 'daniel.okafor', rate: 40 },
  { first: 'Lucas', last: 'Rossi', dept: 'Support', title: 'Support Specialist', manager: 'daniel.okafor', rate: 36 },
  { first: 'Priya', last: 'Shah', dept: 'Human Resources', title: 'HR Specialist', manager: 'olivia.grant', rate: 42 },
  { first: 'James', last: 'Wilson', dept: 'Sales', title: 'Sales Associate', manager: 'daniel.okafor', rate: 34 },
];

export function emailOf(handle: string): string {
  return `${handle}@${DOMAIN}`;
}

function employees(ids: IdSequence, today: string, extra: number): EmployeeRow[] {
  const base = Date.parse(`${today}T09:00:00Z`);
  const rows: EmployeeRow[] = PEOPLE.map((p, i) => ({
    recordId: ids.take(),
    employeeId: `PC${String(i + 1).padStart(3, '0')}`,
    firstName: p.first,
    lastName: p.last,
    email: emailOf(`${p.first}.${p.last}`.toLowerCase()),
    department: p.dept,
    designation: p.title,
    status: 'Active',
    // Older records first, a day apart, all before `today` (the modifiedtime filter needs a spread).
    modifiedTime: base - (PEOPLE.length + extra - i) * 86_400_000,
    managerEmail: p.manager ? emailOf(p.manager) : null,
    isAdmin: p.admin ?? false,
    approvalLevels: p.levels ?? 1,
    hourlyRate: p.rate,
    leaveDays: [],
  }));
  for (let i = 1; i <= extra; i += 1) {
    const n = String(i).padStart(4, '0');
    rows.push({
      recordId: ids.take(),
      employeeId: `PCB${n}`,
      firstName: 'Bulk',
      lastName: `Employee ${n}`,
      email: emailOf(`bulk.employee${n}`),
      department: 'Operations',
      designation: 'Associate',
      status: 'Active',
      modifiedTime: base - (extra - i + 1) * 60_000,
      managerEmail: emailOf('priya.shah'),
      isAdmin: false,
      approvalLevels: 1,
      hourlyRate: 30,
      leaveDays: [],
    });
  }
  return rows;
}

const ENGINEERS = ['maya.patel', 'liam.chen', 'sofia.garcia', 'noah.kim', 'ava.johnson', 'ethan.brown'];
const SALES = ['daniel.okafor', 'chloe.martin', 'lucas.rossi', 'james.wilson'];
const EVERYONE = PEOPLE.map((p) => `${p.first}.${p.last}`.toLowerCase());

type JobSeed = [name: string, project: number, status: JobRow['jobStatus'], billing: JobRow['jobBillableStatus'], who: string[]];

const CLIENTS = ['Acme Corp', 'Globex', 'Initech', 'Punchcard Demo Inc.'];
/** [project name, client index] */
const PROJECTS: Array<[string, number]> = [
  ['Acme Website Redesign', 0],
  ['Acme Mobile App', 0],
  ['Globex Data Migration', 1],
  ['Initech Support Contract', 2],
  ['Internal Operations', 3],
];
const JOBS: JobSeed[] = [
  ['Frontend Development', 0, 'in-progress', 'Billable', ['maya.patel', 'liam.chen', 'sofia.garcia']],
  ['Backend API', 1, 'in-progress', 'Billable', ['maya.patel', 'noah.kim', 'ava.johnson', 'liam.chen']],
  ['QA & Testing', 1, 'in-progress', 'Billable', ['ava.johnson', 'ethan.brown', 'sofia.garcia']],
  ['Data Migration Scripts', 2, 'in-progress', 'Billable', ['maya.patel', 'liam.chen', 'noah.kim', 'ethan.brown']],
  ['Legacy Import', 2, 'completed', 'Billable', ['liam.chen', 'ethan.brown']],
  ['Support Tickets', 3, 'in-progress', 'Billable', ['maya.patel', 'sofia.garcia', 'chloe.martin', 'lucas.rossi']],
  ['Discovery Workshop', 3, 'completed', 'Non Billable', ['daniel.okafor', 'maya.patel']],
  ['Internal Meetings', 4, 'in-progress', 'Non Billable', EVERYONE],
  ['Training', 4, 'in-progress', 'Non Billable', EVERYONE],
  ['Sales Outreach', 4, 'in-progress', 'Non Billable', SALES],
  ['Office Move', 4, 'completed', 'Non Billable', EVERYONE],
];

export interface Company {
  state: SandboxState;
  ids: IdSequence;
}

/** Everything but the history of time logs and timesheets (./history.ts adds those). */
export function seedCompany(today: string, extraJobs: number, extraEmployees: number): Company {
  const ids = new IdSequence();
  const emps = employees(ids, today, extraEmployees);
  const clients: ClientRow[] = CLIENTS.map((clientName) => ({ clientId: ids.take(), clientName }));
  const projects: ProjectRow[] = PROJECTS.map(([projectName, c]) => ({
    projectId: ids.take(),
    projectName,
    clientId: clients[c].clientId,
  }));
  const jobs: JobRow[] = JOBS.map(([jobName, p, jobStatus, jobBillableStatus, who]) => ({
    jobId: ids.take(),
    jobName,
    projectId: projects[p].projectId,
    jobStatus,
    jobBillableStatus,
    fromDate: addDays(today, -365),
    toDate: jobStatus === 'completed' ? addDays(today, -75) : addDays(today, 180),
    assignedTo: who.map(emailOf),
  }));
  for (let i = 1; i <= extraJobs; i += 1) {
    jobs.push({
      jobId: ids.take(),
      jobName: `Bulk Job ${String(i).padStart(4, '0')}`,
      projectId: projects[4].projectId,
      jobStatus: 'in-progress',
      jobBillableStatus: i % 2 ? 'Billable' : 'Non Billable',
      fromDate: addDays(today, -30),
      toDate: addDays(today, 90),
      assignedTo: [emailOf('maya.patel')],
    });
  }
  const thisMonday = mondayOf(today);
  // Two holidays inside the seeded history, never in the current or previous week (tests log recent days).
  const holidays = [
    { date: addDays(thisMonday, -28), name: 'Company Founders Day' },
    { date: addDays(thisMonday, -47), name: 'Spring Holiday' },
  ];
  // A payroll month already processed, well before the seeded history (9009 when a report overlaps it).
  const old = addDays(today, -120);
  const monthStart = `${old.slice(0, 8)}01`;
  const monthEnd = addDays(`${addDays(monthStart, 32).slice(0, 8)}01`, -1);
  const state: SandboxState = {
    employees: emps,
    clients,
    projects,
    jobs,
    timesheets: [],
    timeLogs: [],
    settings: {
      logType: 'hours',
      maxHoursPerDay: '10:00',
      allowFutureTimeLog: false,
      allowedPastDays: 60,
      timesheetSubmissionDay: 'Friday',
      isTimeTrackerEnabled: true,
      dateFormat: 'dd-MMM-yyyy',
    },
    holidays,
    processedPayPeriods: [{ fromDate: monthStart, toDate: monthEnd }],
    nextId: ids.peek(),
  };
  return { state, ids };
}

export { ENGINEERS, SALES };
