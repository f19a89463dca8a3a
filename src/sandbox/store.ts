/**
 * The sandbox's data and the lookups every resource needs: ids, employees by any reference the spec allows,
 * jobs, who may act for whom.
 *
 * With a persist path the state file is the one truth, shared by every process that serves the same file (the app,
 * web mode and each `punch` on one data directory run their own demo service over `sandbox-state.json`):
 * - a change runs under the file's lock (`lock`, the data directory's lock between processes), on the state read
 *   from the file inside that lock, and is written (temp file, fsync, rename) before the lock is released and before
 *   the caller is answered. So a change another process made is never overwritten by an older copy in memory, and
 *   ids come from the latest `nextId`: no id is handed out twice;
 * - a read first takes the file again when another process wrote it (one stat: inode, size and mtime; a write is a
 *   rename, so every write makes a new inode).
 * Without a persist path (tests, `npm run sandbox` without --state) the state lives in memory only.
 */
import fs from 'node:fs';
import { dirname } from 'node:path';
import { ApiError } from './envelope';
import type { EmployeeRow, JobRow, SandboxState, TimesheetRow, TimeLogRow } from './types';

/** Runs `fn` holding the lock other processes take on the same state file. */
export type StateLock = <T>(fn: () => T) => T;

const noLock: StateLock = (fn) => fn();

function stampOf(s: fs.BigIntStats): string {
  return `${s.ino}:${s.size}:${s.mtimeNs}`;
}

export class Store {
  /** The stamp of the file the state in memory was read from or written as ('' = take the file again). */
  private seen = '';

  constructor(
    public state: SandboxState,
    private readonly persistPath?: string,
    private readonly lock: StateLock = noLock,
  ) {}

  /** Loads the state file when there is one; otherwise seeds (and saves, so a restart finds the same data). */
  static open(persistPath: string | undefined, seed: () => SandboxState, lock: StateLock = noLock): Store {
    if (!persistPath) return new Store(seed(), undefined, lock);
    const store = new Store(undefined as unknown as SandboxState, persistPath, lock);
    // under the lock: two processes starting at once must not both seed, the second over what the first has logged
    lock(() => {
      if (fs.existsSync(persistPath)) store.load(persistPath);
      else {
        store.state = seed();
        store.write(persistPath);
      }
    });
    return store;
  }

  /** Before a read: the state another process wrote since this one last read or wrote it. */
  refresh(): void {
    if (!this.persistPath) return;
    let now: string;
    try {
      now = stampOf(fs.statSync(this.persistPath, { bigint: true }));
    } catch {
      /* gone: keep what we have */ return;
    }
    if (now !== this.seen) this.load(this.persistPath);
  }

  /**
   * A change: `fn` runs under the lock on the state just read from the file, and what it leaves is written before
   * this returns. When `fn` throws (a refusal) or the write fails (a full disk), the file stays as it was and the
   * state is read from it again before the next use (the memory may hold half a change).
   */
  change<T>(fn: () => T): T {
    const path = this.persistPath;
    if (!path) return fn();
    return this.lock(() => {
      // a file removed meanwhile (someone resetting the demo by hand) is written again from memory, as before sharing
      if (fs.existsSync(path)) this.load(path);
      try {
        const result = fn();
        this.write(path);
        return result;
      } catch (e) {
        this.seen = '';
        throw e;
      }
    });
  }

  /** Reads the file through one descriptor, so the stamp and the text are of the same version. */
  private load(path: string): void {
    const fd = fs.openSync(path, 'r');
    try {
      const stamp = stampOf(fs.fstatSync(fd, { bigint: true }));
      const text = fs.readFileSync(fd, 'utf8');
      let state: SandboxState;
      try {
        state = JSON.parse(text) as SandboxState;
      } catch (e) {
        throw new Error(
          `the demo company's data file ${path} cannot be read (${(e as Error).message}); restart Punchcard to have it checked and recovered`,
          { cause: e },
        );
      }
      this.state = state;
      this.seen = stamp;
    } finally {
      fs.closeSync(fd);
    }
  }

  private write(path: string): void {
    // owner-only (0700 folder, 0600 file): in Punchcard's data directory this is the user's demo data
    fs.mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const tmp = `${path}.${process.pid}.tmp`;
    try {
      const fd = fs.openSync(tmp, 'w', 0o600);
      try {
        fs.writeFileSync(fd, JSON.stringify(this.state));
        // on the disk before it replaces the old file: a "synced" answer must survive a power cut too
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      fs.renameSync(tmp, path);
    } catch (e) {
      fs.rmSync(tmp, { force: true });
      throw e;
    }
    this.seen = stampOf(fs.statSync(path, { bigint: true }));
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
      throw new ApiError(
        9000,
        `Permission denied: ${caller.email} may not ${what} for ${target.email} (only for themselves or their team).`,
      );
    }
  }

  /** Monotonic modified time, so `modifiedtime` filters never miss a change made within the same millisecond. */
  nextModifiedTime(): number {
    const latest = Math.max(0, ...this.state.employees.map((e) => e.modifiedTime));
    return Math.max(Date.now(), latest + 1);
  }
}
