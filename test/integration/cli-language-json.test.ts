/**
 * `punch --json` byte for byte the same in every language (docs/i18n.md): the environment's language or --lang changes
 * no key and no value, only the words punch prints for people (those: cli-language.test.ts). Real processes against
 * the sandbox.
 *
 * English is always a real `punch` (the bundle); the other languages of a command run in this process
 * (`w.punchHere`: the same runCli, catalogs, core and clock, test/fixtures/cli-in-process.ts) and are compared with
 * the bundle's document, so a difference between the two fails as a language's would. A process per language cost
 * 90 node starts for what one start per command shows.
 *
 * Its own file, and in the first time zone only (test/tools/date-sensitive.mjs): every assertion compares one
 * language's document with another's, made in the same run, so a zone moves the days in all of them alike. What the
 * days are is checked in both zones by cli-read, cli-logging and cli-language (the formats).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeDay, startCliWorld, type CliWorld } from '../fixtures/cli-harness';

let w: CliWorld;
beforeAll(async () => {
  w = await startCliWorld();
});
afterAll(async () => {
  await w?.close();
});

describe('--json is the same in every language', () => {
  const LANGUAGES: Array<Record<string, string>> = [{}, { LANG: 'de_DE.UTF-8' }, { LC_ALL: 'fr_FR.UTF-8' }, { LANG: 'ar_EG.UTF-8' }];
  const pending = () => w.sandbox.state().timesheets.find((t) => t.status === 'pending' && t.user !== w.sandbox.demoUser)!;
  const someone = () => w.sandbox.state().employees.find((e) => e.email !== w.sandbox.demoUser)!;

  /** What differs between two runs of a command: the ids of what it made and the moments it read, never words. */
  const unique = (json: string) =>
    json
      .replace(/"L-[0-9a-f-]{36}"/g, '"<local id>"')
      .replace(/"(S-)?\d{18}"/g, '"<id>"')
      .replace(/"op-\d+"/g, '"<entry>"')
      .replace(/"t-[0-9a-f]+"/g, '"<timer>"')
      .replace(/"u-[0-9a-f]+"/g, '"<undo>"')
      .replace(/"(elapsedMs|ranMs)": \d+/g, '"$1": <ms>')
      .replace(/"\d{4}-\d{2}-\d{2}T[\d:.]+Z"/g, '"<moment>"')
      .replace(/: \d{13}\b/g, ': <ms>');

  // every command that reads (each answers the same data whatever the language), refusals, and a failure of punch's own
  it.each([
    ['jobs', () => ['jobs']],
    ['settings', () => ['settings']],
    ['status', () => ['status']],
    ['config', () => ['config']],
    ['week', () => ['week']],
    ['outbox', () => ['outbox']],
    ['timer status', () => ['timer', 'status']],
    ['roles', () => ['roles']],
    ['timesheets', () => ['timesheets']],
    ['timesheet', () => ['timesheet', pending().timesheetId]],
    ['payroll', () => ['payroll', '--last-month']],
    ['employees', () => ['employees']],
    ['employee get', () => ['employee', 'get', someone().recordId]],
    ['data', () => ['data']],
    ['a refused log', () => ['log', '--job-name', 'No such job', '--hours', '30:00']],
    ['a log refused by punch itself', () => ['log', '--job', '1', '--date', '2026-02-31', '--hours', '1']],
    ['a refused decision', () => ['approve', pending().timesheetId, '--reject']],
    ['an unknown command', () => ['nonsense']],
  ])('%s: the same document', async (_what, args) => {
    // English from the bundle, the others here
    const runs = await Promise.all(LANGUAGES.map((env, i) => (i === 0 ? w.punch : w.punchHere)([...args(), '--json'], { env })));
    expect(runs[0].stdout.length).toBeGreaterThan(2);
    // byte for byte but for the moments each run reads anew (when the status was measured, the week read)
    for (const r of runs.slice(1)) expect(unique(r.stdout)).toBe(unique(runs[0].stdout));
    // and --lang changes no key or value either
    expect(unique((await w.punchHere([...args(), '--json', '--lang', 'ar'])).stdout)).toBe(unique(runs[0].stdout));
  });

  it('log, timer start, timer discard and sync: the same keys and values in every language', async () => {
    const job = w.sandbox.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(w.sandbox.demoUser))!;
    const day = freeDay(w.sandbox.state(), w.sandbox.demoUser, 20, 1);
    const outputs: string[][] = [];
    for (const [i, env] of LANGUAGES.entries()) {
      const out: string[] = [];
      // English from the bundle, the others here
      const punch = i === 0 ? w.punch : w.punchHere;
      for (const args of [
        ['log', '--job', job.jobId, '--date', day, '--hours', '0:05'],
        ['timer', 'start', '--job', job.jobId],
        ['timer', 'discard'],
        ['sync'],
      ]) {
        const r = await punch([...args, '--json'], { env });
        expect(r.code, `${args.join(' ')} ${JSON.stringify(env)}: ${r.stderr}`).toBe(0);
        out.push(unique(r.stdout));
      }
      outputs.push(out);
    }
    for (const out of outputs.slice(1)) expect(out).toEqual(outputs[0]);
  });
});
