/**
 * @inner src/core/service/wire/normalize.ts, src/core/service/wire/normalize-records.ts
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

  it("importing the service's wire readers builds no schema; reading settings builds only theirs", async () => {
    const count = countSchemas();
    await import('../../src/core/service/wire/normalize');
    const records = await import('../../src/core/service/wire/normalize-records');
    expect(count.types).toEqual([]);

    const settings = records.toTrackerSettings({ logType: 'Hours', maxHoursPerDay: '24:00' });
    expect(settings.logType).toBe('hours');
    expect(count.types.length).toBeGreaterThan(0);
    const built = count.types.length;
    records.toTrackerSettings({});
    expect(count.types.length).toBe(built);
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
