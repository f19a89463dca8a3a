// @ts-check
/**
 * House rules, kept by a tool (`npm run lint`, run by `npm test` and CI):
 *  - HOUSE below says, for every file of the tree, what it may import; `house/imports` (scripts/eslint/house-imports.mjs)
 *    checks each import as the path it resolves to (static, `export from`, `import type`, `import()`, `require()`,
 *    `.js` naming `.ts`, folders naming their index, Node's modules with or without `node:`);
 *  - each core folder (and the core, the sandbox, the loopback guard) has one face, its index.ts: other areas import
 *    only that; a test, fixture or benchmark of an inner module names it in its header (`@inner <path>`);
 *  - the core (src/core) is plain Node: no Electron anywhere but the Electron shell (src/main) and the preload;
 *  - the renderer and src/shared run in a browser too: no Node modules; the rules (src/core/rules) are pure;
 *  - no import circle (scripts/check-import-cycles.mjs, type-only imports included, which ESLint's rules skip);
 *  - no folder under src/ holds more than 15 source files (scripts/check-folder-sizes.mjs);
 *  - every path a comment or a doc names exists (scripts/check-doc-paths.mjs);
 *  - a test asserts something: one without an assertion, an expect outside a test, a title that says nothing, or an
 *    expect that asserts nothing fails the lint (the vitest plugin's rules, below).
 */
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import vitest from '@vitest/eslint-plugin';
import house from './scripts/eslint/house-imports.mjs';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/** Every area reads src/shared (the bridge contract, days, hours, words), which imports none of them. */
const SHARED = 'src/shared/';
const CONTEXT = 'src/core/context.ts';
/** The clock (wall clock, monotonic reading, timers): the ground floor every core folder stands on. */
const CLOCK = 'src/core/clock/';

/**
 * The house's map: every area of the tree, what it may import (`may`), its door (`face`), and who calls it
 * (`calledBy`: said when a refused import names it). The core's folders go from the ground up: an area may import
 * only areas listed before it here, so every call runs downwards and a reader sees its direction from the imports
 * (docs/ARCHITECTURE.md "Core modules" is this table in words). What a lower folder needs from above (settings, the
 * day's totals, the rules' view of the world) it declares as an interface in its own folder, and the composition root
 * (src/core/root/punchcard.ts) hands it in.
 */
