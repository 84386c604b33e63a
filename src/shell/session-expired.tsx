import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { rememberReturn } from '../runtime/resume';
import { session } from '../runtime/session';
import { useToast } from '../ui/toasts';
import { onSessionExpired } from './session-events';

/** Where an expired session leads (1-access-shell-statement.md §8: HTTP 401 → /Logout). */
export const LOGOUT_PATH = '/Logout';

/**
 * 1-access-shell-statement.md §8: on HTTP 401 show 'Login expirado.' and go to /Logout. A 401 of
 * the logout call itself (the token is already dead) is ignored: we are leaving anyway. The page
 * the customer was on is remembered for the next sign-in (issue 32, src/runtime/resume.ts).
 */
export function SessionExpiredListener() {
  const { t } = useTranslation();
  const toast = useToast();
  const [location, navigate] = useLocation();
  useEffect(
    () =>
      onSessionExpired(() => {
        if (location.toLowerCase() === LOGOUT_PATH.toLowerCase()) return;
        const holderId = session.getSnapshot()?.account.accountHolderId;
        if (holderId) rememberReturn(holderId, location);
        toast.warning(t('SHELL.SESSION_EXPIRED'));
        navigate(LOGOUT_PATH, { replace: true });
      }),
    [location, navigate, t, toast],
  );
  return null;
}
