import { join, resolve } from 'node:path';
import { homedir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { parseWebOptions, UsageError } from '../../src/web/options';

describe('npm run web options', () => {
  it('defaults to a free port, the browser opening, and ~/.config/Punchcard on the built-in sandbox', () => {
    expect(parseWebOptions([], {})).toEqual({
      port: 0,
      open: true,
      dataDir: join(homedir(), '.config', 'Punchcard'),
      env: {},
    });
  });

  it('keeps data under XDG_CONFIG_HOME when it is set', () => {
    expect(parseWebOptions([], { XDG_CONFIG_HOME: '/tmp/xdg' }).dataDir).toBe('/tmp/xdg/Punchcard');
  });

  it('takes the account from PUNCH_BASE_URL, PUNCH_TOKEN and PUNCH_USER', () => {
    const o = parseWebOptions([], {
      PUNCH_BASE_URL: 'http://127.0.0.1:9',
      PUNCH_TOKEN: 'secret-token',
      PUNCH_USER: 'a@b.c',
      PUNCH_DATA_DIR: '/tmp/d',
    });
    expect(o.env).toEqual({ baseUrl: 'http://127.0.0.1:9', token: 'secret-token', user: 'a@b.c' });
    expect(o.dataDir).toBe('/tmp/d');
  });

  it('lets flags win over the environment', () => {
    const o = parseWebOptions(['--port', '4821', '--data-dir', 'rel/dir', '--no-open'], { PUNCH_DATA_DIR: '/tmp/d' });
    expect(o).toMatchObject({ port: 4821, open: false, dataDir: resolve('rel/dir') });
  });

  it('refuses a port that is not a whole number in range, naming the flag and the rule', () => {
    for (const bad of ['abc', '-1', '70000', '8.5']) {
      expect(() => parseWebOptions([`--port=${bad}`], {})).toThrow(UsageError);
      expect(() => parseWebOptions([`--port=${bad}`], {})).toThrow(/--port must be a whole number from 0 to 65535/);
    }
  });

  it("takes how often the clock is watched from PUNCH_TEST_CLOCK_WATCH_MS (the browser suite's), and nothing else", () => {
    expect(parseWebOptions([], { PUNCH_TEST_CLOCK_WATCH_MS: '1000' }).watchEveryMs).toBe(1000);
    for (const ignored of [undefined, '', '0', '-5', 'soon']) {
      expect(parseWebOptions([], ignored === undefined ? {} : { PUNCH_TEST_CLOCK_WATCH_MS: ignored })).not.toHaveProperty('watchEveryMs');
    }
  });

  it('refuses unknown options with the usage line', () => {
    expect(() => parseWebOptions(['--prot', '80'], {})).toThrow(/Usage: npm run web/);
  });
});
