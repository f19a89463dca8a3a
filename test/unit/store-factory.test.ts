/**
 * The one store factory (core/store/conf-store.ts): atomic and durable; a damaged file is kept aside byte for byte
 * with a report, what can be recovered is recovered, and only then the file is written; files 0600, folder 0700;
 * a disk failure is a StorageError.
 * @inner src/core/store/conf-store.ts, src/core/store/store-schema.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { damageOf, openConfStore } from '../../src/core/store/conf-store';
import { listDamage, StorageError, storageHealth } from '../../src/core/store';
import { FORMAT_VERSION, type StoreSchema } from '../../src/core/store/store-schema';
import { openElectronStore } from '../../src/main/electron/store';
import { TIMER_SCHEMA } from '../../src/core/timer';

// electron-store (the Electron shell's store class) reads the `electron` module: a recording fake stands in for it
vi.mock(
  'electron',
  async () => (await import('../fixtures/fake-electron')).createFakeElectron({ userData: os.tmpdir(), appPath: process.cwd() }).module,
);

const dirs: string[] = [];
const dir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'punch-store-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const modeOf = (p: string) => fs.statSync(p).mode & 0o777;

/** A tiny schema: `n` must be a number; `list` keeps its numbers. */
const NUMBERS: StoreSchema = {
  what: 'the numbers',
  check(key, value) {
    if (key === 'n')
      return typeof value === 'number' ? { keep: value, problems: [] } : { keep: undefined, problems: ['n is not a number'] };
    if (key === 'list' && Array.isArray(value)) {
      const good = value.filter((v) => typeof v === 'number');
      return { keep: good, problems: good.length < value.length ? [`${value.length - good.length} of the list`] : [] };
    }
    return { keep: value, problems: [] };
  },
  describe: (doc) => ({ text: Object.keys(doc).join(', ') || 'nothing', count: Object.keys(doc).length }),
  ifNothing: 'it starts empty',
};

