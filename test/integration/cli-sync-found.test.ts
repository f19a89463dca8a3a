/**
 * `punch sync` says what it did: an entry it found already on the service (sent before, its end lost: the disk cut
 * the journal after the `sending` mark, so the synced entry came back as maybe sent) is "found", never "Sent", and
 * `--json` counts it in `alreadyThere`, not in `sent`. Beside an entry really sent now, both are said apart. The log
 * is on the service once. Real punch against the sandbox, the journal cut as a torn write leaves it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncReport } from '../../src/shared/domain';
import { freeDay, startCliWorld, type CliWorld } from '../fixtures/cli-harness';
import { removeDir, tempDir } from '../fixtures/temp-dirs';

let w: CliWorld;
let job: string;
beforeAll(async () => {
  w = await startCliWorld();
  job = w.sandbox.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(w.sandbox.demoUser))!.jobId;
});
afterAll(async () => {
  await w?.close();
});

const onService = (description: string) => w.sandbox.state().timeLogs.filter((l) => l.description === description);

/**
 * A data directory (`dir`, else a new one) where `description` was logged and synced, then the disk lost the journal's
 * end after the entry's `sending` mark (the record that it was sent and answered is gone): the entry is maybe sent.
 */
async function tornAfterSend(
  description: string,
  minutes: number,
  dir = tempDir('punch-sync-found-'),
): Promise<{ dir: string; env: Record<string, string> }> {
  const env = { PUNCH_DATA_DIR: dir };
  const day = freeDay(w.sandbox.state(), w.sandbox.demoUser, minutes + 60);
  const hours = `0:${String(minutes).padStart(2, '0')}`;
  const r = await w.punch(['log', '--job', job, '--date', day, '--hours', hours, '--description', description], { env });
  expect(r.stdout.split('\n')[0], r.stderr).toBe('synced');
  const file = path.join(dir, 'outbox.journal');
  const text = fs.readFileSync(file, 'latin1');
  const mark = text.indexOf('\n', text.lastIndexOf('"state":"sending"')) + 1;
  expect(mark, 'the sending mark').toBeGreaterThan(0);
  expect(text.length, 'something after the mark to lose').toBeGreaterThan(mark);
  fs.truncateSync(file, mark);
  return { dir, env };
}

describe('punch sync counts what it sent apart from what it found on the service', () => {
  it('an entry found already on the service: "Found 1 entry already on the service"; --json: sent 0, alreadyThere 1', async () => {
    const { dir, env } = await tornAfterSend('torn after send', 25);
    const { dir: other, env: otherEnv } = await tornAfterSend('torn after send, json', 20);
    try {
      const r = await w.punch(['sync'], { env });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout.split('\n')[0]).toBe('Found 1 entry already on the service; the service is reachable.');
      const json = await w.punchJson<SyncReport>(['sync'], { env: otherEnv });
      expect(json.value).toMatchObject({ sent: 0, alreadyThere: 1, remaining: 0, needsAttention: 0 });
      expect(onService('torn after send')).toHaveLength(1);
      expect(onService('torn after send, json')).toHaveLength(1);
      // once settled, nothing is found or sent again
      const again = await w.punchJson<SyncReport>(['sync'], { env });
      expect(again.value).toMatchObject({ sent: 0, alreadyThere: 0 });
    } finally {
      removeDir(dir);
      removeDir(other);
    }
  });

  it('in words, and beside an entry sent now: "Sent 1 entry; 1 more was already on the service" (and in German)', async () => {
    const { dir, env } = await tornAfterSend('torn, then one more', 35);
    try {
      // then an entry logged while the service fails every request (a 503): it waits, queued, and the torn one could
      // not be looked for either
      w.sandbox.fault({ kind: 'http-5xx', status: 503 });
      const day = freeDay(w.sandbox.state(), w.sandbox.demoUser, 120);
      const queued = await w.punch(['log', '--job', job, '--date', day, '--hours', '0:40', '--description', 'sent now'], { env });
      expect(queued.stdout.split('\n')[0], queued.stderr).toBe('queued');
      w.sandbox.fault(null);
      const r = await w.punch(['sync'], { env });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout.split('\n')[0]).toBe('Sent 1 entry; 1 more was already on the service; the service is reachable.');
      expect(onService('torn, then one more')).toHaveLength(1);
      expect(onService('sent now')).toHaveLength(1);
    } finally {
      w.sandbox.fault(null);
      removeDir(dir);
    }
    const { dir: de, env: deEnv } = await tornAfterSend('torn, in German', 15);
    try {
      const r = await w.punch(['sync', '--lang', 'de'], { env: deEnv });
      expect(r.stdout.split('\n')[0]).toBe('1 Eintrag war bereits beim Dienst; der Dienst ist erreichbar.');
    } finally {
      removeDir(de);
    }
  });
});
