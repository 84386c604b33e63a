/**
 * Starting a test already signed in: the session comes from the sandbox's login API and is put
 * where the portal keeps it (sessionStorage 'portal.session', src/runtime/session.ts) before the
 * portal's first script runs. Only the tests about signing in type credentials into /login; the
 * others save the form, the redirect and the first statement load of every test.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';
import { DEVICE_HEADER } from './sandbox';
import { expectSignedIn, type Lang } from './sign-in';

/** sessionStorage key of the session (SESSION_STORAGE_KEY of src/runtime/session.ts). */
export const SESSION_STORAGE_KEY = 'portal.session';

/** What src/runtime/session.ts keeps in sessionStorage. */
export interface StoredSession {
  token: string;
  account: { accountHolderId: string; accounts: { accountId: string }[]; isValidateDevice: boolean };
  username: string;
  client?: unknown;
  accountInfo?: unknown;
  functionalities: string[];
}

interface LoginData {
  token: string;
  accounts: { accountId: string }[];
  isValidateDevice: boolean;
  accountHolderId: string;
}

async function data<T>(what: string, res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!res.ok()) throw new Error(`${what} → ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** Signs in through the API as the login page does (POST /login, then the client of the first account). */
export async function apiSignIn(
  request: APIRequestContext,
  username: string,
  password: string,
): Promise<StoredSession> {
  const login = await data<LoginData>(
    'POST /api/login',
    await request.post('/api/login', { headers: DEVICE_HEADER, form: { username, password } }),
  );
  const accountId = login.accounts[0]?.accountId;
  if (!accountId) throw new Error(`${username} não tem conta no sandbox`);
  const client = await data<{ client: unknown; account: unknown }>(
    `GET /api/client/${accountId}`,
    await request.get(`/api/client/${accountId}`, {
      headers: { ...DEVICE_HEADER, Authorization: `Bearer ${login.token}` },
    }),
  );
  return {
    token: login.token,
    account: {
      accountHolderId: login.accountHolderId,
      accounts: login.accounts.map((a) => ({ accountId: a.accountId })),
      isValidateDevice: login.isValidateDevice,
    },
    username,
    client: client.client,
    accountInfo: client.account,
    functionalities: [],
  };
}

/**
 * Makes the pages of this test start with `session`, once: the first document of the tab gets it,
 * and a later /Logout really signs out (the marker stays, so a reload does not sign in again).
 */
export async function injectSession(page: Page, session: StoredSession): Promise<void> {
  await page.addInitScript(
    ([key, json]) => {
      if (sessionStorage.getItem('e2e.session.seeded')) return;
      sessionStorage.setItem('e2e.session.seeded', '1');
      sessionStorage.setItem(key, json);
    },
    [SESSION_STORAGE_KEY, JSON.stringify(session)] as const,
  );
}

/** A demo customer as e2e/support/demo.ts describes one. */
export interface Customer {
  email: string;
  password: string;
  name: string;
}

/**
 * Opens `route` (default /Statement) signed in as `who` through the API, and, on /Statement,
 * waits for the shell to greet them, as after a sign-in through the form.
 */
export async function startSignedIn(
  page: Page,
  who: Customer,
  { lang = 'pt-BR', route = '/Statement' }: { lang?: Lang; route?: string } = {},
): Promise<StoredSession> {
  // page.request shares the context's baseURL: this worker's sandbox.
  const session = await apiSignIn(page.request, who.email, who.password);
  await injectSession(page, session);
  await page.goto(route);
  if (route === '/Statement') await expectSignedIn(page, who.name, lang);
  else await expect(page).toHaveURL(new RegExp(`${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  return session;
}
