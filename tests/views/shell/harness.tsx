import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { memoryLocation } from 'wouter/memory-location';
import '../../../src/i18n/i18n';
import { createApiClient, setApiClient } from '../../../src/api/client';
import { accessFlowActors } from '../../../src/app/actors/access-actors';
import { profileFlowActors } from '../../../src/app/actors/profile-actors';
import { statementFlowActors } from '../../../src/app/actors/statement-actors';
import { AppProviders } from '../../../src/app/providers';
import { session, type SessionData } from '../../../src/runtime/session';
import { DEMO_USERS } from '../../../demo/users';

/** The app's real actors of every area, as its routes give them; they call the fake bank. */
const realActors = { ...accessFlowActors, ...statementFlowActors, ...profileFlowActors };

/** One request the fake bank received. */
export interface Call {
  method: string;
  path: string;
  /** The query string, `?start=…` or ''. */
  search: string;
  body: unknown;
  authorization: string | null;
}

type Answer = { status?: number; body?: unknown } | undefined;
type Handler = (call: Call) => Answer | Promise<Answer>;

/**
 * A fake bank behind the real API client (middleware included): `handler` answers by method and
 * path (without the /api base), at once or later (a promise); unanswered calls get 404. Returns
 * the list of calls.
 */
export function fakeBank(handler: Handler): Call[] {
  const calls: Call[] = [];
  setApiClient(
    createApiClient({
      baseUrl: 'http://bank.test/api',
      getToken: () => session.getToken(),
      fetch: async (request) => {
        const url = new URL(request.url);
        const text = await request.text();
        const call: Call = {
          method: request.method,
          path: url.pathname.replace(/^\/api/, ''),
          search: url.search,
          body: text ? (JSON.parse(text) as unknown) : undefined,
          authorization: request.headers.get('Authorization'),
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

/** A signed-in session of the demo client. */
export function signIn(patch: Partial<SessionData> = {}): SessionData {
  const data: SessionData = {
    token: 'token-123',
    account: { accountHolderId: 'holder-1', accounts: [{ accountId: 'acc-1' }], isValidateDevice: false },
    username: DEMO_USERS.maria.email,
    functionalities: [],
    // Known, as after the shell's getMe (src/shell/use-permissions.ts): not an agent.
    withdrawAgent: null,
    client: {
      name: DEMO_USERS.maria.name,
      taxIdentifier: { taxId: DEMO_USERS.maria.taxId, country: 'BRA' },
      accountHolderId: 'holder-1',
      hasPixPermission: true,
    },
    ...patch,
  };
  session.set(data);
  return data;
}

/** Renders `ui` under the app's providers at `path`, with a memory router and a fresh cache. */
export function renderWithApp(ui: ReactElement, path = '/') {
  const memory = memoryLocation({ path, record: true });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result: RenderResult = render(
    <AppProviders location={memory} flowActors={realActors}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </AppProviders>,
  );
  return { ...result, memory, queryClient };
}
