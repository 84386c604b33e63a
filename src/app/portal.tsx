/**
 * The portal's React tree and the start-up both of its renderers share: the browser's (main.tsx,
 * which renders or hydrates it) and the build's prerender of /login (prerender.tsx). Both import
 * this module first, so the modules that define styled components are evaluated in the same order
 * in both: styled-components numbers its components in creation order, and the class names of the
 * prerendered HTML must be the ones the browser computes when it hydrates.
 */
import { i18nReady } from '../i18n/i18n';
import { StrictMode } from 'react';
import { configureApi } from '../api/client';
import { publishSessionExpired } from '../shell/session-events';
import { App } from './app';
import { AppProviders } from './providers';
import { session } from '../runtime/session';

export { i18nReady };

/** Connects the API layer to the session and to the shell's expired-session event. */
export function connectApi(): void {
  configureApi({
    getToken: () => session.getToken(),
    onSessionExpired: () => publishSessionExpired(),
  });
}

/** The whole portal. `ssrPath`: the route to draw outside a browser (the build's prerender). */
export function Portal({ ssrPath }: { ssrPath?: string }) {
  return (
    <StrictMode>
      <AppProviders ssrPath={ssrPath}>
        <App />
      </AppProviders>
    </StrictMode>
  );
}
