/**
 * The bridge between the API layer and the shell for an expired session (DESIGN.md: "A 401 is
 * published as a session event; the shell shows 'Login expirado.' and goes to /Logout"). The
 * composition root gives `publishSessionExpired` to `configureApi`; the shell subscribes.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

/**
 * An expiry published while nobody listened. A flow's actor starts in a layout effect and may send
 * its first call before the shell's listener subscribes (a passive effect); on a slow machine the
 * 401 can arrive in between. The API layer reports each expired token once, so the event is kept
 * for the first listener instead of being lost (the user would be left without 'Login expirado.').
 */
let unheard = false;

/** Tells every listener that the session expired (HTTP 401 on an authenticated call). */
export function publishSessionExpired(): void {
  if (listeners.size === 0) {
    unheard = true;
    return;
  }
  for (const listener of [...listeners]) listener();
}

/** Listens for an expired session; returns the unsubscribe function. */
export function onSessionExpired(listener: Listener): () => void {
  listeners.add(listener);
  if (unheard) {
    unheard = false;
    listener();
  }
  return () => {
    listeners.delete(listener);
  };
}
