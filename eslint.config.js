// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * The import boundaries of docs/DESIGN.md, enforced so that a wrong import fails `npm test`.
 * Each block lists what a layer must NOT import; paths are matched on the import specifier.
 */
const uiLibraries = [
  'react',
  'react-dom',
  'react-dom/*',
  '@xstate/react',
  'wouter',
  'styled-components',
  'react-final-form',
  '@tanstack/react-query',
  'react-i18next',
  'i18next',
];

/** import-x reads TypeScript sources and resolves them the way tsc does. */
const { 'import-x/resolver': _legacyResolver, ...typescriptSettings } =
  importX.flatConfigs.typescript.settings;
const importSettings = {
  ...typescriptSettings,
  'import-x/resolver-next': [createTypeScriptImportResolver()],
};

/** The feature areas: each folder of src/features. */
function featureAreas() {
  return readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'coverage',
      'reports',
      'test-results',
      'playwright-report',
      'openapi/portal.d.ts',
      '.data',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-expect-error': 'allow-with-description', 'ts-ignore': true },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // In TypeScript, unused locals and parameters are the compiler's (noUnusedLocals and
    // noUnusedParameters in tsconfig.json, which exempt a leading '_' as this rule did): the rule's
    // scope analysis was a fifth of this lint's time (51 of 251 s of rule time, TIMING=20,
    // 2026-11-28) for what the typecheck finds anyway. It stays on for the JavaScript files.
    files: ['**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-unused-vars': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Machines decide; they know nothing of React, HTTP, storage, the router or the app.
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...uiLibraries, 'openapi-fetch', '**/src/**', '**/sandbox/**'],
              message:
                'machines/ imports only xstate, type-only openapi/portal, machines/validators and pure domain libraries (DESIGN.md, Boundaries).',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'localStorage',
        'sessionStorage',
        'fetch',
        'navigator',
        'location',
      ],
    },
  },
  {
    // Only src/api talks HTTP.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['openapi-fetch'],
              message: 'Only src/api imports openapi-fetch (DESIGN.md, Boundaries).',
            },
            { group: ['**/sandbox/**'], message: 'The portal never imports the bank.' },
            {
              group: ['**/demo/**'],
              message: 'The demo users (demo/) are test and sandbox data: none reaches the public bundle.',
            },
          ],
        },
      ],
    },
  },
  {
    // src/api talks HTTP, but it too never imports the bank or its demo users.
    files: ['src/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/sandbox/**'], message: 'The portal never imports the bank.' },
            {
              group: ['**/demo/**'],
              message: 'The demo users (demo/) are test and sandbox data: none reaches the public bundle.',
            },
          ],
        },
      ],
    },
  },
  {
    // demo/ declares the demo users once for the sandbox, the fixtures, the tests and e2e: plain
    // data that every layer may import, so it imports nothing itself.
    files: ['demo/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ImportDeclaration, ExportAllDeclaration, ExportNamedDeclaration[source], ImportExpression',
          message: 'demo/ is plain data and imports nothing (DESIGN.md, Boundaries).',
        },
      ],
    },
  },
  {
    // clock/ is São Paulo's clock, the one calendar of the portal, the machines, the exports, the
    // sandbox and e2e: every layer may import it, so it imports nothing but the zone database.
    files: ['clock/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value!='@date-fns/tz'], ExportAllDeclaration, ExportNamedDeclaration[source], ImportExpression",
          message: 'clock/ imports only @date-fns/tz, so every layer may import it (DESIGN.md, Boundaries).',
        },
      ],
    },
  },
  {
    // Screens are used with a keyboard and a screen reader: the static checks of jsx-a11y.
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  // No import cycles either (module order would decide behaviour, lazy chunks would be tied
  // together): checked by scripts/import-cycles.ts in the unit tests, which parses each file once
  // where import-x/no-cycle took 59 % of this lint's time.
  // Every folder of src/features is an area, so a new area is covered the day it is created. The
  // rule works on resolved paths: a relative '../other-area/x' is caught as well as an alias.
  ...featureAreas().map((area) => ({
    files: [`src/features/${area}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: `./src/features/${area}`,
              from: './src/features',
              except: [`./${area}`],
              message: `src/features/${area} must not import another feature area; move shared code to src/ui, src/format or src/shell.`,
            },
            {
              target: `./src/features/${area}`,
              from: './src/app',
              message:
                'Features do not import the composition root: actors come from useFlowActors (src/runtime/flow-actors.tsx), session and config from src/runtime.',
            },
          ],
        },
      ],
    },
  })),
  {
    // The bank does not run the portal's code.
    files: ['sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/**', '**/machines/**', ...uiLibraries, 'openapi-fetch'],
              message: 'sandbox/ imports openapi/ and its own code only (DESIGN.md, Boundaries).',
            },
          ],
        },
      ],
      // A prepared statement is shared by every caller of its SQL (sandbox/db/statement-cache.ts):
      // none may change its mode or leave a cursor open on it.
      'no-restricted-properties': [
        'error',
        ...['pluck', 'expand', 'safeIntegers', 'iterate'].map((property) => ({
          property,
          message:
            'Prepared statements are shared (sandbox/db/statement-cache.ts): read rows with .get/.all.',
        })),
      ],
    },
  },
  {
    // Each worker has its own sandbox, started by the fixture that also sets baseURL: a spec that
    // took `test` from Playwright directly would have no server at all.
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message:
                "import { test, expect } from './support/reused-page' (one sandbox and one reused tab per worker), or from './support/fixtures' for a test that needs a new context (e2e/driver/README.md).",
            },
          ],
        },
      ],
    },
  },
);
