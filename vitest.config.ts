import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** Unit files run in one shared module registry per worker (see `projects`). */
const SHARED = [
  'sandbox/**/*.test.ts',
  'tests/machines/**/*.test.ts',
  'tests/validators/**/*.test.ts',
  'tests/agreement/**/*.test.ts',
  'tests/format/**/*.test.ts',
  'tests/api/**/*.test.ts',
  'tests/contract/**/*.test.ts',
  'tests/harness/**/*.test.ts',
  'tests/readers/**/*.test.ts',
  'tests/export/**/*.test.ts',
  'tests/project/**/*.test.ts',
  'tests/clock/**/*.test.ts',
];
/**
 * Of those, the files that need modules loaded fresh: the production scrypt cost (test-support.ts
 * lowers it), and a spy on HTMLAnchorElement's click.
 */
const ISOLATED_AMONG_SHARED = ['sandbox/sim/passwords.test.ts', 'tests/export/download.test.ts'];

/**
 * The tests of São Paulo's clock and of what reads it (clock/sao-paulo.ts; issue 25): run again in
 * a zone ahead of São Paulo (Tokyo, already on the next day at 23:30 there) and in one behind it
 * (Rio Branco, still on the previous day at 00:30), where a date taken from the machine's zone
 * instead of São Paulo's is wrong. tests/clock/time-zone.test.ts proves the zone took effect.
 */
const CLOCK_SENSITIVE = [
  'tests/clock/**/*.test.ts',
  'tests/format/dates.test.ts',
  'tests/export/helpers.test.ts',
  'tests/validators/pix-statement-rules.property.test.ts',
  'sandbox/sim/dates.test.ts',
  'sandbox/sim/boleto-pdf.test.ts',
  'sandbox/sim/pix-limit-rules.property.test.ts',
  'tests/views/pix/pix-key-page-today.test.tsx',
  'tests/views/payments/bill-payment-page-today.test.tsx',
];
/** Asserts the zone of a clock project: it runs in those projects only. */
const ZONE_CHECK = 'tests/clock/time-zone.test.ts';

/**
 * A project of the clock-sensitive tests in `zone`. TZ is set through the project's `env`, which
 * vitest writes to process.env before any test file is imported; Node then re-reads the zone for
 * Date and Intl. The zone is one per process (ICU's default), so these run in forks of their own,
 * never in threads sharing a process with files of another zone.
 */
function inZone(name: string, zone: string): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name,
      include: [...CLOCK_SENSITIVE, ZONE_CHECK],
      pool: 'forks',
      env: { TZ: zone },
    },
  };
}

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'threads',
    // One worker per core. Vitest's default in `run` mode is one fewer than the cores, which on the
    // project's 2-core machine is a single worker: the unit stage then ran its 130 files one after
    // another with a core idle (issue 8: see docs/JOURNAL.md "The gate's wall time").
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
    setupFiles: ['tests/setup/i18n.ts'],
    projects: [
      {
        // The files with no React view share one module registry per worker (`isolate: false`):
        // each file re-importing the machines, the contract and the sandbox was most of their time
        // (issue 8: the 2,071 tests of sandbox, machines, validators, agreement, format, api and
        // contract took 59 s of wall isolated, 29 s shared; with the harness, readers, exports and
        // project checks too, the unit stage took 108 and 104 s against 123 and 114). Their state
        // is per test (each sandbox test builds its server; no module mocks); the files that read a
        // module default another file changes, or mock a prototype, run isolated below.
        extends: true,
        test: {
          name: 'shared',
          include: [...SHARED],
          exclude: [...ISOLATED_AMONG_SHARED, ZONE_CHECK],
          isolate: false,
        },
      },
      {
        // The views (jsdom, React, i18n) and the viewer: a module registry per file, since they
        // share state through modules (i18n's language, the shell's notifications) with the files
        // run before them.
        extends: true,
        test: {
          name: 'isolated',
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
          exclude: [...SHARED],
        },
      },
      { extends: true, test: { name: 'isolated-exceptions', include: [...ISOLATED_AMONG_SHARED] } },
      inZone('clock-tokyo', 'Asia/Tokyo'),
      inZone('clock-rio-branco', 'America/Rio_Branco'),
    ],
  },
});
