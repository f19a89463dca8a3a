// @ts-check
/**
 * House rules, kept by a tool (`npm run lint`, run by `npm test` and CI):
 *  - the core (src/core) is plain Node: no 'electron' anywhere outside the Electron shell (src/main) and the preload;
 *  - each core folder has one face, its index.ts: other folders and the shells import only that, never its files;
 *  - the directions between core folders are written once, in CORE_FOLDERS below, and nothing imports upwards;
 *  - no import circle (scripts/check-import-cycles.mjs, type-only imports included, which ESLint's rules skip);
 *  - the renderer and src/shared stay free of Node, the core, the sandbox and the shells.
 */
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/**
 * Which core folders each core folder may import (through their faces). Everything not listed is refused. Above the
 * folders sit the core's own files (src/core/*.ts: the context, the log gate, the composition root), which may use
 * every folder; below them all is src/shared. `context` (src/core/context.ts: the clock, bus, session and stores every
 * module is handed) may be used by any folder.
 */
const CORE_FOLDERS = {
  service: [],
  store: [],
  account: ['service', 'store'],
  catalog: ['service', 'store'],
  outbox: ['service', 'store'],
  team: ['service', 'store'],
  week: ['outbox', 'service', 'store'],
  timer: ['catalog', 'service', 'store'],
};
/** The core's own files that a folder may use: the shared context, and the log gate (the timer records through it). */
const KERNEL_FOR_FOLDERS = { '*': ['context'], timer: ['context', 'log-gate'] };

/** The core's own files (src/core/*.ts), by name. */
const KERNEL = readdirSync(new URL('./src/core/', import.meta.url))
  .filter((f) => /^[a-z-]+\.ts$/.test(f) && f !== 'index.ts')
  .map((f) => f.slice(0, -3));

const ELECTRON = ['electron', 'electron-store', 'electron-updater', 'electron-vite', '@electron/*', '@electron-toolkit/*'];
const noElectron = {
  group: ELECTRON,
  message: 'Only the Electron shell (src/main) and the preload may import Electron: the core, punch and web mode run in plain Node.',
};
const SHELLS = 'cli|web|main|preload|renderer';

/** no-restricted-imports for one core folder: its allowed directions, faces only, nothing upwards. */
function coreFolderRule(folder) {
  const allowed = CORE_FOLDERS[folder];
  const refused = Object.keys(CORE_FOLDERS).filter((f) => f !== folder && !allowed.includes(f));
  const kernel = KERNEL_FOR_FOLDERS[folder] ?? KERNEL_FOR_FOLDERS['*'];
  return [
    'error',
    {
      patterns: [
        noElectron,
        { regex: '^\\.\\./(?!\\.)[^/]+/', message: 'Import another core folder through its face (../<folder>), never its files.' },
        ...(refused.length
          ? [
              {
                regex: `^\\.\\./(${refused.join('|')})$`,
                message: `src/core/${folder} may import only ${allowed.length ? allowed.join(', ') : 'src/shared'} of the core folders (CORE_FOLDERS in eslint.config.js).`,
              },
            ]
          : []),
        {
          regex: `^\\.\\./(${KERNEL.filter((k) => !kernel.includes(k)).join('|')}|index)$`,
          message: `src/core/${folder} may use only ${kernel.join(' and ')} of the core's own files: the others compose the folders.`,
        },
        {
          regex: `^(\\.\\./)+(${SHELLS})(/|$)`,
          message: 'The core knows no shell: cli, web, main, preload and renderer import the core, not the other way.',
        },
      ],
    },
  ];
}

const coreFolderConfigs = Object.keys(CORE_FOLDERS).map((folder) => ({
  files: [`src/core/${folder}/**/*.ts`],
  rules: { 'no-restricted-imports': coreFolderRule(folder) },
}));

