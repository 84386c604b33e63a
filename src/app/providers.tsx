import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ThemeProvider } from 'styled-components';
import { Router, type BaseLocationHook, type BaseSearchHook } from 'wouter';
import { i18n } from '../i18n/i18n';
import { GlobalStyle } from '../ui/global-style';
import { theme } from '../ui/theme';
import { ToastProvider } from '../ui/toasts';

/** The react-query client of the app. Reads retry only where src/api/queries.ts says so. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export interface AppProvidersProps {
  children: ReactNode;
  /** A client of its own (tests); default a fresh one. */
  queryClient?: QueryClient;
  /** A location of its own (tests pass wouter's memoryLocation); default the browser's. */
  location?: { hook: BaseLocationHook; searchHook?: BaseSearchHook };
}

/** Everything a screen expects above it: theme, i18n, react-query, router and toasts. */
export function AppProviders({ children, queryClient, location }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <Router hook={location?.hook} searchHook={location?.searchHook}>
            <ToastProvider>{children}</ToastProvider>
          </Router>
        </QueryClientProvider>
      </I18nextProvider>
    </ThemeProvider>
  );
}
