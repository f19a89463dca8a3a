/**
 * A torn `sending` mark of the real journal (src/core/journal/torn-end.ts, docs/outbox.md "A torn end"): an entry is
 * marked `sending` (fsynced), sent, and answered; then the disk loses the end of the file, cutting the mark at any
 * byte (a cut, a file system repair). The real core opens the cut file and syncs against the sandbox: the log is on
 * the service exactly once, never sent a second time. Where the service lists time logs the entry is found and
 * settled; where it does not, it is held for the user (needs-attention, "It is there" / "Send again"), not re-sent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { coreOver, sandboxSession, someJob, tempDir } from '../fixtures/logging-harness';
import { runningClock, TEST_TODAY } from '../fixtures/test-clock';

let sandbox: Sandbox;
let job: { jobId: string; jobName: string };
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 3, today: TEST_TODAY });
  job = await someJob(sandboxSession(sandbox.url, sandbox.demoToken, sandbox.demoUser).client, sandbox.demoUser);
});
afterAll(async () => {
  await sandbox?.close();
});

const journalOf = (dir: string) => path.join(dir, 'outbox.journal');
const onService = (description: string) =>
  sandbox.state().timeLogs.filter((l) => l.user === sandbox.demoUser && l.description === description);

async function openCore(dataDir: string) {
  const { session } = sandboxSession(sandbox.url, sandbox.demoToken, sandbox.demoUser);
  return coreOver({ dataDir, clock: runningClock(), session });
}

/** Logs `description` and syncs it (one log on the service); the journal's bytes and where its `sending` mark is. */
async function sentOnce(description: string): Promise<{ bytes: Buffer; mark: { start: number; end: number } }> {
  const dir = tempDir('punch-torn-mark-');
  const core = await openCore(dir);
  const logged = await core.handlers.logTime({ ...job, workDate: TEST_TODAY, hours: '00:25', billable: true, description });
  expect(logged.state).toBe('synced'); // marked `sending`, sent, answered
  await core.close();
  expect(onService(description)).toHaveLength(1);
  const bytes = fs.readFileSync(journalOf(dir));
  const text = bytes.toString('latin1');
  const start = text.lastIndexOf('\n', text.indexOf('"state":"sending"')) + 1;
  expect(text.slice(start)).toMatch(/^[0-9a-f]{8} \{"t":"change","ops":\[\{"id":"op-000001","kind":"add"/);
  return { bytes, mark: { start, end: text.indexOf('\n', start) + 1 } };
}

/** Opens the core over the journal cut at `end` and syncs; the entry's state after. */
async function openCutAndSync(bytes: Buffer, end: number): Promise<string | undefined> {
  const dir = tempDir('punch-torn-mark-cut-');
  fs.writeFileSync(journalOf(dir), bytes.subarray(0, end));
  const core = await openCore(dir);
  try {
    await core.handlers.syncNow({});
    const [entry] = await core.handlers.getOutbox({});
    return entry?.state;
  } finally {
    await core.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

it('sends nothing twice when the acknowledged sending mark is cut at any byte: found in the service list and settled', async () => {
  const { bytes, mark } = await sentOnce('torn mark');
  for (let end = mark.start + 1; end < mark.end; end++) {
    const state = await openCutAndSync(bytes, end);
    expect(onService('torn mark'), `cut at ${end - mark.start} of ${mark.end - mark.start}`).toHaveLength(1);
    expect(state, `cut at ${end - mark.start}`).toBe('synced');
  }
}, 240_000);

it('holds the entry for the user when the service lists no time logs, and never sends it again by itself', async () => {
  sandbox.configure({ timeLogList: false });
  const { bytes, mark } = await sentOnce('torn mark, no list');
  try {
    // every 5th byte: each needs-attention answer costs the timesheet fallback's reads
    for (let end = mark.start + 1; end < mark.end; end += 5) {
      const state = await openCutAndSync(bytes, end);
      expect(onService('torn mark, no list'), `cut at ${end - mark.start}`).toHaveLength(1);
      expect(state, `cut at ${end - mark.start}`).toBe('needs-attention');
    }
  } finally {
    sandbox.configure({ timeLogList: true });
  }
}, 240_000);
