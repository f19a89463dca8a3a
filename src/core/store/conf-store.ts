/**
 * The one store factory: durable key-value documents `<name>.json` in the data directory, for Node, the
 * CLI, web mode and Electron alike (Electron opens it on its userData folder: src/main/electron/store.ts), so every
 * front end has the same damaged-file behaviour. Built on `conf` (atomic writes through `atomically`: temp file,
 * fsync, rename), so a crash mid-write leaves the previous file intact; `set` returns only after the file is written.
 *
 * Damaged files: each store is opened with the shape check of the module that owns it (./store-schema.ts).
 * When its file cannot be read (not JSON, cut short, empty, another file format, a value of the wrong shape), at
 * open or while running:
 *  1. the file is copied byte for byte into `damaged/` with a report (./damage.ts), before anything is written;
 *  2. what the schema can recover is recovered (the valid keys and values; the timer's start even from a cut file);
 *  3. only then the recovered document replaces the file.
 * Nothing is ever cleared silently (`clearInvalidConfig` stays off) and the report stays until the user acknowledges it.
 *
 * Permissions: the data directory is made 0700 and every file written here 0600 (temp files included).
 * Disk failures (full, read-only, denied, I/O) come out as `StorageError` (./storage-error.ts), never as bad input.
 */
import type { Words } from '../../shared/i18n/said';
import { storeWords } from './store-words';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Conf from 'conf';
import type { KeyValueStore, OpenStore } from './key-value-store';
import type { DamageReport } from '../../shared/domain';
import { DIR_MODE, FILE_MODE, keepDamaged } from './damage';
import { withFileLock } from './file-lock';
import { systemClock } from '../clock';
import { StorageError, toStorageError, writing } from './storage-error';
import { FORMAT_VERSION, inspectDocument, VERSION_KEY, type Inspection, type StoreSchema } from './store-schema';

export interface ConfStoreOptions {
  /** Injected for tests: the time of a damage report. */
  now?: () => number;
  /** Called with each damage report this factory makes (at open or later). */
  onDamage?: (r: DamageReport) => void;
  /**
   * Test hook: runs before every write of a store file, with its path. A test throws an errno error from it
   * (`Object.assign(new Error('no space'), { code: 'ENOSPC' })`) to see a full disk without filling one.
   */
  beforeWrite?: (file: string) => void;
  /**
   * The class that keeps the file: `conf` (Node, the CLI, web mode) or a subclass with the same options, such as
   * electron-store in the Electron shell (src/main/electron/store.ts). The factory's checks, repair and permissions
   * wrap either, so the app and `punch` treat a damaged file the same way.
   */
  storeClass?: new (options: ConstructorParameters<typeof Conf<Record<string, unknown>>>[0]) => Conf<Record<string, unknown>>;
}

/** The damage reports made for this store in this process (at open, or when its file was damaged while running). */
const damages = new WeakMap<KeyValueStore, DamageReport[]>();
export function damageOf(store: KeyValueStore): DamageReport[] {
  return damages.get(store) ?? [];
}

/** What the user calls each store's file when its module gives no schema. */
const WHAT: Record<string, () => Words> = { outbox: storeWords.outbox, window: storeWords.window };

/** The document's text did not pass its check: carried out of conf's read so the store can repair it. */
class DamagedDocument extends Error {
  override readonly name = 'DamagedDocument';
  constructor(readonly inspection: Inspection) {
    super('damaged store document');
  }
}

const isDamaged = (e: unknown): boolean => e instanceof DamagedDocument || e instanceof SyntaxError;

/** The data directory, created owner-only; an existing one is tightened (it held 0755 before). */
export function ensureDataDir(dataDir: string): void {
  try {
    // (not `writing`: finding the folder there says nothing about whether the disk takes writes again)
    fs.mkdirSync(dataDir, { recursive: true, mode: DIR_MODE });
  } catch (e) {
    throw toStorageError(e, dataDir);
  }
  tighten(dataDir, DIR_MODE);
}

/** Owner-only when it is looser (files written by an earlier Punchcard were 0644). Best effort: not ours, not changed. */
function tighten(p: string, mode: number): void {
  try {
    const st = fs.statSync(p);
    if ((st.mode & 0o777 & ~mode) !== 0) fs.chmodSync(p, mode);
  } catch {
    /* missing, or not ours to change */
  }
}

