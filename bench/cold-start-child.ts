/**
 * One cold start, in a fresh process (started by ./core-start.ts): load the core, createPunchcard on a new data dir
 * with in-memory secrets and the environment account of BENCH_BASE_URL / BENCH_TOKEN / BENCH_USER (or the built-in
 * sandbox when BENCH_BASE_URL is empty), then ask listJobs and getWeek together as a window opening would.
 * Prints one JSON line of timings (ms since this script began) and memory, then exits.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** performance.now() counts from the process's start: this is Node + tsx start-up before this script's first line. */
const began = performance.now();
const bootMs = began;

const dataDir = mkdtempSync(join(tmpdir(), 'punch-bench-cold-'));
try {
  const [{ createPunchcard }, { memorySecrets }, { localDate }] = await Promise.all([
    import('../src/core'),
    import('../src/core/account'),
    import('../src/shared/time/week'),
  ]);
  const importedAt = performance.now();
  const env = process.env.BENCH_BASE_URL
    ? { baseUrl: process.env.BENCH_BASE_URL, token: process.env.BENCH_TOKEN, user: process.env.BENCH_USER }
    : undefined;
  const core = await createPunchcard({
    dataDir,
    secrets: memorySecrets(),
    demoService: () => import('../src/sandbox'),
    ...(env ? { env } : {}),
  });
  const createdAt = performance.now();
  let jobsAt = 0;
  let weekAt = 0;
  const [jobs, week] = await Promise.all([
    core.handlers.listJobs({}).then((j) => {
      jobsAt = performance.now();
      return j;
    }),
    core.handlers.getWeek({ date: localDate(Date.now()) }).then((w) => {
      weekAt = performance.now();
      return w;
    }),
  ]);
  const rss = process.memoryUsage().rss;
  await core.close();
  process.stdout.write(
    `${JSON.stringify({
      bootMs,
      importMs: importedAt - began,
      createMs: createdAt - importedAt,
      jobsMs: jobsAt - createdAt,
      weekMs: weekAt - createdAt,
      readyMs: Math.max(jobsAt, weekAt) - importedAt,
      jobs: jobs.length,
      weekLogs: week.logs.length,
      rss,
    })}\n`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
