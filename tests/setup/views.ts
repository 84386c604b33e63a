/**
 * Per-file resets for the view tests, which share one module registry per worker (`isolate: false`
 * in vitest.config.ts): what one file leaves in a module-level singleton must not reach the next.
 * Each entry names the state a view test can leave behind.
 */
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { appQueryClient } from '../../src/app/query-client';
import { clearFirstLoginHandoff } from '../../src/features/access/handoff';
import { DEFAULT_LANGUAGE, i18n } from '../../src/i18n/i18n';
import { session } from '../../src/runtime/session';
import { forgetBankList } from '../../src/ui/bank-list';

// React Testing Library registers its automatic cleanup once, when first imported: with a shared
// registry only the first file would get it.
afterEach(() => {
  cleanup();
});

async function resetShared(): Promise<void> {
  vi.useRealTimers();
  vi.restoreAllMocks();
  appQueryClient().clear(); // cached reads answered by another file's fake bank
  session.clear(); // the signed-in holder of the previous file
  clearFirstLoginHandoff();
  forgetBankList(); // the bank list another file's page loaded (the first test of bank-select expects it unloaded)
  sessionStorage.clear();
  localStorage.clear();
  if (i18n.language !== DEFAULT_LANGUAGE) await i18n.changeLanguage(DEFAULT_LANGUAGE);
}

beforeAll(resetShared);
afterAll(resetShared);
