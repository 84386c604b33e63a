import { useSyncExternalStore } from 'react';
import { session, type SessionData } from '../runtime/session';

/** The current session (null when signed out), re-rendering on every change. */
export function useSession(): SessionData | null {
  return useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
}
