/**
 * @inner src/core/service/wire/normalize.ts, src/core/service/wire/normalize-acks.ts, src/core/service/wire/normalize-records.ts, src/core/journal/stored.ts
 * @inner src/sandbox/admin/bodies.ts
 *
 * What every `punch` start no longer pays at load (docs/benchmarks.md "punch status, second pass"): the contract's
 * input schemas and the service's wire schemas are built when first used, and importing the core starts no Intl
 * (wording a message with values builds an IntlMessageFormat, which loads ICU's data: about 12 ms of CPU). Counted,
 * not timed: zod hands every schema it constructs to `globalThis.__zod_globalConfig.postProcessor` (its own hook,
 * read at each construction), and Intl's constructors are wrapped while the core is imported.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Built = { _zod?: { def?: { type?: string } } };
const zodConfig = () => (globalThis as { __zod_globalConfig?: { postProcessor?: (inst: Built) => void } }).__zod_globalConfig;

/** The schemas (not checks) zod constructs from now on. */
function countSchemas(): { readonly types: string[]; stop(): void } {
  const types: string[] = [];
  (globalThis as { __zod_globalConfig?: object }).__zod_globalConfig ??= {};
  zodConfig()!.postProcessor = (inst) => {
    const type = inst._zod?.def?.type;
    if (type) types.push(type);
  };
  return {
    types,
    stop: () => {
      delete zodConfig()!.postProcessor;
    },
  };
}

beforeEach(() => {
  vi.resetModules();
});
afterEach(() => {
  if (zodConfig()) delete zodConfig()!.postProcessor;
});

