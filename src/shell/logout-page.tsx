import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { logout } from '../api/access';
import { AppQueryProvider } from '../app/query-provider';
import { session } from '../runtime/session';
import { Spinner } from '../ui/spinner';

/** The logout call is best effort: after this long the user is signed out locally anyway. */
export const LOGOUT_CALL_BOUND_MS = 5_000;

// One call per token, even when React runs the effect twice (StrictMode) or the page remounts.
const pending = new Map<string, Promise<void>>();

/** Calls DELETE /logout for `token` once, bounded by {@link LOGOUT_CALL_BOUND_MS}; never throws. */
export function logoutOnce(token: string): Promise<void> {
  const existing = pending.get(token);
  if (existing) return existing;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), LOGOUT_CALL_BOUND_MS);
  const call = logout({ signal: controller.signal })
    .then(() => undefined)
    .catch(() => undefined)
    .finally(() => {
      clearTimeout(timer);
      pending.delete(token);
    });
  pending.set(token, call);
  return call;
}

/**
 * /Logout (§2, §4): calls logout (best effort, with the token still attached), then clears the
 * session and every cached read, and goes to /login.
 */
export default function LogoutPage() {
  return (
    <AppQueryProvider>
      <Logout />
    </AppQueryProvider>
  );
}

function Logout() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => {
    let active = true;
    const token = session.getToken();
    const finish = () => {
      session.clear();
      queryClient.clear();
      if (active) navigate('/login', { replace: true });
    };
    if (token) void logoutOnce(token).then(finish);
    else finish();
    return () => {
      active = false;
    };
  }, [navigate, queryClient]);
  return (
    <div
      role="status"
      style={{ display: 'flex', gap: 12, alignItems: 'center', justifyContent: 'center', padding: 48 }}
    >
      <Spinner />
      <h1 style={{ fontSize: '1.25rem', margin: 0 }}>{t('SHELL.LOGGING_OUT')}</h1>
    </div>
  );
}
