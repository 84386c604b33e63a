import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx', 'sandbox/**/*.test.ts'],
    environment: 'node',
    pool: 'threads',
    testTimeout: 20_000,
    setupFiles: ['tests/setup/i18n.ts'],
  },
});
