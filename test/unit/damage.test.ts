import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acknowledgeDamage, describeDamage, keepDamaged, listDamage, unacknowledgedDamage } from '../../src/core/store';

const dirs: string[] = [];
function dataDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'punch-damage-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('damaged files', () => {
  it('keeps the damaged file byte for byte, owner-only, and reports it until acknowledged', () => {
    const dir = dataDir();
    const file = path.join(dir, 'outbox.journal');
    const bytes = Buffer.from([0x7b, 0x22, 0xff, 0x00, 0x0a, 0x31]);
    fs.writeFileSync(file, bytes);
    const r = keepDamaged(
      dir,
      { what: 'the outbox', file, reason: 'it ends in the middle of a record', outcome: '3 entries recovered', recovered: 3, lost: 1 },
      1_700_000_000_000,
    );
    expect(fs.readFileSync(r.keptAs).equals(bytes)).toBe(true);
    expect(fs.statSync(r.keptAs).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(r.keptAs)).mode & 0o777).toBe(0o700);
    expect(unacknowledgedDamage(dir).map((x) => x.id)).toEqual([r.id]);
    expect(describeDamage(r)).toContain('3 entries recovered');

    expect(acknowledgeDamage(dir, 'all', 1_700_000_001_000).map((x) => x.id)).toEqual([r.id]);
    expect(unacknowledgedDamage(dir)).toEqual([]);
    expect(listDamage(dir)[0]?.acknowledgedAt).toBe(1_700_000_001_000);
  });

  it('keeps two damages of the same file apart and acknowledges only the one named', () => {
    const dir = dataDir();
    const file = path.join(dir, 'timer.json');
    fs.writeFileSync(file, 'first');
    const a = keepDamaged(dir, { what: 'the timer', file, reason: 'bad', outcome: 'nothing recovered', recovered: 0 }, 1000);
    fs.writeFileSync(file, 'second');
    const b = keepDamaged(dir, { what: 'the timer', file, reason: 'bad', outcome: 'nothing recovered', recovered: 0 }, 1000);
    expect(a.keptAs).not.toBe(b.keptAs);
    expect(fs.readFileSync(a.keptAs, 'utf8')).toBe('first');
    expect(fs.readFileSync(b.keptAs, 'utf8')).toBe('second');
    acknowledgeDamage(dir, [a.id], 2000);
    expect(unacknowledgedDamage(dir).map((x) => x.id)).toEqual([b.id]);
  });

  it('lists a report that cannot be read as a damage of its own instead of skipping it', () => {
    const dir = dataDir();
    fs.mkdirSync(path.join(dir, 'damaged'));
    fs.writeFileSync(path.join(dir, 'damaged', 'x.json'), '{"id": ');
    const list = unacknowledgedDamage(dir);
    expect(list).toHaveLength(1);
    expect(list[0]!.reason).toMatch(/report itself could not be read/);
  });
});
