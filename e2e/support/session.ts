/**
 * Starting a test already signed in: the session comes from the sandbox's login API and is put
 * where the portal keeps it (sessionStorage 'portal.session', src/runtime/session.ts) before the
 * portal's first script runs. Only the tests about signing in type credentials into /login; the
 * others save the form, the redirect and the first statement load of every test.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { perPage } from '../driver/per-page';
import { expect } from './fixtures';
import { DEVICE_HEADER, SETUP_HEADER } from './sandbox';
import { DEMO_USERS, MARIA, type Customer } from './demo';
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
  /** The withdraw agent the shell reads once from getMe (src/shell/use-permissions.ts); null: none. */
  withdrawAgent?: unknown;
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

/** The trusted-device cookie of the demo customer with this user name (demo/users.ts `device`), if any. */
export function demoDeviceCookie(username: string): string | undefined {
  const wanted = username.toLowerCase();
  for (const demo of Object.values(DEMO_USERS) as readonly {
    logins: readonly { username: string; typed: string }[];
    device?: { cookie: string };
  }[])
    if (demo.logins.some((l) => l.username.toLowerCase() === wanted || l.typed.toLowerCase() === wanted))
      return demo.device?.cookie;
  return undefined;
}

/**
 * Signs in through the API as the login page does (POST /login, then the client of the first
 * account), from the browser's device cookie when it has one (a demo customer's trusted device),
 * with the permissions the shell would read once from getMe (src/shell/use-permissions.ts): a test
 * starts where a signed-in portal stands, and the getMe calls a flow's test holds and releases are
 * the flow's own, not the shell's first read.
 */
export async function apiSignIn(
  request: APIRequestContext,
  username: string,
  password: string,
  cookie: string | undefined = demoDeviceCookie(username),
): Promise<StoredSession> {
  const login = await data<LoginData>(
    'POST /api/login',
    await request.post('/api/login', {
      headers: { ...DEVICE_HEADER, ...SETUP_HEADER },
      form: { username, password, ...(cookie ? { cookie } : {}) },
    }),
  );
  const accountId = login.accounts[0]?.accountId;
  if (!accountId) throw new Error(`${username} não tem conta no sandbox`);
  // The client and the permissions need only the token: asked together, one round trip less.
  const headers = { ...DEVICE_HEADER, ...SETUP_HEADER, Authorization: `Bearer ${login.token}` };
  const [client, me] = await Promise.all([
    request
      .get(`/api/client/${accountId}`, { headers })
      .then((res) => data<{ client: unknown; account: unknown }>(`GET /api/client/${accountId}`, res)),
    request
      .get('/api/me', { headers })
      .then((res) => data<{ functionalities?: string[]; withdrawAgent?: unknown }>('GET /api/me', res)),
  ]);
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
    functionalities: [...(me.functionalities ?? [])],
    withdrawAgent: me.withdrawAgent ?? null,
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

const sessions = perPage((): Map<string, StoredSession> => new Map());

/**
 * `who`'s API session for this page: signed in once through the login API (page.request shares the
 * context's baseURL, this worker's sandbox), then the same session for the rest of the test, so the
 * token a test uses for its own API calls is the one the portal holds.
 */
export async function sessionOf(page: Page, who: Customer = MARIA): Promise<StoredSession> {
  const byUser = sessions(page);
  let session = byUser.get(who.email);
  if (!session) {
    session = await apiSignIn(page.request, who.email, who.password);
    byUser.set(who.email, session);
  }
  return session;
}

export interface StartOptions {
  lang?: Lang;
  /** The first page opened; /Statement unless told. */
  route?: string;
  /**
   * What to wait for once there: the shell's greeting (the default on /Statement), the URL (the
   * default elsewhere), or nothing (the flow bindings, whose call gates hold the page's first calls).
   */
  waitFor?: 'greeting' | 'url' | 'nothing';
  /** For the URL wait (a statement of thousands of entries takes longer). */
  timeout?: number;
}

/**
 * The one way a test starts signed in without typing credentials: opens `route` (default
 * /Statement) with `who`'s API session (sessionOf) in sessionStorage before the portal's first
 * script runs. Only the tests about signing in use the login page (e2e/support/sign-in.ts).
 */
export async function startSignedIn(
  page: Page,
  who: Customer = MARIA,
  { lang = 'pt-BR', route = '/Statement', waitFor, timeout }: StartOptions = {},
): Promise<StoredSession> {
  const session = await sessionOf(page, who);
  await injectSession(page, session);
  await page.goto(route);
  const wait = waitFor ?? (route === '/Statement' ? 'greeting' : 'url');
  if (wait === 'greeting') await expectSignedIn(page, who.name, lang);
  else if (wait === 'url')
    await expect(page).toHaveURL(new RegExp(`${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), {
      ...(timeout ? { timeout } : {}),
    });
  return session;
}