export default tseslint.config(
  {
    ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'reports/**', 'coverage/**', 'release/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
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
  // TypeScript checks names itself (ESLint's no-undef knows neither types nor DOM/Node globals per tsconfig).
  { files: ['**/*.{ts,tsx,mts}'], rules: { 'no-undef': 'off' } },
  { files: ['src/renderer/**/*.{ts,tsx}', 'test/e2e/**/*.ts'], languageOptions: { globals: { ...globals.browser } } },
  // Tests read the service's raw answers to compare them with what the app shows: `any` there is the test's own probe.
  { files: ['test/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  // The core's own files (context, log gate, composition root): folders through their faces only.
  {
    files: ['src/core/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noElectron,
            { regex: '^\\./[^/]+/', message: 'Import a core folder through its face (./<folder>), never its files.' },
            {
              regex: `^\\.\\./(${SHELLS})(/|$)`,
              message: 'The core knows no shell: cli, web, main, preload and renderer import the core, not the other way.',
            },
          ],
        },
      ],
    },
  },
  ...coreFolderConfigs,
  // Per-call options (a deadline, a signal) are passed explicitly, never carried by AsyncLocalStorage: an ambient scope
  // leaked into work that merely started inside it (the sync engine woken by a bounded read inherited its deadline, a
  // write too), and no signature said which calls a deadline covered (src/core/service/call-options.ts). A separate
  // rule from no-restricted-imports, whose options each file group above sets for itself.
  {
    files: ['src/**/*.{ts,tsx,mts}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression'].map((node) => ({
          selector: `${node}[source.value=/^(node:)?async_hooks$/]`,
          message:
            'No node:async_hooks in src: pass per-call options (CallOptions: a deadline, a signal) explicitly, as the last parameter, instead of an ambient AsyncLocalStorage scope.',
        })),
        {
          selector: "CallExpression[callee.name='require'][arguments.0.value=/^(node:)?async_hooks$/]",
          message:
            'No node:async_hooks in src: pass per-call options (CallOptions: a deadline, a signal) explicitly, as the last parameter, instead of an ambient AsyncLocalStorage scope.',
        },
      ],
    },
  },
  // The shells: the core only through src/core/index.ts.
  {
    files: ['src/cli/**/*.ts', 'src/web/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [noElectron, { regex: '^(\\.\\./)+core/', message: 'Use the core through its face (src/core/index.ts).' }] },
      ],
    },
  },
  {
    files: ['src/main/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+core/', message: 'Use the core through its face (src/core/index.ts).' }] },
      ],
    },
  },
  // The loopback guard (Host, Origin, token, body, caps) shared by web mode's server and the demo service.
  {
    files: ['src/loopback/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noElectron,
            { regex: `^(\\.\\./)+(core|sandbox|${SHELLS})(/|$)`, message: 'The loopback guard stands alone: the servers import it.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noElectron,
            { regex: `^(\\.\\./)+(core|${SHELLS})(/|$)`, message: 'The sandbox is the service: it knows nothing of the app.' },
          ],
        },
      ],
    },
  },
  // What the renderer and the bridge contract may touch: browsers run them.
  {
    files: ['src/shared/**/*.ts', 'src/renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noElectron,
            { group: ['node:*'], message: 'The renderer and src/shared run in a browser too: no Node modules.' },
            {
              regex: `^(\\.\\./)+(core|sandbox|${SHELLS.replace('renderer|', '')})(/|$)`,
              message: 'The renderer talks to the core only through the bridge (src/renderer/src/bridge.ts).',
            },
          ],
        },
      ],
    },
  },
  // src/shared stands alone; its one sub-folder (i18n/) may use the rest of src/shared (one level up), nothing beyond.
  ...[
    { files: ['src/shared/*.ts'], outside: '^\\.\\./' },
    { files: ['src/shared/*/**/*.ts'], outside: '^\\.\\./\\.\\./' },
  ].map(({ files, outside }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noElectron,
            { group: ['node:*'], message: 'src/shared runs in the browser too: no Node modules.' },
            { regex: outside, message: 'src/shared stands alone: every process imports it, it imports none of them.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(core|sandbox|cli|web|main|renderer)(/|$)',
              message: 'The preload forwards the contract (src/shared/contract.ts) and nothing else.',
            },
          ],
        },
      ],
    },
  },
);
