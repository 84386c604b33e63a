/**
 * Composition root of the access area: the real actors of the access machines, each one call of
 * src/api. Views give them to their machine with `machine.provide({ actors })`; tests give fakes
 * the same way. Keys are the machines' actor names (their `setup({ actors })`).
 */
import { fromPromise } from 'xstate';
import type { FlowActors } from '../../runtime/flow-actors';
import type { LoadClientActorOutput } from '../../../machines/access/login.machine';
import type { LogoutActorOutput } from '../../../machines/access/logout.machine';
import { login } from '../../api/access';
import { call, createApiClient, deviceHeader } from '../../api/client';
import { callOperation, fromOperation } from '../../api/operation';

/**
 * GET /client/{accountId} with the token login just returned. The session is stored only once the
 * machine has finished (the view does it), so the shared client has no token yet; a client bound
 * to this token also keeps a stale session's token (or its expiry) out of the new sign-in.
 */
function getClientWithToken(
  accountId: string,
  token: string,
  signal: AbortSignal,
): Promise<LoadClientActorOutput> {
  const client = createApiClient({ getToken: () => token, onSessionExpired: () => undefined });
  return call('getClient', () =>
    client.GET('/client/{accountId}', { params: { header: deviceHeader(), path: { accountId } }, signal }),
  );
}

/** Actors of machines/access/login.machine.ts. */
export const loginActors = {
  login: fromPromise(({ input, signal }) => login(input, { signal })),
  loadClient: fromPromise(({ input, signal }) => getClientWithToken(input.accountId, input.token, signal)),
} satisfies FlowActors['login'];

interface PendingLogout {
  call: Promise<LogoutActorOutput>;
  controller: AbortController;
  waiting: number;
}

// One call per token across machines: a /Logout page mounted again while its call runs (React's
// StrictMode runs effects twice, restarting the invoked actor; a second /Logout of the same
// session) waits for the call already made instead of making another.
const pendingLogouts = new Map<string, PendingLogout>();

/**
 * DELETE /logout for `token`, made once while it runs. The shared client attaches the session's
 * token, which is `token`: the view clears the session only once the machine has ended (a 401 of
 * this call is ignored by the shell's listener, the page being /Logout). The call is abandoned
 * (aborted) only when every machine waiting for it has stopped waiting (left `calling`: the 5 s
 * bound); the check is deferred one task, so that a machine stopped and started again at once
 * (StrictMode) keeps the same call.
 */
function logoutOnce(token: string, signal: AbortSignal): Promise<LogoutActorOutput> {
  let pending = pendingLogouts.get(token);
  if (!pending) {
    const controller = new AbortController();
    const entry: PendingLogout = {
      controller,
      waiting: 0,
      call: callOperation('logout', {}, { signal: controller.signal }).finally(() => {
        if (pendingLogouts.get(token) === entry) pendingLogouts.delete(token);
      }),
    };
    pendingLogouts.set(token, entry);
    pending = entry;
  }
  const entry = pending;
  entry.waiting += 1;
  signal.addEventListener(
    'abort',
    () => {
      entry.waiting -= 1;
      setTimeout(() => {
        if (entry.waiting === 0) entry.controller.abort();
      }, 0);
    },
    { once: true },
  );
  return entry.call;
}

/** Actors of machines/access/logout.machine.ts (/Logout). */
export const logoutActors = {
  logout: fromPromise(({ input, signal }) => logoutOnce(input.token, signal)),
} satisfies FlowActors['logout'];

/** Actors of machines/access/verify-link.machine.ts. */
export const verifyLinkActors = {
  verifyAction: fromOperation('verifyAction', ({ action, hash }) => ({ path: { action }, body: { hash } })),
} satisfies FlowActors['verify-link'];

/** Actors of machines/access/password-setup.machine.ts (/FirstAcess, /ResetPassword). */
export const passwordSetupActors = {
  savePassword: fromOperation('savePassword', (body) => ({ body })),
} satisfies FlowActors['first-access'];

/** Actors of machines/access/change-password.machine.ts (both its flows: change-password, first-login). */
export const changePasswordActors = {
  changePassword: fromOperation('changePassword', ({ username, currentPassword, newPassword }) => ({
    path: { username },
    body: { currentPassword, newPassword },
  })),
} satisfies FlowActors['change-password'] & FlowActors['first-login'];

/** Actors of machines/access/change-by-code.machine.ts. */
export const changeByCodeActors = {
  hasValidPasswordChangeCode: fromOperation('hasValidPasswordChangeCode', ({ taxId }) => ({
    path: { taxId },
  })),
  verifyEmail: fromOperation('verifyEmail', (body) => ({ body })),
  sendPasswordChangeCode: fromOperation('sendPasswordChangeCode', (body) => ({ body })),
  verifyPasswordChangeCode: fromOperation('verifyPasswordChangeCode', (body) => ({ body })),
  changePasswordWithCode: fromOperation('changePasswordWithCode', (body) => ({ body })),
} satisfies FlowActors['change-by-code'];

/** What the access area's pages receive through FlowActorsProvider (src/app/routes.tsx). */
export const accessFlowActors = {
  login: loginActors,
  'verify-link': verifyLinkActors,
  'first-access': passwordSetupActors,
  'reset-password': passwordSetupActors,
  'first-login': changePasswordActors,
  'change-password': changePasswordActors,
  'change-by-code': changeByCodeActors,
  logout: logoutActors,
} satisfies Partial<FlowActors>;
