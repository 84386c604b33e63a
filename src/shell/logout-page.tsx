import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { logoutMachine } from '../../machines/access/logout.machine';
import { AppQueryProvider } from '../app/query-provider';
import { forgetWork, hasReturn } from '../runtime/resume';
import { useFlow } from '../runtime/use-flow';
import { session } from '../runtime/session';
import { Spinner } from '../ui/spinner';

/**
 * /Logout (1-access-shell-statement.md §2, §4), a view of machines/access/logout.machine.ts: it
 * asks the machine to sign out with the session's token (the call is made with the token still
 * attached, bounded to 5 s, once), and when the machine has finished it clears the session and
 * every cached read and goes to /login. A chosen logout forgets the forms' drafts too; one that an
 * expired session led here keeps them for the same customer's next sign-in (issue 32).
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
  const actor = useFlow('logout', logoutMachine);
  // The machine's end (`signedOut`): the session is over, whatever the call answered.
  useEffect(() => {
    let finished = false;
    const finish = () => {
      if (finished || actor.getSnapshot().status !== 'done') return;
      finished = true;
      session.clear();
      if (!hasReturn()) forgetWork();
      queryClient.clear();
      navigate('/login', { replace: true });
    };
    finish();
    const sub = actor.subscribe(finish);
    return () => sub.unsubscribe();
  }, [actor, navigate, queryClient]);
  // The request to leave, as soon as the page is open; sent again (React's StrictMode runs effects
  // twice), it is ignored by a machine already calling.
  useEffect(() => {
    actor.send({ type: 'logout.request', token: session.getToken() ?? null });
  }, [actor]);
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