describe('the store factory', () => {
  it('has the value in the file when set returns, with the format version, owner-only', () => {
    const d = path.join(dir(), 'data');
    const store = openConfStore(d)('outbox');
    store.set('journal', { a: 1, 'dotted.key': true });
    const file = path.join(d, 'outbox.json');
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ journal: { a: 1, 'dotted.key': true }, formatVersion: FORMAT_VERSION });
    expect(openConfStore(d)('outbox').get('journal')).toEqual({ a: 1, 'dotted.key': true });
    expect(store.path).toBe(file);
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(d)).toBe(0o700);
  });

  it('tightens a data folder and files an earlier version left world-readable', () => {
    const d = dir();
    fs.chmodSync(d, 0o755);
    fs.writeFileSync(path.join(d, 'timer.json'), '{}', { mode: 0o644 });
    fs.chmodSync(path.join(d, 'timer.json'), 0o644);
    openConfStore(d)('timer', TIMER_SCHEMA);
    expect(modeOf(d)).toBe(0o700);
    expect(modeOf(path.join(d, 'timer.json'))).toBe(0o600);
  });

  for (const [label, text, reason] of [
    ['unreadable JSON', '{"n": 1, "list": [', /ends in the middle/],
    ['an empty file', '', /empty/],
    ['garbage', '\u0000\u00ffnot json at all', /not readable/],
    ['another file format', '{"formatVersion": 7, "n": 3}', /another file format/],
    ['a wrong shape', '[1, 2, 3]', /a list where/],
  ] as const) {
    it(`keeps ${label} byte for byte, reports it, and only then writes what was recovered`, () => {
      const d = dir();
      const file = path.join(d, 'numbers.json');
      fs.writeFileSync(file, text);
      const before = fs.readFileSync(file);
      const store = openConfStore(d, { now: () => 1_700_000_000_000 })('numbers', NUMBERS);
      const [report] = damageOf(store);
      expect(report).toBeDefined();
      expect(report.reason).toMatch(reason);
      expect(report.what).toBe('the numbers');
      expect(fs.readFileSync(report.keptAs).equals(before)).toBe(true);
      expect(modeOf(report.keptAs)).toBe(0o600);
      expect(listDamage(d).map((r) => r.id)).toEqual([report.id]);
      // the file now holds exactly what was recovered
      const written = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      expect(written.formatVersion).toBe(FORMAT_VERSION);
      if (label === 'another file format') {
        expect(store.get('n')).toBe(3);
        expect(report.outcome).toMatch(/Recovered: n/);
      } else {
        expect(store.get('n')).toBeUndefined();
        expect(report.outcome).toMatch(/Nothing could be recovered: it starts empty/);
      }
      // opened again: nothing new to report
      openConfStore(d)('numbers', NUMBERS);
      expect(listDamage(d)).toHaveLength(1);
    });
  }

  it('recovers the valid keys and entries of a document of the wrong shape', () => {
    const d = dir();
    fs.writeFileSync(path.join(d, 'numbers.json'), JSON.stringify({ n: 'seven', list: [1, 'x', 3], other: true }));
    const store = openConfStore(d)('numbers', NUMBERS);
    expect(store.get('list')).toEqual([1, 3]);
    expect(store.get('other')).toBe(true);
    expect(store.get('n')).toBeUndefined();
    const [report] = damageOf(store);
    expect(report.outcome).toMatch(/Recovered: list, other; could not be read: n is not a number; 1 of the list/);
    expect(report.lost).toBe(2);
  });

  it('handles a file damaged while the app runs the same way', () => {
    const d = dir();
    const store = openConfStore(d)('timer', TIMER_SCHEMA);
    store.set('timer', { running: true, startedAt: 1_700_000_000_000, jobName: 'Backend API', billable: true });
    const cut = '{"timer":{"running":true,"startedAt":1700000000000,"jobName":"Backend API","bil';
    fs.writeFileSync(path.join(d, 'timer.json'), cut);
    expect(store.get('timer')).toMatchObject({ running: true, startedAt: 1_700_000_000_000, jobName: 'Backend API' });
    const [report] = damageOf(store);
    expect(fs.readFileSync(report.keptAs, 'utf8')).toBe(cut);
    expect(report.outcome).toMatch(/the running timer on Backend API started/);
  });

  it('leaves the damaged original in place (and its copy) when the recovered document cannot be written', () => {
    const d = dir();
    const file = path.join(d, 'numbers.json');
    fs.writeFileSync(file, '{"n": ');
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    expect(() =>
      openConfStore(d, {
        beforeWrite: () => {
          throw full;
        },
      })('numbers', NUMBERS),
    ).toThrow(StorageError);
    expect(fs.readFileSync(file, 'utf8')).toBe('{"n": ');
    expect(fs.readFileSync(listDamage(d)[0].keptAs, 'utf8')).toBe('{"n": ');
  });

  it('turns a full disk into a StorageError that says so, and the status knows until a write succeeds', () => {
    const d = dir();
    let fail = true;
    const store = openConfStore(d, {
      beforeWrite: () => {
        if (fail) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      },
    })('numbers', NUMBERS);
    let caught: unknown;
    try {
      store.set('n', 1);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(StorageError);
    expect((caught as StorageError).name).toBe('StorageError');
    expect((caught as StorageError).storage).toBe('full');
    expect((caught as Error).message).toMatch(/The disk is full/);
    expect(storageHealth(d).state()).toBe('full');
    fail = false;
    store.set('n', 2);
    expect(storageHealth(d).state()).toBe('ok');
  });

  it('is the same factory in Electron, over electron-store', () => {
    const d = dir();
    fs.writeFileSync(path.join(d, 'timer.json'), '');
    const store = openElectronStore(d)('timer', TIMER_SCHEMA);
    expect(damageOf(store)).toHaveLength(1);
    expect(listDamage(d)[0].reason).toMatch(/empty/);
    store.set('probe', 1);
    expect(JSON.parse(fs.readFileSync(path.join(d, 'timer.json'), 'utf8')).probe).toBe(1);
    expect(fs.statSync(path.join(d, 'timer.json')).mode & 0o777).toBe(0o600);
  });

  it('refuses a store name that would escape the data directory', () => {
    expect(() => openConfStore(dir())('../evil')).toThrow(/not allowed/);
  });
});
