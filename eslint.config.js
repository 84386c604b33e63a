// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
          ],
        },
      ],
    },
  },
  ...['access', 'statement', 'profile', 'transfer', 'payment', 'pix', 'audit'].map((area) => ({
    // A feature area does not import another feature area; shared code lives in ui, format or shell.
    files: [`src/features/${area}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['openapi-fetch'], message: 'Only src/api imports openapi-fetch.' },
            { group: ['**/sandbox/**'], message: 'The portal never imports the bank.' },
            {
              group: [`**/features/!(${area})/**`],
              message: `src/features/${area} must not import another feature area; move shared code to src/ui, src/format or src/shell.`,
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
                "import { test, expect } from './support/fixtures' (its own sandbox per worker; e2e/driver/README.md).",
            },
          ],
        },
      ],
    },
  },
);