const HOUSE = [
  // the core's folders, ground floor first
  { area: CLOCK, face: 'index.ts', may: [], calledBy: 'every core folder (the timers every wait runs on)' },
  { area: 'src/core/store/', face: 'index.ts', may: [CLOCK, SHARED], calledBy: 'every stateful core folder and the root' },
  { area: 'src/core/service/', face: 'index.ts', may: [CLOCK, SHARED], calledBy: 'every folder that calls the service' },
  {
    area: 'src/core/rules/',
    face: 'index.ts',
    may: [SHARED],
    node: false,
    why: 'The rules are pure.',
    calledBy: 'the log gate, sync, the outbox Fix, the timer',
  },
  {
    area: CONTEXT,
    may: [CLOCK, 'src/core/service/', 'src/core/store/', SHARED],
    calledBy: 'every folder (the clock, the bus, the session)',
  },
  {
    area: 'src/core/journal/',
    face: 'index.ts',
    may: [CLOCK, CONTEXT, 'src/core/store/', SHARED],
    calledBy: 'outbox, sync, week, timer and the root',
  },
  {
    area: 'src/core/catalog/',
    face: 'index.ts',
    may: [CLOCK, CONTEXT, 'src/core/service/', 'src/core/store/', SHARED],
    calledBy: 'the log rules, the timer and the root',
  },
  {
    area: 'src/core/account/',
    face: 'index.ts',
    may: [CLOCK, CONTEXT, 'src/core/service/', 'src/core/store/', SHARED],
    calledBy: 'the root',
  },
  { area: 'src/core/team/', face: 'index.ts', may: [CLOCK, CONTEXT, 'src/core/service/', 'src/core/store/', SHARED], calledBy: 'the root' },
  {
    area: 'src/core/outbox/',
    face: 'index.ts',
    may: [CLOCK, CONTEXT, 'src/core/journal/', 'src/core/rules/', 'src/core/service/', 'src/core/store/', SHARED],
    calledBy: 'sync, week, the log gate, the timer and the root',
  },
  {
    area: 'src/core/sync/',
    face: 'index.ts',
    may: [CLOCK, CONTEXT, 'src/core/journal/', 'src/core/outbox/', 'src/core/rules/', 'src/core/service/', 'src/core/store/', SHARED],
    // the send's steps (markSending, markApplied, markRefused ...) come through the outbox's face, and only here: SEND_STEPS
    calledBy: 'the log gate, the status and the root',
  },
  {
    area: 'src/core/week/',
    face: 'index.ts',
    may: [CLOCK, CONTEXT, 'src/core/journal/', 'src/core/outbox/', 'src/core/service/', 'src/core/store/', SHARED],
    calledBy: 'the log gate, the log rules, the timer and the root',
  },
  {
    area: 'src/core/timer/',
    face: 'index.ts',
    may: [
      CLOCK,
      CONTEXT,
      'src/core/',
      'src/core/catalog/',
      'src/core/journal/',
      'src/core/outbox/',
      'src/core/rules/',
      'src/core/service/',
      'src/core/store/',
      SHARED,
    ],
    // the timer records its stop through the log gate (a kernel file, not the core's face)
    doors: ['src/core/log-gate.ts'],
    calledBy: 'the root',
  },
  // the composition root: builds every module of the core, so it comes last; the core's face is its one caller
  {
    area: 'src/core/root/',
    face: 'index.ts',
    may: ['src/core/**', SHARED],
    // the core's own modules (the log gate and rules, the change feed, the status, the dispatcher ...) are the files
    // directly in src/core/, whose face (src/core/index.ts) is the shells' door, not the root's
    doors: ['src/core/'],
    calledBy: "the core's face (src/core/index.ts)",
  },
  // the core's own files: the log gate and rules, the change feed, the status, the dispatcher, the core's face
  // `rooms`: every folder directly in it is an area of its own, listed above (a new folder of the core without its line
  // would be read as the root's and escape the one-face rule)
  { area: 'src/core/', face: 'index.ts', rooms: true, may: ['src/core/**', SHARED], calledBy: 'the shells: src/cli, src/web, src/main' },
  // the rest of src
  { area: SHARED, may: [], node: false, why: 'src/shared runs in the browser too.', calledBy: 'everyone' },
  { area: 'src/loopback/', face: 'index.ts', may: [], calledBy: 'web mode and the sandbox' },
  {
    area: 'src/sandbox/',
    face: 'index.ts',
    may: ['src/loopback/', SHARED],
    calledBy: 'the shells (the demo service they hand the core), punch sandbox',
  },
  { area: 'src/cli/', may: ['src/core/', 'src/sandbox/', SHARED] },
  { area: 'src/web/', may: ['src/core/', 'src/sandbox/', 'src/loopback/', SHARED] },
  { area: 'src/main/', may: ['src/core/', 'src/sandbox/', SHARED], electron: true },
  { area: 'src/preload/', may: [SHARED], electron: true, node: false, why: 'The preload runs sandboxed: contextBridge only.' },
  {
    area: 'src/renderer/',
    may: [SHARED],
    node: false,
    why: 'The renderer talks to the core only through the bridge (src/renderer/src/bridge.ts).',
  },
  // tests, benchmarks, scripts: faces, or the inner module they test named in their header
  { area: 'test/unit/', may: ['src/**', 'test/fixtures/', 'test/tools/', 'scripts/**'], named: true, electron: true },
  { area: 'test/integration/', may: ['src/**', 'test/fixtures/', 'test/tools/', 'scripts/**', 'bin/'], named: true, electron: true },
  { area: 'test/fixtures/', may: ['src/**', 'test/tools/'], named: true, electron: true },
  { area: 'test/e2e/', may: ['src/**', 'test/fixtures/', 'test/tools/'], named: true },
  { area: 'test/tools/', may: [] },
  { area: 'bench/', may: ['src/**', 'test/fixtures/', 'test/tools/', 'bin/'], named: true },
  { area: 'scripts/', may: ['bin/'] },
  { area: 'bin/', may: ['src/cli/'] },
  // the build and test tools' own configuration
  ...['eslint.config.js', 'vitest.config.ts', 'playwright.config.ts'].map((area) => ({ area, may: ['scripts/**', 'test/tools/'] })),
  { area: 'electron.vite.config.ts', may: ['src/web/', SHARED, 'scripts/**'], electron: true },
];

const ASYNC_HOOKS_WORDS =
  'No node:async_hooks in src: pass per-call options (CallOptions: a deadline, a signal) explicitly, as the last parameter, instead of an ambient AsyncLocalStorage scope.';
/** `node:async_hooks` imported or required (the per-call options rule below). */
const NO_ASYNC_HOOKS = [
  ...['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression'].map((node) => ({
    selector: `${node}[source.value=/^(node:)?async_hooks$/]`,
    message: ASYNC_HOOKS_WORDS,
  })),
  { selector: "CallExpression[callee.name='require'][arguments.0.value=/^(node:)?async_hooks$/]", message: ASYNC_HOOKS_WORDS },
];
/** Node's timers: the core waits on the injected clock's (src/core/clock/clock.ts). */
const NODE_TIMERS = {
  paths: ['timers', 'node:timers', 'timers/promises', 'node:timers/promises'].map((name) => ({
    name,
    message: "No Node timers in the core: use the injected clock's (src/core/clock/clock.ts).",
  })),
};
/**
 * The steps of a send, as the outbox records them on an entry (src/core/outbox/send-steps.ts): its face exports them
 * for the sync engine, their one caller; the rest of the core records and asks through the face's other names.
 */
const SEND_STEPS = {
  patterns: [
    {
      regex: '(^|/)outbox(/index(\\.[jt]s)?)?$',
      importNames: [
        'ENDPOINT',
        'markAbsent',
        'markAmbiguous',
        'markApplied',
        'markRefused',
        'markRetry',
        'markSending',
        'markWaitingForServiceDay',
        'nextOperation',
        'noteAttempt',
      ],
      message:
        "The send's steps are the sync engine's (src/core/sync/): record a change or settle an entry through the outbox's other names (src/core/outbox/index.ts).",
    },
  ],
};

