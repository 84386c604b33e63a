import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Unit files run in one shared module registry per worker (see `projects`). */
const SHARED = [
  'sandbox/**/*.test.ts',
  'tests/machines/**/*.test.ts',
  'tests/validators/**/*.test.ts',
  'tests/agreement/**/*.test.ts',
  'tests/format/**/*.test.ts',
  'tests/api/**/*.test.ts',
  'tests/contract/**/*.test.ts',
];
/** Of those, the files that need modules loaded fresh: the production scrypt cost. */
const ISOLATED_AMONG_SHARED = ['sandbox/sim/passwords.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'threads',
    // One worker per core. Vitest's default in `run` mode is one fewer than the cores, which on the
    // project's 2-core machine is a single worker: the unit stage then ran its 130 files one after
    // another with a core idle (issue 8: see DESIGN "The gate's wall time").
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
    setupFiles: ['tests/setup/i18n.ts'],
    projects: [
      {
        // The files that import only functions and the sandbox (no DOM, no React) share one module
        // registry per worker (`isolate: false`): each file re-importing the machines, the
        // contract and the sandbox was most of their time (issue 8, the same 2,071 tests: 59 s of
        // wall isolated, 29 s shared). Their state is per test (each sandbox test builds its
        // server; no module mocks), and the one file that reads a module default another file
        // changes (the scrypt cost test-support.ts lowers) runs isolated below.
        extends: true,
        test: {
          name: 'shared',
          include: [...SHARED],
          exclude: [...ISOLATED_AMONG_SHARED],
          isolate: false,
        },
      },
      {
        // The views (jsdom, React, i18n), the harness, the readers and the exports: a module
        // registry per file, since they share state through modules (i18n's language, the shell's
        // notifications) with the files run before them.
        extends: true,
        test: {
          name: 'isolated',
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
          exclude: [...SHARED],
        },
      },
      { extends: true, test: { name: 'isolated-sandbox', include: [...ISOLATED_AMONG_SHARED] } },
    ],
  },
});
