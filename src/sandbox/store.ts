/**
 * The sandbox's data and the lookups every resource needs: ids, employees by any reference the spec allows,
 * jobs, who may act for whom. With a persist path the whole state is saved after each change, atomically
 * (temp file + rename) so a crash never leaves half a file.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ApiError } from './envelope';
import type { EmployeeRow, JobRow, SandboxState, TimesheetRow, TimeLogRow } from './types';

export class Store {
  constructor(public state: SandboxState, private readonly persistPath?: string) {}

  /** Loads the state file when there is one; otherwise seeds (and saves, so a restart finds the same data). */
  static open(persistPath: string | undefined, seed: () => SandboxState): Store {
    if (persistPath && existsSync(persistPath)) {
      const state = JSON.parse(readFileSync(persistPath, 'utf8')) as SandboxState;
      return new Store(state, persistPath);
    }
    const store = new Store(seed(), persistPath);
    store.save();
    return store;
  }

  save(): void {
    if (!this.persistPath) return;
    // owner-only (0700 folder, 0600 file): in Punchcard's data directory this is the user's demo data
    mkdirSync(dirname(this.persistPath), { recursive: true, mode: 0o700 });
    const tmp = `${this.persistPath}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.state), { mode: 0o600 });
    renameSync(tmp, this.persistPath);
  }

  snapshot(): SandboxState {
    return structuredClone(this.state);
  }

  newId(): string {
    const id = this.state.nextId;
    this.state.nextId = (BigInt(id) + 1n).toString();
    return id;
  }

  /** spec 4.1: a user is named by email, employee id or record id. */
  findEmployee(ref: string): EmployeeRow | undefined {
    const r = ref.trim().toLowerCase();
    return this.state.employees.find((e) => e.email === r || e.employeeId.toLowerCase() === r || e.recordId === r);
  }

  employee(ref: string, param = 'user'): EmployeeRow {
    const e = this.findEmployee(ref);
    if (!e) throw new ApiError(9003, `${param}: no employee with email, employee id or record id "${ref}"; check the value.`);
    return e;
  }

  employeeByEmail(email: string): EmployeeRow {
    const e = this.state.employees.find((x) => x.email === email);
    if (!e) throw new Error(`sandbox data is inconsistent: no employee ${email}`);
    return e;
  }

  job(jobId: string): JobRow | undefined {
    return this.state.jobs.find((j) => j.jobId === jobId);
  }

  projectOf(job: JobRow) {
    return this.state.projects.find((p) => p.projectId === job.projectId);
  }

  clientOf(job: JobRow) {
    const p = this.projectOf(job);
    return p ? this.state.clients.find((c) => c.clientId === p.clientId) : undefined;
  }

  timesheet(timesheetId: string): TimesheetRow {
    const t = this.state.timesheets.find((x) => x.timesheetId === timesheetId.trim());
    if (!t) throw new ApiError(9008, `Timesheet not found: no timesheet with timesheetId "${timesheetId}".`);
    return t;
  }

  timeLog(timeLogId: string): TimeLogRow | undefined {
    return this.state.timeLogs.find((l) => l.timeLogId === timeLogId.trim());
  }

  logsOf(sheet: TimesheetRow): TimeLogRow[] {
    return this.state.timeLogs.filter((l) => l.timesheetId === sheet.timesheetId);
  }

  /** The caller's direct reports (a manager's team). */
  teamOf(manager: EmployeeRow): EmployeeRow[] {
    return this.state.employees.filter((e) => e.managerEmail === manager.email);
  }

  /** Self, one's direct reports, or anyone for an HR admin. */
  mayActFor(caller: EmployeeRow, target: EmployeeRow): boolean {
    return caller.email === target.email || caller.isAdmin || target.managerEmail === caller.email;
  }

  requireActFor(caller: EmployeeRow, target: EmployeeRow, what: string): void {
    if (!this.mayActFor(caller, target)) {
      throw new ApiError(9000, `Permission denied: ${caller.email} may not ${what} for ${target.email} (only for themselves or their team).`);
    }
  }

  /** Monotonic modified time, so `modifiedtime` filters never miss a change made within the same millisecond. */
  nextModifiedTime(): number {
    const latest = Math.max(0, ...this.state.employees.map((e) => e.modifiedTime));
    return Math.max(Date.now(), latest + 1);
  }
}