export default tseslint.config(
  {
    ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'reports/**', 'coverage/**', 'release/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    plugins: { house },
    rules: {
      'house/imports': ['error', { root: ROOT, map: HOUSE }],
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
      // the code's own conventions, which the recommended sets would otherwise refuse
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  // ESLint reads .js, .mjs and .cjs by itself and the TypeScript files through typescript-eslint's sets; a .jsx file
  // (the build takes one) was skipped by every rule, Electron in the core included.
  { files: ['**/*.jsx'] },
  // CommonJS files (the `punch` bin: an ES module entry costs Node's ES module loader at every start) require as CommonJS does
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // TypeScript checks names itself (ESLint's no-undef knows neither types nor DOM/Node globals per tsconfig).
  { files: ['**/*.{ts,tsx,mts}'], rules: { 'no-undef': 'off' } },
  { files: ['src/renderer/**/*.{ts,tsx}', 'test/e2e/**/*.ts'], languageOptions: { globals: { ...globals.browser } } },
  // Tests read the service's raw answers to compare them with what the app shows: `any` there is the test's own probe.
  { files: ['test/**/*.{ts,tsx,mts}'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  // A test proves a behaviour: one that asserts nothing (it only fills an array a later test reads, say) fails here. A
  // helper that asserts is named for it (`expect...`, `assert...`); a hook may assert what the tests it sets up rely on.
  {
    // .tsx and .mts too: vitest runs test/**/*.test.tsx, and a test there without an assertion passed the lint
    files: ['test/**/*.{ts,tsx,mts}'],
    plugins: { vitest },
    rules: {
      'vitest/expect-expect': ['error', { assertFunctionNames: ['expect', 'expect*', 'assert*', 'expect.*'] }],
      'vitest/no-standalone-expect': ['error', { additionalTestBlockFunctions: ['beforeAll', 'beforeEach', 'afterEach', 'afterAll'] }],
      'vitest/valid-expect': ['error', { maxArgs: 2 }],
      'vitest/valid-title': 'error',
      'vitest/no-identical-title': 'error',
      'vitest/no-conditional-expect': 'off',
    },
  },
  // Per-call options (a deadline, a signal) are passed explicitly, never carried by AsyncLocalStorage: an ambient scope
  // leaked into work that merely started inside it (the sync engine woken by a bounded read inherited its deadline, a
  // write too), and no signature said which calls a deadline covered (src/core/service/http/call-options.ts).
  {
    files: ['src/**/*.{ts,tsx,mts}'],
    rules: {
      'no-restricted-syntax': ['error', ...NO_ASYNC_HOOKS],
    },
  },
  // Every wait of the core runs on the injected clock (src/core/clock/clock.ts), so a test moves time instead of
  // sleeping: Node's timers, and the readings deadlines are made of, only in the real clock.
  {
    files: ['src/core/**/*.ts'],
    ignores: ['src/core/clock/clock.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate'].map((name) => ({
          name,
          message: `No ${name} in the core: use the injected clock's (Clock in src/core/clock/clock.ts), so a test can move time instead of waiting.`,
        })),
      ],
      'no-restricted-properties': [
        'error',
        ...['setTimeout', 'setInterval', 'setImmediate'].map((property) => ({
          object: 'globalThis',
          property,
          message: `No globalThis.${property} in the core: use the injected clock's (src/core/clock/clock.ts).`,
        })),
        {
          object: 'AbortSignal',
          property: 'timeout',
          message: 'No AbortSignal.timeout in the core: a timeout is a timer of the injected clock (src/core/clock/clock.ts).',
        },
        {
          object: 'Date',
          property: 'now',
          message: "No Date.now() in the core: the time is the injected clock's now() (src/core/clock/clock.ts), so a test can set it.",
        },
        {
          object: 'performance',
          property: 'now',
          message: "No performance.now() in the core: elapsed time is the injected clock's elapsed() (src/core/clock/clock.ts).",
        },
        {
          object: 'process',
          property: 'hrtime',
          message: "No process.hrtime in the core: the monotonic reading is the injected clock's (src/core/clock/clock.ts).",
        },
      ],
      // new Date() with no argument reads the wall clock as Date.now() does (a Date of a given time is fine); the core
      // keeps src's async_hooks rule too (a rule set here replaces the one set for src/**, it does not add to it)
      'no-restricted-syntax': [
        'error',
        ...NO_ASYNC_HOOKS,
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: "No new Date() in the core: the time is the injected clock's now() (src/core/clock/clock.ts); new Date(clock.now()).",
        },
      ],
      'no-restricted-imports': ['error', { ...NODE_TIMERS, ...SEND_STEPS }],
    },
  },
  // the send's steps: the outbox defines them, sync takes them (SEND_STEPS above)
  {
    files: ['src/core/sync/**/*.ts', 'src/core/outbox/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', NODE_TIMERS] },
  },
);
