/**
 * The composition root: i18n first (texts ready on the first render), the API layer connected to
 * the session and to the shell's expired-session event, then the React tree.
 */
import { i18nReady } from '../i18n/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi } from '../api/client';
import { publishSessionExpired } from '../shell/session-events';
import { App } from './app';
import { config } from './config';
import { AppProviders } from './providers';
import { session } from './session';

configureApi({
  getToken: () => session.getToken(),
  onSessionExpired: () => publishSessionExpired(),
});

document.title = config.productName;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// pt-BR is bundled and resolves at once; another stored language is fetched before the first render.
void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <App />
      </AppProviders>
    </StrictMode>,
  ),
);
