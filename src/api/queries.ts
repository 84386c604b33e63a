/**
 * react-query hooks for the plain reads (DESIGN.md, Boundaries: views reach the API through actors
 * or these hooks). Query keys are stable tuples built here only, so invalidation after a change
 * (an address edit reloads the client, marking notifications read lowers the badge) hits the same
 * cache entries.
 */
import type { components } from '../../openapi/portal';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError, ERROR_KEYS } from './errors';
import { callOperation } from './operation';

/** A notification of the bell and its popup. */
export type Notification = components['schemas']['Notification'];

/** The query keys of the API reads. */
export const queryKeys = {
  client: (accountId: string) => ['api', 'client', accountId] as const,
  balance: (accountId: string) => ['api', 'balance', accountId] as const,
  notifications: (accountId: string) => ['api', 'notifications', accountId] as const,
  pixParticipants: () => ['api', 'pix-participants'] as const,
  /** The session's user (getMe); the token makes each session's read its own. */
  me: (token: string) => ['api', 'me', token] as const,
} as const;

/**
 * Retry only a read that never reached the bank (network failure), once. A time-out already
 * waited 120 s, and an HTTP error will not change by asking again.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && isApiError(error) && error.messageKey === ERROR_KEYS.network;
}

/** The client record and account number of an account (disabled until there is an account). */
export function useClient(accountId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.client(accountId ?? ''),
    queryFn: accountId
      ? ({ signal }) => callOperation('getClient', { path: { accountId } }, { signal })
      : skipToken,
    retry: shouldRetry,
  });
}

/**
 * The balances of an account. `fresh`: read again from the bank when the screen asks, not the
 * cached answer (a confirmation checks the balance the movement will meet).
 */
export function useBalance(accountId: string | undefined, { fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.balance(accountId ?? ''),
    ...(fresh ? { staleTime: 0 } : {}),
    queryFn: accountId
      ? ({ signal }) => callOperation('getBalance', { path: { accountId } }, { signal })
      : skipToken,
    retry: shouldRetry,
  });
}

/**
 * Whether the account's available (REAL) balance covers `cents` (2-money-movement.md §5: "if the
 * balance is below the total, the message for ERRORS.API.16"), read fresh while `accountId` is
 * given (a confirmation is open): `short` once the bank said it does not, `checking` while asking.
 * A failed read blocks nothing: the bank checks the balance again when the movement is sent.
 */
export function useBalanceCheck(
  accountId: string | undefined,
  cents: number,
): { short: boolean; checking: boolean } {
  const balance = useBalance(accountId, { fresh: true });
  if (!accountId) return { short: false, checking: false };
  const real = balance.data?.balances.find((b) => b.balanceType === 'REAL')?.amount;
  return {
    short: real !== undefined && Math.round(real * 100) < cents,
    checking: balance.isFetching,
  };
}

/**
 * The Pix participants (listPsps), which name the institution of an ISPB (a key's account, issue
 * 32 item 2); asked only when `enabled`. The list changes a few times a year: read once a session.
 */
export function usePixParticipants(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.pixParticipants(),
    queryFn: enabled ? ({ signal }) => callOperation('listPsps', {}, { signal }) : skipToken,
    staleTime: Infinity,
    retry: shouldRetry,
  });
}

/**
 * The signed-in user (getMe: functionalities, withdraw agent, device flag), read once per session:
 * every reader shares this key, and the answer stays fresh for the whole session (a new sign-in
 * brings a new token, hence a new key). `enabled: false` asks nothing (the session already keeps
 * what the reader needs). A flow that must see a changed device flag asks the bank itself (the Pix
 * hub's and claims' `getDeviceStatus` actors), not this cache.
 */
export function useMe(token: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.me(token ?? ''),
    queryFn: enabled && token ? ({ signal }) => callOperation('getMe', {}, { signal }) : skipToken,
    staleTime: Infinity,
    retry: shouldRetry,
  });
}

/** The notifications of an account. */
export function useNotifications(accountId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.notifications(accountId ?? ''),
    queryFn: accountId
      ? ({ signal }) => callOperation('listNotifications', { path: { accountId } }, { signal })
      : skipToken,
    retry: shouldRetry,
  });
}

/** Marks notifications read, then refetches the account's notifications (the badge follows). */
export function useMarkNotificationsRead(accountId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: Notification['idNotification'][]) =>
      callOperation('markNotificationsRead', { body: ids }),
    onSuccess: () => {
      if (accountId) return queryClient.invalidateQueries({ queryKey: queryKeys.notifications(accountId) });
      return undefined;
    },
  });
}
