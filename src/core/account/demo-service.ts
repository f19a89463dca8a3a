/**
 * What the core needs of the built-in demo service (the sandbox: a complete local implementation of the service).
 * Declared here and implemented by src/sandbox, whose code the shells hand in (`PunchcardOptions.demoService`: they
 * pass `() => import('../sandbox')`, so it is still loaded on first use only): the core imports nothing of src/sandbox.
 */

/** One demo service, running (src/sandbox's `Sandbox` is one). */
export interface DemoService {
  url: string;
  demoUser: string;
  demoToken: string;
  issueToken(opts: { user: string; scopes: string[] }): string;
  /** The demo company's data: its employees, to issue a token for one of them by email or employee id. */
  state(): { employees: ReadonlyArray<{ email: string; employeeId: string }> };
  close(): Promise<void>;
  /**
   * Present when it answers in this process (`inProcess`): the fetch its client uses instead of loopback HTTP, handing
   * each request to the handler the HTTP server uses (src/sandbox/in-process.ts); `url` is then `in-process://demo`.
   */
  fetch?: (
    input: string | URL,
    init?: { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal },
  ) => Promise<{ status: number; ok: boolean; headers: { get(name: string): string | null }; text(): Promise<string> }>;
}

/** How the core starts it: embedded (no admin routes), on the data directory's state file, under that file's lock. */
export interface DemoServiceOptions {
  persistPath: string;
  embedded: true;
  stateLock: <T>(fn: () => T) => T;
  /** Answered in this process, with no server (`punch`: src/cli/core.ts says why); the app and web mode listen. */
  inProcess?: boolean;
}

export type StartDemoService = (opts: DemoServiceOptions) => Promise<DemoService>;

/** The demo service's code (src/sandbox/index.ts has this shape). */
export interface DemoServiceCode {
  startSandbox: StartDemoService;
  /** The seeded demo company on `today`: what a damaged state file is recovered over. */
  seedState(opts: { today: string }): object;
}
