/**
 * The rule that picks the files the second time zone runs (test/tools/date-sensitive.mjs): a file that touches a day,
 * itself or through a test helper, runs in both zones unless it is listed as first-zone-only with a reason, and a
 * file that works in local time itself cannot be listed. Checked on a tree of real files made here, and on this
 * project's own tests.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyTestFiles, dateSensitiveTestFiles, firstMatch, FIRST_ZONE_ONLY, LOCAL_TIME } from '../tools/date-sensitive.mjs';
import { tempDir } from '../fixtures/temp-dirs';

const ROOT = resolve(__dirname, '../..');

function tree(files: Record<string, string>): string {
  const root = tempDir('punch-zones-');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('which files touch a day', () => {
  const root = tree({
    'test/fixtures/test-clock.ts': "export const TEST_TODAY = '2026-11-18';\n",
    'test/fixtures/world.ts': "import { TEST_TODAY } from './test-clock';\nexport const world = () => TEST_TODAY;\n",
    'test/fixtures/plain.ts': 'export const plain = 1;\n',
    'test/unit/through-helper.test.ts': "import { world } from '../fixtures/world';\nworld();\n",
    'test/unit/week-math.test.ts': "import { addDays } from '../../src/shared/time/week';\naddDays;\n",
    'test/unit/local-date.test.ts': 'const noon = new Date(2026, 10, 18, 12).getTime();\n',
    'test/unit/calendar-day.test.ts': "const day = '2026-11-16';\n",
    'test/unit/zone.test.ts': 'const offset = new Date(0).getTimezoneOffset();\n',
    'test/unit/marked.test.ts': '// @date-sensitive: the code under test reads the zone itself\n',
    'test/unit/system-time.test.ts': 'vi.setSystemTime(1_700_000_000_000);\n',
    // a helper's own fake clock (test/fixtures/test-timers.ts): setting it moves the code's clock, not the process's Date
    'test/fixtures/private-clock.ts':
      'const fake = FakeTimers.createClock(0);\nexport const set = (ms: number) => fake.setSystemTime(ms);\n',
    'test/unit/private-clock.test.ts': "import { set } from '../fixtures/private-clock';\nset(5_000);\n",
    'test/unit/elapsed.test.ts':
      "import { plain } from '../fixtures/plain';\nconst t = Date.now();\nexpect(Date.now() - t).toBeLessThan(plain);\n",
    // src/ is the code under test: not followed, however much of it reaches the week math
    'src/core/uses-week.ts': "import { addDays } from '../shared/time/week';\nexport const x = addDays;\n",
    'test/unit/through-src.test.ts': "import { x } from '../../src/core/uses-week';\nx;\n",
    'test/integration/incidental.test.ts': "import { TEST_TODAY } from '../fixtures/test-clock';\nTEST_TODAY;\n",
    'test/e2e/browser.spec.ts': "import { TEST_TODAY } from '../fixtures/test-clock';\n",
  });
  const classified = classifyTestFiles(root, { 'test/integration/incidental.test.ts': 'about something else' });
  const of = (file: string) => classified.find((c) => c.file === file);

  it('finds every vitest file, and no Playwright file', () => {
    expect(classified.map((c) => c.file)).toEqual([
      'test/integration/incidental.test.ts',
      'test/unit/calendar-day.test.ts',
      'test/unit/elapsed.test.ts',
      'test/unit/local-date.test.ts',
      'test/unit/marked.test.ts',
      'test/unit/private-clock.test.ts',
      'test/unit/system-time.test.ts',
      'test/unit/through-helper.test.ts',
      'test/unit/through-src.test.ts',
      'test/unit/week-math.test.ts',
      'test/unit/zone.test.ts',
    ]);
  });

  it('follows test helpers to the test clock, and says where it found the day', () => {
    expect(of('test/unit/through-helper.test.ts')).toMatchObject({
      dateSensitive: true,
      touches: 'test/fixtures/world.ts imports the test clock, the week math or date-fns',
    });
  });

  it("counts the week math, a date built from local fields, a calendar day, the zone, the process's time set and the marker", () => {
    for (const file of ['week-math', 'local-date', 'calendar-day', 'zone', 'system-time', 'marked']) {
      expect(of(`test/unit/${file}.test.ts`)?.dateSensitive, file).toBe(true);
    }
  });

  it("does not count an elapsed time, a helper's own fake clock set, nor what src/ imports", () => {
    expect(of('test/unit/elapsed.test.ts')).toMatchObject({ dateSensitive: false, touches: undefined });
    expect(of('test/unit/private-clock.test.ts')).toMatchObject({ dateSensitive: false, touches: undefined });
    expect(of('test/unit/through-src.test.ts')).toMatchObject({ dateSensitive: false, touches: undefined });
  });

  it('leaves a listed file to the first zone, with its reason', () => {
    expect(of('test/integration/incidental.test.ts')).toMatchObject({ dateSensitive: false, firstZoneOnly: 'about something else' });
    expect(of('test/integration/incidental.test.ts')?.touches).toBeDefined();
  });
});

describe('working in local time, which keeps a file out of the first-zone-only list', () => {
  it("counts a helper's local work as the file's own: the real local day, the test clock's local time, date-fns, the zone by name", () => {
    for (const text of [
      'const today = () => localDate(Date.now());\n',
      'const noon = localTime(TEST_TODAY, 12);\n',
      "import { format } from 'date-fns';\n",
      "process.env.TZ = 'Europe/Berlin';\n",
      "await w.punch(['week'], { env: { TZ: 'Asia/Tokyo' } });\n",
      'const at = toLocalDate(day);\n',
    ]) {
      expect(firstMatch(text, LOCAL_TIME), text).toBeDefined();
    }
  });

  it('does not count calendar days as text, an instant of the test clock, nor an elapsed time', () => {
    for (const text of [
      "const next = addDays('2026-11-18', 1);\n",
      'const clock = testClock(TEST_NOW);\n',
      'const t = Date.now();\n',
      "const env = { PUNCH_TZ_NOTE: 'x' };\n",
    ]) {
      expect(firstMatch(text, LOCAL_TIME), text).toBeUndefined();
    }
  });
});

describe("this project's tests", () => {
  const classified = classifyTestFiles(ROOT);

  it('lists as first-zone-only only files that exist and touch a day, each with a reason', () => {
    for (const [file, reason] of Object.entries(FIRST_ZONE_ONLY)) {
      const c = classified.find((x) => x.file === file);
      expect(c, `${file} is listed in FIRST_ZONE_ONLY but is not a vitest file`).toBeDefined();
      expect(c?.touches, `${file} touches no day: it runs in the first zone only without being listed`).toBeDefined();
      expect(reason.length, file).toBeGreaterThan(10);
    }
  });

  it('lists no file that works in local time itself', () => {
    for (const file of Object.keys(FIRST_ZONE_ONLY)) {
      const how = firstMatch(readFileSync(join(ROOT, file), 'utf8'), LOCAL_TIME);
      expect(how, `${file} ${how}: it depends on the zone, so it cannot be first-zone-only`).toBeUndefined();
    }
  });

  it('runs the week, timer, reminder and CLI logging tests in both zones', () => {
    const both = dateSensitiveTestFiles(ROOT);
    for (const file of [
      'test/unit/week.test.ts',
      'test/unit/timer.test.ts',
      'test/unit/reminders.test.ts',
      'test/integration/cli-logging.test.ts',
      'test/integration/sync-week.test.ts',
    ]) {
      expect(both, file).toContain(file);
    }
    expect(both).not.toContain('test/unit/hours.test.ts');
  });

  it("runs no file that reads Electron's runtime in the second zone: scripts/test.sh fetches that runtime beside the pass", () => {
    for (const file of dateSensitiveTestFiles(ROOT)) {
      expect(readFileSync(join(ROOT, file), 'utf8'), file).not.toMatch(/node_modules['"/, ]+electron/);
    }
  });
});
