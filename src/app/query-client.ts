/**
 * The app's react-query client. It lives outside the first load: only the shell (protected pages)
 * and /Logout use cached reads, so react-query loads with them, not with /login.
 */
import { QueryClient } from '@tanstack/react-query';

/** A client with the app's defaults. Reads retry only where src/api/queries.ts says so. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

let client: QueryClient | undefined;

/** The one client of the running app, created on first use. */
export function appQueryClient(): QueryClient {
  client ??= createQueryClient();
  return client;
}
