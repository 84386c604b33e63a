/**
 * Test helpers of the access screens: render a page under the app's providers with a memory
 * router, and fake actors whose promises the test settles.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { memoryLocation } from 'wouter/memory-location';
import '../../../src/i18n/i18n';
import { AppProviders } from '../../../src/app/providers';

/** Renders `ui` under the app's providers at `path` (query string included). */
export function renderPage(ui: ReactElement, path: string) {
  const memory = memoryLocation({ path, record: true });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <AppProviders location={memory}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </AppProviders>,
  );
  return { ...result, memory };
}

/** A promise the test resolves or rejects when it wants (the fake actors create them). */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

/** An ApiError-like failure (the machines read errors structurally). */
export function apiFailure(init: {
  status: number;
  code?: number;
  messageKey: string;
  serverMessage?: string;
}) {
  return {
    name: 'ApiError',
    message: init.messageKey,
    group: 'API',
    fieldMessages: [],
    silent: init.code === 313,
    sessionExpired: false,
    display: init.serverMessage ? 'server' : 'catalogue',
    ...init,
  };
}
