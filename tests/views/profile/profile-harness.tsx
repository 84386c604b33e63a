/**
 * Test helpers of the profile screens: the app's providers with a memory router, a signed-in
 * session of the demo client, and a fake bank behind the REAL API client (middleware, error
 * catalogue and the profile's real actors included), answering by method and path.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { memoryLocation } from 'wouter/memory-location';
import '../../../src/i18n/i18n';
import { createApiClient, setApiClient } from '../../../src/api/client';
import { profileFlowActors } from '../../../src/app/actors/profile-actors';
import { AppProviders } from '../../../src/app/providers';
import { session, type SessionData } from '../../../src/runtime/session';
import { DEMO_USERS } from '../../../demo/users';
import {
  PROFILE_ACCOUNT,
  PROFILE_ACCOUNT_INFO,
  PROFILE_CLIENT,
} from '../../../machines/profile/profile-sample-data';

/** The profile area's real actors, as its routes give them; they call the fake bank. */
const realActors = profileFlowActors;

/** One request the fake bank received. */
export interface BankCall {
  method: string;
  path: string;
  /** The query string's parameters (e.g. GetLink's keyId). */
  query: Record<string, string>;
  body: unknown;
}

/** What the fake bank answers: a status and a body (default 200 and `{}`). */
export interface BankAnswer {
  status?: number;
  body?: unknown;
}

/** An answer given later, when the test settles it (to look at a busy state). */
export interface Gate {
  promise: Promise<BankAnswer>;
  open: (answer: BankAnswer) => void;
}

export function gate(): Gate {
  let open!: (answer: BankAnswer) => void;
  const promise = new Promise<BankAnswer>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

type Handler = (call: BankCall) => BankAnswer | Promise<BankAnswer> | undefined;

/** Points the API client at a fake bank; unanswered calls get 404. Returns the calls made. */
export function fakeBank(handler: Handler): BankCall[] {
  const calls: BankCall[] = [];
  setApiClient(
    createApiClient({
      baseUrl: 'http://bank.test/api',
      getToken: () => session.getToken(),
      onSessionExpired: () => undefined,
      fetch: async (request) => {
        const url = new URL(request.url);
        const text = await request.text();
        const call: BankCall = {
          method: request.method,
          path: url.pathname.replace(/^\/api/, ''),
          query: Object.fromEntries(url.searchParams),
          body: text ? (JSON.parse(text) as unknown) : undefined,
        };
        calls.push(call);
        const answer = (await handler(call)) ?? { status: 404, body: { error: { code: 99 } } };
        return new Response(JSON.stringify(answer.body ?? {}), {
          status: answer.status ?? 200,
          headers: { 'Content-Type': 'application/json' },
        });
      },
    }),
  );
  return calls;
}

/** The address-book path of the demo account. */
export const BOOK_PATH = `/client/${PROFILE_ACCOUNT.accountHolderId}/account/${PROFILE_ACCOUNT.accountId}/address`;
/** The client paths of the demo account. */
export const CLIENT_PATH = `/client/${PROFILE_ACCOUNT.accountId}`;
export const CLIENT_UPDATE_PATH = `/client/${PROFILE_ACCOUNT.accountHolderId}/account/${PROFILE_ACCOUNT.accountId}`;

/** The success envelope of the contract. */
export const ok = (data: unknown): BankAnswer => ({ status: 200, body: { data } });

/** A signed-in session of the demo client (Maria). */
export function signIn(patch: Partial<SessionData> = {}): SessionData {
  const data: SessionData = {
    token: 'token-123',
    account: {
      accountHolderId: PROFILE_ACCOUNT.accountHolderId,
      accounts: [{ accountId: PROFILE_ACCOUNT.accountId }],
      isValidateDevice: false,
    },
    username: DEMO_USERS.maria.email,
    functionalities: [],
    client: PROFILE_CLIENT,
    accountInfo: PROFILE_ACCOUNT_INFO,
    ...patch,
  };
  session.set(data);
  return data;
}

/** Renders `ui` under the app's providers at `path`, with a fresh query cache. */
export function renderWithApp(ui: ReactElement, path = '/') {
  const memory = memoryLocation({ path, record: true });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = render(
    <AppProviders location={memory} flowActors={realActors}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </AppProviders>,
  );
  return { ...result, memory, queryClient };
}