/** Atomic write of a whole document, owner-only: temp file (0600), fsync, rename. */
function writeDocument(file: string, doc: Record<string, unknown>): void {
  // a name no other writer picks (random, not the time: the core reads time only from its injected clock)
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  const fd = fs.openSync(tmp, 'wx', FILE_MODE);
  try {
    fs.writeSync(fd, JSON.stringify(doc));
    fs.fsyncSync(fd);
  } catch (e) {
    fs.closeSync(fd);
    try {
      fs.unlinkSync(tmp);
    } catch {
      /* gone */
    }
    throw e;
  }
  fs.closeSync(fd);
  fs.renameSync(tmp, file);
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

export function openConfStore(dataDir: string, options: ConfStoreOptions = {}): OpenStore {
  const now = options.now ?? systemClock.now;
  return (name: string, schema?: StoreSchema): KeyValueStore => {
    if (!/^[A-Za-z0-9._-]{1,100}$/.test(name) || name.startsWith('.')) {
      throw new Error(storeWords.badName(name).message);
    }
    ensureDataDir(dataDir);
    const file = path.join(dataDir, `${name}.json`);
    tighten(file, FILE_MODE);
    const what = schema?.what ?? WHAT[name]?.() ?? storeWords.namedFile(name);
    const found: DamageReport[] = [];

    /**
     * Keeps a damaged file aside and writes back what could be recovered, under a lock of its own (two processes
     * finding the same damage make one report). Re-reads the file first: another process may have repaired it.
     * If the copy cannot be made (disk full, read-only), the original stays untouched and the StorageError goes up.
     */
    const repair = (): void => {
      withFileLock(`${file}.repair`, () => {
        const text = readText(file);
        const inspection = inspectDocument(text, schema);
        if (inspection.kind !== 'damaged' || text === undefined) return;
        const report = writing(dataDir, () =>
          keepDamaged(
            dataDir,
            {
              what,
              file,
              reason: inspection.reason,
              outcome: inspection.outcome,
              recovered: inspection.count,
              ...(inspection.lost ? { lost: inspection.lost } : {}),
            },
            now(),
          ),
        );
        const doc = schema?.mark ? schema.mark(inspection.recovered, report, text) : inspection.recovered;
        writing(dataDir, () => {
          options.beforeWrite?.(file);
          writeDocument(file, { [VERSION_KEY]: FORMAT_VERSION, ...doc });
        });
        found.push(report);
        options.onDamage?.(report);
      });
    };

    /**
     * conf re-reads and re-parses the whole file on every get and twice on every set. The last text written (or
     * read) is remembered with its value: when the file still holds exactly that text, the value is reused (and was
     * checked already). Values go in and out of the store as copies (below), so nobody can change the remembered
     * value behind its text.
     */
    let last: { text: string; value: Record<string, unknown> } | undefined;
    const StoreClass = options.storeClass ?? Conf<Record<string, unknown>>;
    const make = () =>
      new StoreClass({
        cwd: dataDir,
        configName: name,
        // electron-store names the file by `name` (it sets configName from it); conf ignores it
        ...({ name } as object),
        // keys are opaque ids (week starts, local ids): never split them on dots
        accessPropertiesByDotNotation: false,
        // a file that cannot be read is kept and reported (repair above), never cleared
        clearInvalidConfig: false,
        configFileMode: FILE_MODE,
        // compact JSON: the outbox document is rewritten on every change
        serialize: (value) => {
          const text = JSON.stringify(value);
          last = { text, value: { ...value } };
          return text;
        },
        deserialize: (text) => {
          if (last && last.text === text) return { ...last.value };
          const inspection = inspectDocument(text, schema);
          if (inspection.kind !== 'ok') throw new DamagedDocument(inspection);
          last = { text, value: { ...inspection.doc } };
          return inspection.doc;
        },
      });

    const open = (): Conf<Record<string, unknown>> => {
      try {
        return make();
      } catch (e) {
        if (!isDamaged(e)) throw toStorageError(e, dataDir);
        repair();
        return make();
      }
    };
    let conf = open();

    /** conf re-reads the file on every access: if it is damaged while we run (another program), repair the same way. */
    const guarded = <T>(fn: () => T): T => {
      try {
        return fn();
      } catch (e) {
        if (!isDamaged(e)) throw e;
        repair();
        conf = open();
        return fn();
      }
    };
    const write = (fn: () => void): void => {
      guarded(() =>
        writing(dataDir, () => {
          options.beforeWrite?.(file);
          fn();
        }),
      );
    };
    const store: KeyValueStore = {
      get: <T>(key: string) => guarded(() => copy(conf.get(key)) as T | undefined),
      // the version travels with every write (one write: conf sets both keys at once)
      set: (key, value) => write(() => conf.set({ [key]: copy(value), [VERSION_KEY]: FORMAT_VERSION } as never)),
      delete: (key) => write(() => conf.delete(key)),
      get path() {
        return conf.path;
      },
    };
    damages.set(store, found);
    return store;
  };
}

export { StorageError };

function copy<T>(v: T): T {
  return v === undefined ? v : structuredClone(v);
}

/** In-memory stores for unit tests: values are copied in and out, as a file round trip would. */
export function memoryStore(): OpenStore {
  const docs = new Map<string, Map<string, unknown>>();
  return (name: string): KeyValueStore => {
    const doc = docs.get(name) ?? new Map<string, unknown>();
    docs.set(name, doc);
    return {
      get: <T>(key: string) => (doc.has(key) ? (structuredClone(doc.get(key)) as T) : undefined),
      set: (key, value) => {
        doc.set(key, structuredClone(value));
      },
      delete: (key) => {
        doc.delete(key);
      },
      path: `memory:${name}`,
    };
  };
}
