/**
 * The built-in sandbox as an account: the demo company served in-process, so Punchcard works with no account at all
 * (PRODUCT "Demo without an account"). It is started on first use only, keeps its data in the data directory, and is
 * called without pacing (SANDBOX_POLICY): it is on this machine and has no lock-out unless a test switches one on.
 *
 * Every process on the data directory (the app, web mode, each `punch`) runs its own, embedded: on a random loopback
 * port, with a random demo token that only this process knows, without admin routes (src/sandbox/server.ts); `punch`'s
 * answers in the process, without a port (src/sandbox/in-process.ts). They
 * share one demo company through `sandbox-state.json`: every change is made under the file's lock on its latest
 * state and saved before it is answered (src/sandbox/store.ts; docs/ARCHITECTURE.md "One demo company per data
 * directory" says why this design and not one shared server).
 *
 * The demo service's code is handed in by the shells (./demo-service.ts): the core imports nothing of src/sandbox.
 */
import { accountWords } from './account-words';
import fs from 'node:fs';
import { dirname } from 'node:path';
import type { Clock } from '../clock';
import type { DemoService, DemoServiceCode, StartDemoService } from './demo-service';
import { createServiceClient, errorValue, InvalidInputError, loopbackFetch, SANDBOX_POLICY, saidError } from '../service';
import {
  FILE_MODE,
  inspectDocument,
  isPlainObject,
  isString,
  keepDamaged,
  StorageError,
  toStorageError,
  withFileLock,
  writing,
  type StoreSchema,
} from '../store';
import type { BudgetStore, ServiceClient } from '../service';

