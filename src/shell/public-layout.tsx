import { Suspense, type ReactNode } from 'react';
import styled from 'styled-components';
import { ErrorBoundary } from './error-boundary';
import { PageLoading } from './page-loading';
import { MAIN_ID, SkipLink } from './skip-link';

const Main = styled.main`
  min-height: 100vh;
  outline: none;
`;

/**
 * The frame of public pages (login, password pages, audit): a skip link and the <main> landmark.
 * Public pages render their content (and their h1) but not their own <main>.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <Main id={MAIN_ID} tabIndex={-1}>
        <ErrorBoundary>
          <Suspense fallback={<PageLoading />}>{children}</Suspense>
        </ErrorBoundary>
      </Main>
    </>
  );
}
