import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { refreshSession } from '../api/access';
import { describeApiError, isApiError } from '../api/errors';
import { session } from '../runtime/session';
import { LOGOUT_PATH } from './session-expired';
import { publishSessionExpired } from './session-events';
import { useSession } from './use-session';

/** How long before the token ends the customer is asked whether to stay (issue 32). */
export const SESSION_WARNING_MS = 2 * 60_000;

const loadDialog = () => import('./session-warning-dialog');
const SessionWarningDialog = lazy(loadDialog);

/**
 * Issue 32: the session used to end without a word, and the next click lost the page's work. Two
 * minutes before the token ends (its `expiresAt`, from the bank's `expiresInSeconds`) a dialog
 * says how long is left and offers to stay signed in (refreshSession: a new token, the session
 * store renewed) or to leave. If the time runs out, the session ends as a 401 would: 'Login
 * expirado.', the page remembered for the next sign-in (SessionExpiredListener), /Logout.
 *
 * Timers in a hidden tab or a sleeping laptop run late, so the time is read again whenever the tab
 * is shown, and what counts is the clock, not the number of ticks.
 */
export function SessionTimeout() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const expiresAt = useSession()?.expiresAt;
  const [now, setNow] = useState(() => Date.now());
  const [renewing, setRenewing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const warning = expiresAt !== undefined && now >= expiresAt - SESSION_WARNING_MS;
  const expired = expiresAt !== undefined && now >= expiresAt;

  useEffect(() => {
    if (expiresAt === undefined) return;
    // Fetched now, while the network is there, not when the warning is due.
    void loadDialog().catch(() => undefined);
    const read = () => setNow(Date.now());
    read();
    const untilWarning = expiresAt - SESSION_WARNING_MS - Date.now();
    // Before the warning one timer; during it a tick a second for the countdown.
    const timer = untilWarning > 0 ? window.setTimeout(read, untilWarning) : window.setInterval(read, 1000);
    document.addEventListener('visibilitychange', read);
    return () => {
      window.clearTimeout(timer);
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', read);
    };
  }, [expiresAt, warning]);

  useEffect(() => {
    if (expired) publishSessionExpired();
  }, [expired]);

  // A new token (or a new session) starts the dialog afresh.
  useEffect(() => setFailure(null), [expiresAt]);

  const stay = async () => {
    setRenewing(true);
    setFailure(null);
    try {
      const renewed = await refreshSession();
      session.renew(renewed.token, Date.now() + renewed.expiresInSeconds * 1000);
    } catch (err) {
      // A 401 (the token ended, or the session reached its ceiling) is the shell's: 'Login expirado.'.
      if (!(isApiError(err) && err.sessionExpired))
        setFailure(
          t('SESSION_TIMEOUT.FAILED', {
            reason: isApiError(err) ? describeApiError(err, t) : t('ERRORS.UNEXPECTED'),
          }),
        );
    } finally {
      setRenewing(false);
    }
  };

  if (!warning || expired || expiresAt === undefined) return null;
  return (
    <Suspense fallback={null}>
      <SessionWarningDialog
        left={expiresAt - now}
        renewing={renewing}
        failure={failure}
        onStay={() => void stay()}
        onLeave={() => navigate(LOGOUT_PATH)}
      />
    </Suspense>
  );
}