describe('built on first use', () => {
  it('importing the contract builds no input schema; validating an operation builds its own once', async () => {
    // what the contract imports that builds its schemas at load (the log's one schema, the preferences)
    await import('../../src/shared/log');
    await import('../../src/shared/preferences');
    const count = countSchemas();
    const { parseInput } = await import('../../src/shared/contract');
    expect(count.types).toEqual([]);

    expect(parseInput('getStatus', { check: true })).toEqual({ check: true });
    const afterFirst = count.types.length;
    expect(count.types).toContain('object');
    // the same schema the second time, and a bad input is still refused by it
    expect(parseInput('getStatus', {})).toEqual({});
    expect(() => parseInput('getStatus', { check: 'yes' })).toThrow();
    expect(count.types.length).toBe(afterFirst);
    count.stop();
  });

  it("importing the service's wire readers builds no schema; reading settings builds only theirs, a handful", async () => {
    const count = countSchemas();
    await import('../../src/core/service/wire/normalize');
    await import('../../src/core/service/wire/normalize-acks');
    const records = await import('../../src/core/service/wire/normalize-records');
    expect(count.types).toEqual([]);

    const settings = records.toTrackerSettings({ logType: 'Hours', maxHoursPerDay: '24:00' });
    expect(settings.logType).toBe('hours');
    expect(count.types.length).toBeGreaterThan(0);
    // the answer's shape and a transform: its fields are read by plain functions (about 50 schemas before the ninth
    // pass, docs/benchmarks.md "punch status, ninth pass"), the one request of every `punch status`
    expect(count.types.length).toBeLessThanOrEqual(5);
    const built = count.types.length;
    records.toTrackerSettings({});
    expect(count.types.length).toBe(built);
    count.stop();
  });

  it("importing the core builds only the log's four field schemas: the journal's, the preferences', the timer's and undo's wait for their first use", async () => {
    const count = countSchemas();
    const core = await import('../../src/core');
    expect(typeof core.createPunchcard).toBe('function');
    // src/shared/log.ts's ID, TEXT, DAY and HOURS (a string with its checks, and HOURS's transform's pipe): 346 before
    expect(count.types.length).toBeLessThanOrEqual(20);
    count.stop();
  });

  it("the journal's schemas are built when a record needs them, once, and still refuse a damaged record", async () => {
    const types = await import('../../src/core/journal/stored');
    const count = countSchemas();
    // a record the quick test passes needs no schema
    const change = { t: 'change', rows: { a: { localId: 'a', workDate: '2026-11-20', hours: '01:00', jobName: 'J' } } };
    expect(types.parseRecord(change)).toBe(change);
    expect(count.types).toEqual([]);
    // nor does the file's header, read at every start with a journal
    const header = { t: 'header', format: 'punchcard-journal', version: 4, createdAt: 1, id: 'x' };
    expect(types.parseRecord(header)).toBe(header);
    expect(count.types).toEqual([]);
    // a record the quick test does not pass goes to the schemas: built now, once
    expect(types.parseRecord({ t: 'header', format: 'punchcard-journal', version: 1, createdAt: '1' })).toBeUndefined();
    expect(count.types.length).toBeGreaterThan(100);
    const damaged = [
      { t: 'header', format: 7, version: 1 },
      { t: 'change', rows: { a: { localId: 'b', workDate: '2026-11-20', hours: '01:00' } } },
    ];
    for (const record of damaged) expect(types.parseRecord(record)).toBeUndefined();
    // a stored row's own schema was built at the first row the schemas read; nothing is built again
    const built = count.types.length;
    for (const record of damaged) expect(types.parseRecord(record)).toBeUndefined();
    expect(count.types.length).toBe(built);
    count.stop();
  });

  it("the timer's schemas are built when a running timer is read, and still keep out an unreadable field", async () => {
    const { TIMER_SCHEMA } = await import('../../src/core/timer');
    const count = countSchemas();
    expect(TIMER_SCHEMA.check('timer', { running: false })).toEqual({ keep: { running: false }, problems: [] });
    expect(count.types).toEqual([]);
    const read = TIMER_SCHEMA.check('timer', { running: true, startedAt: 1_700_000_000_000, jobName: 'Design', zone: 'Nowhere/Atlantis' });
    expect(read.keep).toMatchObject({ running: true, startedAt: 1_700_000_000_000, jobName: 'Design' });
    expect((read.keep as { zone?: string }).zone).toBeUndefined();
    expect(read.problems).toHaveLength(1);
    expect(count.types.length).toBeGreaterThan(20);
    count.stop();
  });

  it("importing the built-in sandbox builds none of its admin routes' body schemas; the first admin call builds them, once", async () => {
    const count = countSchemas();
    const sandbox = await import('../../src/sandbox');
    expect(typeof sandbox.startSandbox).toBe('function');
    const atImport = count.types.length;
    // the log's field schemas and a few of the sandbox's own: 92 before, when the admin bodies were built at load
    expect(atImport).toBeLessThanOrEqual(15);
    const { BODIES } = await import('../../src/sandbox/admin/bodies');
    expect(BODIES().FAULT.safeParse({ kind: 'delay' }).success).toBe(false);
    const built = count.types.length - atImport;
    expect(built).toBeGreaterThan(40);
    BODIES();
    expect(count.types.length - atImport).toBe(built);
    count.stop();
  });

  it('importing the core starts no Intl formatter', async () => {
    const made: string[] = [];
    const originals = {
      DateTimeFormat: Intl.DateTimeFormat,
      NumberFormat: Intl.NumberFormat,
      PluralRules: Intl.PluralRules,
      Locale: Intl.Locale,
    };
    const spied = Object.keys(originals) as Array<keyof typeof originals>;
    for (const name of spied) {
      const Original = originals[name] as unknown as new (...a: unknown[]) => object;
      const Wrapped = function (this: unknown, ...a: unknown[]) {
        made.push(name);
        return new Original(...a);
      } as unknown as typeof Intl.Locale;
      Object.assign(Wrapped, { supportedLocalesOf: () => (made.push(`${name}.supportedLocalesOf`), []) });
      (Intl as unknown as Record<string, unknown>)[name] = Wrapped;
    }
    try {
      const core = await import('../../src/core');
      expect(typeof core.createPunchcard).toBe('function');
    } finally {
      Object.assign(Intl, originals);
    }
    expect(made).toEqual([]);
  });
});
