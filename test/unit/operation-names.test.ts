/** @inner src/core/dispatch.ts */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { operations } from '../../src/shared/contract';
import { EVENT_NAMES, OPERATION_NAMES, channelOf, eventChannelOf } from '../../src/shared/operation-names';
import { createDispatcher } from '../../src/core/dispatch';
import type { Handlers } from '../../src/shared/contract';

/** Every module a bundle of `entry` would contain (esbuild's metafile, nothing written to disk). */
async function bundledInputs(entry: string, external: string[] = []): Promise<string[]> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    outdir: '/tmp/punchcard-bundle-check',
    platform: 'browser',
    format: 'esm',
    external,
    logLevel: 'silent',
    loader: { '.css': 'empty' },
  });
  return Object.keys(result.metafile.inputs);
}

describe('the zod-free name lists', () => {
  it('list every operation of the contract exactly once, in the contract order', () => {
    expect([...OPERATION_NAMES]).toEqual(Object.keys(operations));
    expect(new Set(OPERATION_NAMES).size).toBe(OPERATION_NAMES.length);
  });

  it('list each push event once and give every name its own prefixed channel', () => {
    expect(new Set(EVENT_NAMES).size).toBe(EVENT_NAMES.length);
    const channels = [...OPERATION_NAMES.map(channelOf), ...EVENT_NAMES.map(eventChannelOf)];
    expect(new Set(channels).size).toBe(channels.length);
    for (const channel of channels) expect(channel).toMatch(/^punch:/);
  });

  it('let the dispatcher refuse names that are object properties but not operations', async () => {
    const handlers = Object.fromEntries(OPERATION_NAMES.map((n) => [n, async () => n])) as unknown as Handlers;
    const dispatch = createDispatcher(handlers);
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const result = await dispatch(name, {});
      expect(result.ok, name).toBe(false);
    }
    expect(await dispatch('getTimer', {})).toEqual({ ok: true, value: 'getTimer' });
  });
});

describe('the bundles that run in the page', () => {
  it('keep zod out of the renderer', async () => {
    // the message catalogs' virtual modules are made by the build's own plugin (scripts/vite/), not read from a file
    const inputs = await bundledInputs('src/renderer/src/main.tsx', ['virtual:*']);
    expect(inputs.some((p) => p.includes('src/renderer/src/bridge.ts'))).toBe(true);
    expect(inputs.filter((p) => p.includes('node_modules/zod/'))).toEqual([]);
    expect(inputs.filter((p) => p.includes('src/shared/contract/'))).toEqual([]);
  });

  it('keep zod out of the preload', async () => {
    const inputs = await bundledInputs('src/preload/index.ts', ['electron']);
    expect(inputs.some((p) => p.endsWith('src/shared/operation-names.ts'))).toBe(true);
    expect(inputs.filter((p) => p.includes('node_modules/zod/'))).toEqual([]);
  });
});
