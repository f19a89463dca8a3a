/** The conf-backed store: atomic, durable, and a corrupt file is kept aside and reported instead of crashing. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corruptionOf, openConfStore, type StoreCorruption } from '../../src/main/core/store/conf-store';
import { tempDir } from '../fixtures/temp-dirs';

/** A fresh directory, removed when the file ends (test/fixtures/temp-dirs.ts). */
const dir = () => tempDir('punch-store-');

describe('openConfStore', () => {
  it('has the value in the file when set returns', () => {
    const d = dir();
    const store = openConfStore(d)('outbox');
    store.set('journal', { a: 1, 'dotted.key': true });
    expect(JSON.parse(fs.readFileSync(path.join(d, 'outbox.json'), 'utf8'))).toEqual({ journal: { a: 1, 'dotted.key': true } });
    expect(openConfStore(d)('outbox').get('journal')).toEqual({ a: 1, 'dotted.key': true });
    expect(store.path).toBe(path.join(d, 'outbox.json'));
  });

  it('moves a corrupt file aside, reports it and starts empty', () => {
    const d = dir();
    fs.writeFileSync(path.join(d, 'outbox.json'), '{"journal": {"ops": [');
    const seen: StoreCorruption[] = [];
    const store = openConfStore(d, { onCorrupt: (c) => seen.push(c), now: () => Date.UTC(2026, 10, 20, 9, 30) })('outbox');
    expect(store.get('journal')).toBeUndefined();
    expect(seen).toHaveLength(1);
    expect(path.basename(seen[0].movedTo)).toBe('outbox.corrupt-2026-11-20T09-30-00-000Z.json');
    expect(fs.readFileSync(seen[0].movedTo, 'utf8')).toBe('{"journal": {"ops": [');
    expect(corruptionOf(store)).toEqual(seen[0]);
    store.set('journal', { ok: true });
    expect(openConfStore(d)('outbox').get('journal')).toEqual({ ok: true });
  });

  it('recovers the same way when the file is damaged while the app runs', () => {
    const d = dir();
    const seen: StoreCorruption[] = [];
    const store = openConfStore(d, { onCorrupt: (c) => seen.push(c) })('timer');
    store.set('timer', { running: true });
    fs.writeFileSync(path.join(d, 'timer.json'), 'not json');
    expect(store.get('timer')).toBeUndefined();
    expect(seen).toHaveLength(1);
    expect(fs.existsSync(seen[0].movedTo)).toBe(true);
  });

  it('refuses a store name that would escape the data directory', () => {
    expect(() => openConfStore(dir())('../evil')).toThrow(/not allowed/);
  });
});
