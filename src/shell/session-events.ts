/**
 * The bridge between the API layer and the shell for an expired session (DESIGN.md: "A 401 is
 * published as a session event; the shell shows 'Login expirado.' and goes to /Logout"). The
 * composition root gives `publishSessionExpired` to `configureApi`; the shell subscribes.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

/** Tells every listener that the session expired (HTTP 401 on an authenticated call). */
export function publishSessionExpired(): void {
  for (const listener of [...listeners]) listener();
}

/** Listens for an expired session; returns the unsubscribe function. */
export function onSessionExpired(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
