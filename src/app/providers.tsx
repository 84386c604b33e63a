import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ThemeProvider } from 'styled-components';
import { Router, type BaseLocationHook, type BaseSearchHook } from 'wouter';
import { i18n } from '../i18n/i18n';
import { GlobalStyle } from '../ui/global-style';
import { theme } from '../ui/theme';
import { ToastProvider } from '../ui/toasts';
import { FlowActorsProvider, type FlowActors } from '../runtime/flow-actors';
import { newIdempotencyKey } from './actors/ids';

export interface AppProvidersProps {
  children: ReactNode;
  /** A location of its own (tests pass wouter's memoryLocation); default the browser's. */
  location?: { hook: BaseLocationHook; searchHook?: BaseSearchHook };
  /** The route to draw outside a browser (the build's prerender of public pages). */
  ssrPath?: string;
  /**
   * Flows' actors for every page below (view tests give an area's real actors or fakes); the app
   * itself gives each area's with its pages (src/app/routes.tsx).
   */
  flowActors?: Partial<FlowActors>;
}

/**
 * Everything a screen expects above it: theme, i18n, router, toasts, and the id generator of the
 * flows (random UUIDs). The react-query client is
 * provided by the shell and /Logout (src/app/query-provider.tsx), outside the first load.
 */
const noActors: Partial<FlowActors> = {};

export function AppProviders({ children, location, ssrPath, flowActors = noActors }: AppProvidersProps) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <I18nextProvider i18n={i18n}>
        <Router
          hook={location?.hook}
          searchHook={location?.searchHook}
          ssrPath={ssrPath}
          ssrSearch={ssrPath === undefined ? undefined : ''}
        >
          <FlowActorsProvider actors={flowActors} newId={newIdempotencyKey}>
            <ToastProvider>{children}</ToastProvider>
          </FlowActorsProvider>
        </Router>
      </I18nextProvider>
    </ThemeProvider>
  );
}
