import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useSession } from '../shell/use-session';

/** Where a visitor without a session goes. */
export const LOGIN_PATH = '/login';

/**
 * Protected routes need a token (1-access-shell-statement.md §2); without one the visitor goes to
 * /login. Nothing of the requested URL is carried along (it may hold ids or hashes).
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const current = useSession();
  if (!current?.token) return <Redirect to={LOGIN_PATH} replace />;
  return <>{children}</>;
}
