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
/** The React views, sharing a registry with per-file resets (tests/setup/views.ts). */
const VIEWS = ['tests/views/**/*.test.tsx'];
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
        // The React views (jsdom): one module registry per worker too. Each file re-importing React,
        // styled-components, i18n and the app's modules into a fresh registry was most of their CPU
        // (previous measurement: 169 s isolated against 96 s shared, summed over workers). Vitest
        // still gives each file a fresh jsdom window; what the app keeps in module-level singletons
        // (the react-query client, the session store, i18n's language, RTL's cleanup hook) is reset
        // between files by tests/setup/views.ts.
        extends: true,
        test: {
          name: 'views',
          include: [...VIEWS],
          isolate: false,
          setupFiles: ['tests/setup/i18n.ts', 'tests/setup/views.ts'],
        },
      },
      {
        // The rest (the i18n catalogues, the auditors' viewer): a module registry per file.
        extends: true,
        test: {
          name: 'isolated',
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
          exclude: [...SHARED, ...VIEWS],
        },
      },
      { extends: true, test: { name: 'isolated-exceptions', include: [...ISOLATED_AMONG_SHARED] } },
      inZone('clock-tokyo', 'Asia/Tokyo'),
      inZone('clock-rio-branco', 'America/Rio_Branco'),
    ],
  },
});
