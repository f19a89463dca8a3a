/**
 * The built-in sandbox as an account: the demo company served in-process, so Punchcard works with no account at all
 * (PRODUCT "Demo without an account"). It is started on first use only, keeps its data in the data directory, and is
 * called without pacing (SANDBOX_POLICY): it is on this machine and has no lock-out unless a test switches one on.
 */
import type { Sandbox, SandboxOptions } from '../../../sandbox/types';
import { createServiceClient } from '../service/client';
import { InvalidInputError } from '../service/errors';
import type { BudgetStore } from '../service/limiter';
import { SANDBOX_POLICY } from '../service/policy';
import type { ServiceClient } from '../service/types';

/** The sandbox's seeded demo user (common.md, sandbox API); known before the sandbox is started. */
export const SANDBOX_DEMO_USER = 'maya.patel@demo.punchcard.test';
const FULL_SCOPES = ['timetracker.ALL', 'forms.ALL'];

export function builtInSandbox(o: { persistPath: string; start?: (opts: SandboxOptions) => Promise<Sandbox> }) {
  let running: Promise<Sandbox> | undefined;
  let started: Sandbox | undefined;
  const issued = new Map<string, string>();

  function ready(): Promise<Sandbox> {
    running ??= (async () => {
      // Loaded on first use: a real account never loads the sandbox's code.
      const start = o.start ?? (await import('../../../sandbox')).startSandbox;
      const sb = await start({ persistPath: o.persistPath });
      started = sb;
      return sb;
    })().catch((e: unknown) => {
      running = undefined;
      throw new Error(`The built-in demo service could not start (${e instanceof Error ? e.message : String(e)}). `
        + 'Check that the data directory is writable, or sign in to your company\'s service.');
    });
    return running;
  }

  /** The employee row for an email or employee id, so a token can be issued for them. */
  function employeeEmail(sb: Sandbox, user: string): string | undefined {
    const u = user.trim().toLowerCase();
    return sb.state().employees.find((e) => e.email.toLowerCase() === u || e.employeeId.toLowerCase() === u)?.email;
  }

  function tokenFor(sb: Sandbox, user: string | undefined): string {
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
        onInvalidToken: async () => { issued.clear(); return tokenFor(sb, user); },
        policy: SANDBOX_POLICY,
        rateBudget,
      });
    },
    /** Refuses a user the demo company does not have, naming some who exist. */
    async checkUser(user: string): Promise<void> {
      const sb = await ready();
      if (employeeEmail(sb, user)) return;
      const some = sb.state().employees.slice(0, 4).map((e) => e.email).join(', ');
      throw new InvalidInputError(`user: "${user}" is not an employee of the demo company. Use an email or employee id of the demo data, for example ${some}.`,
        []);
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
