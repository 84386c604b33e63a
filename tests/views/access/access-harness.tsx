/**
 * Test helpers of the access screens: render a page under the app's providers with a memory
 * router, given fake actors the way the app gives the real ones (FlowActorsProvider), whose
 * promises the test settles.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { memoryLocation } from 'wouter/memory-location';
import '../../../src/i18n/i18n';
import { fromPromise } from 'xstate';
import { AppProviders } from '../../../src/app/providers';
import type { FlowActors } from '../../../src/runtime/flow-actors';

/** Renders `ui` under the app's providers at `path` (query string included), with these actors. */
export function renderPage(ui: ReactElement, path: string, flowActors: Partial<FlowActors>) {
  const memory = memoryLocation({ path, record: true });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <AppProviders location={memory} flowActors={flowActors}>
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

/** A recorded call of a fake actor: its input and the answer the test settles. */
export interface FakeCall {
  input: unknown;
  answer: unknown;
}

/** A fake actor typed as the machine declares it: each call is recorded and waits for the test. */
export function deferredActor<TOutput, TInput>(calls: FakeCall[]) {
  return fromPromise<TOutput, TInput>(({ input }) => {
    let resolve!: (value: TOutput) => void;
    let reject!: (reason: unknown) => void;
    const promise = new Promise<TOutput>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    calls.push({ input, answer: { promise, resolve, reject } });
    return promise;
  });
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