function localDay(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** The sandbox's seeded demo user (src/sandbox/auth.ts); known before the sandbox is started. */
export const SANDBOX_DEMO_USER = 'maya.patel@demo.punchcard.test';
const FULL_SCOPES = ['timetracker.ALL', 'forms.ALL'];

/** The lists of the demo company's state: each must be a list of records. */
const LISTS = ['employees', 'clients', 'projects', 'jobs', 'timesheets', 'timeLogs', 'holidays', 'processedPayPeriods'] as const;

/**
 * The shape check of `sandbox-state.json` (the demo company's data, saved by src/sandbox). What reads back whole
 * (each list of records, the settings, the next id) is kept; the rest comes from the seeded demo data.
 */
export const SANDBOX_STATE_SCHEMA: StoreSchema = {
  what: accountWords.demoData(),
  check(key, value) {
    if ((LISTS as readonly string[]).includes(key)) {
      const ok = Array.isArray(value) && value.every(isPlainObject);
      return ok ? { keep: value, problems: [] } : { keep: undefined, problems: [accountWords.demoList(key)] };
    }
    if (key === 'settings')
      return isPlainObject(value) ? { keep: value, problems: [] } : { keep: undefined, problems: [accountWords.demoList('settings')] };
    if (key === 'nextId')
      return isString(value) && /^\d+$/.test(value)
        ? { keep: value, problems: [] }
        : { keep: undefined, problems: [accountWords.demoList('nextId')] };
    return { keep: value, problems: [] };
  },
  describe(doc) {
    const kept = Object.keys(doc).filter((k) => (LISTS as readonly string[]).includes(k) || k === 'settings');
    const logs = Array.isArray(doc.timeLogs) ? doc.timeLogs.length : 0;
    return kept.length ? { text: accountWords.demoKept(kept, logs), count: kept.length } : { text: accountWords.nothing(), count: 0 };
  },
  ifNothing: accountWords.demoAgain(),
};

/**
 * Before the sandbox loads its state file: a file that does not read back (the sandbox would refuse to start, or run on
 * a broken state) is kept aside and reported, and what could be recovered is written back over the seeded demo data.
 */
export function checkSandboxState(o: { persistPath: string; dataDir: string; now: number; seed: () => object }): void {
  let text: string;
  try {
    text = fs.readFileSync(o.persistPath, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  const found = inspectDocument(text, SANDBOX_STATE_SCHEMA);
  if (found.kind !== 'damaged') return;
  writing(o.dataDir, () =>
    keepDamaged(
      o.dataDir,
      {
        what: SANDBOX_STATE_SCHEMA.what,
        file: o.persistPath,
        reason: found.reason,
        outcome: found.outcome,
        recovered: found.count,
        ...(found.lost ? { lost: found.lost } : {}),
      },
      o.now,
    ),
  );
  const state = { ...o.seed(), ...found.recovered };
  writing(o.dataDir, () => {
    const tmp = `${o.persistPath}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(state), { mode: FILE_MODE });
    fs.renameSync(tmp, o.persistPath);
  });
}

export function builtInSandbox(o: {
  persistPath: string;
  /** The data directory (damage reports go to its `damaged/`). */
  dataDir?: string;
  /** The demo service's code, loaded on first use (the shells hand it in: ./demo-service.ts). */
  load?: () => Promise<DemoServiceCode>;
  /** Starts it instead of the code's `startSandbox` (tests pin its `today` to their clock's day). */
  start?: StartDemoService;
  /** The session's clock: the demo's "today" when it is seeded, and the timers of its client. */
  clock: Clock;
}) {
  let running: Promise<DemoService> | undefined;
  let started: DemoService | undefined;
  const issued = new Map<string, string>();

  function ready(): Promise<DemoService> {
    running ??= (async () => {
      // Loaded on first use: a real account never loads the sandbox's code.
      const code = await o.load?.();
      const start = o.start ?? code?.startSandbox;
      if (!start) throw saidError(accountWords.demoNotBuilt());
      // the lock of the state file between the processes of this data directory (../store/file-lock.ts)
      const stateLock = <T>(fn: () => T): T => withFileLock(o.persistPath, fn, { what: accountWords.demoDataLocked() });
      if (o.dataDir && code) {
        const dataDir = o.dataDir;
        // under the lock: another process may be writing the file, which is not damage
        stateLock(() =>
          checkSandboxState({
            persistPath: o.persistPath,
            dataDir,
            now: o.clock.now(),
            seed: () => code.seedState({ today: localDay(o.clock.now()) }),
          }),
        );
      }
      const sb = await start({ persistPath: o.persistPath, embedded: true, stateLock });
      started = sb;
      return sb;
    })().catch((e: unknown) => {
      running = undefined;
      // a full or read-only disk says so itself (its own class and exit code), not as "could not start"
      const storage = toStorageError(e, o.dataDir ?? dirname(o.persistPath));
      if (storage instanceof StorageError) throw storage;
      throw saidError(accountWords.demoNoStart(errorValue(e)));
    });
    return running;
  }

  /** The employee row for an email or employee id, so a token can be issued for them. */
  function employeeEmail(sb: DemoService, user: string): string | undefined {
    const u = user.trim().toLowerCase();
    return sb.state().employees.find((e) => e.email.toLowerCase() === u || e.employeeId.toLowerCase() === u)?.email;
  }

  function tokenFor(sb: DemoService, user: string | undefined): string {
    if (!user || user.toLowerCase() === sb.demoUser.toLowerCase()) return sb.demoToken;
    const email = employeeEmail(sb, user) ?? user;
    let t = issued.get(email);
    if (!t) {
      t = sb.issueToken({ user: email, scopes: FULL_SCOPES });
      issued.set(email, t);
    }
    return t;
  }

  return {
    url: (): string | undefined => started?.url,
    demoUser: () => started?.demoUser ?? SANDBOX_DEMO_USER,
    /** `rateBudget`: the account's pacing budget (pauses the service ordered are shared; the sandbox itself is not paced). */
    async client(user?: string, rateBudget?: BudgetStore): Promise<ServiceClient> {
      const sb = await ready();
      return createServiceClient({
        baseUrl: sb.url,
        authScheme: 'Zoho-oauthtoken',
        getToken: async () => tokenFor(sb, user),
        // Issued tokens live in the sandbox's memory; after it restarts they are unknown: issue a fresh one.
        onInvalidToken: async () => {
          issued.clear();
          return tokenFor(sb, user);
        },
        policy: SANDBOX_POLICY,
        rateBudget,
        // in this process without a socket when it answers so (`punch`: src/sandbox/in-process.ts); else over
        // loopback with node:http, not undici (../service/http/node-fetch.ts says why)
        fetch: (sb.fetch ?? loopbackFetch) as unknown as typeof fetch,
        clock: o.clock,
      });
    },
    /** Refuses a user the demo company does not have, naming some who exist. */
    async checkUser(user: string): Promise<void> {
      const sb = await ready();
      if (employeeEmail(sb, user)) return;
      const some = sb
        .state()
        .employees.slice(0, 4)
        .map((e) => e.email);
      throw new InvalidInputError(accountWords.notDemoEmployee(user, some), []);
    },
    tokens: (): string[] => [...issued.values(), ...(started ? [started.demoToken] : [])],
    async close(): Promise<void> {
      const sb = running ? await running.catch(() => undefined) : undefined;
      running = undefined;
      started = undefined;
      await sb?.close();
    },
  };
}
