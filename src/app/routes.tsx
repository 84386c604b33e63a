/**
 * The route table: the one list of the portal's pages. The flows' pages come from the flow table
 * (src/app/flows.ts: one entry per flow, each page given the actors of the flows placed at its
 * route); the pages that are not a flow's are listed here. Every page is React.lazy, so the first
 * load of /login carries only the entry chunk and the login page; the shell (top bar, side menu,
 * notifications) is loaded for protected routes only. The side menu shows an entry only when its
 * path is registered here (src/shell/menu.ts), so adding a page is what makes it reachable.
 *
 * To add a page that is not a flow's: one line in `routes` with its path and `page(() =>
 * import('...'))` (a module whose default export is the page component). `public: true` for pages
 * reachable without a token. The build reads both tables as written (scripts/route-preload.ts).
 */
import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { PageLoading } from '../shell/page-loading';
import { PublicLayout } from '../shell/public-layout';
import { config } from '../runtime/config';
import { RouteGuard } from './route-guard';
import { loadCatalogueParts } from '../i18n/i18n';
import { preloadRoute } from '../runtime/preload-route';
import { startRouteReads } from './route-reads';
import { flowActorsAt, flowRoutes, profileActors, recipientActors } from './flows';
import { page, type AppRoute } from './page';

export type { AppRoute } from './page';

// The Profile screen draws the address book's summary; the Pix recipient book is the recipient
// book's view (src/features/transfers) with variant 'pix'.
const ProfilePage = page(() => import('../features/profile/profile-page'), {
  texts: ['profile', 'recipients', 'errors-movements'],
  actors: profileActors,
});
// The Pix statement is the statement's view (src/features/statement) in its Pix variant, with the
// Pix area's row actions (composed in ./pix-statement-route) and their flows' actors.
const pixStatementActors = () =>
  import('./actors/pix-statement-actors').then((m) => m.pixStatementFlowActors);

/** Every page, public and protected: the flows' (src/app/flows.ts), then the others. */
export const routes: readonly AppRoute[] = [
  ...flowRoutes,
  // Public (1-access-shell-statement.md §2).
  {
    path: '/password/forgot',
    component: page(() => import('../features/access/forgot-password-page'), { texts: 'core' }),
    public: true,
  },
  // The auditors' read-only state-chart viewer: public, lazy, and off when the flag says so.
  ...(config.flags.auditViewer
    ? [{ path: '/auditoria', component: page(() => import('../audit/audit-page')), public: true }]
    : []),
  // Protected (a token is required; rendered inside the shell).
  // Profile (1-access-shell-statement.md §2 Profile screen).
  { path: '/Profile', component: ProfilePage },
  { path: '/ProfileAccountData', component: ProfilePage },
  {
    path: '/ProfileHelpCenter',
    component: page(() => import('../features/profile/help-center-page'), {
      texts: ['profile', 'errors-movements'],
    }),
  },
  // 3-pix-part-one.md §2 Recipient book (Pix variant).
  {
    path: '/PixRecipientPage',
    component: page(() => import('../features/transfers/pix-recipient-book-page'), {
      texts: ['pix', 'recipients', 'errors-movements'],
      actors: recipientActors,
    }),
  },
  // The Pix limits menu (4-pix-part-two.md §2 Limits menu; issue 28): a link and its help text.
  {
    path: '/PixMyLimitsMenu',
    component: page(() => import('../features/pix/pix-limits-menu-page'), {
      texts: ['pix', 'errors-movements'],
    }),
  },
  // Pix send menu (3-pix-part-one.md §2 Send menu; issue 16).
  {
    path: '/PixSend',
    component: page(() => import('../features/pix/pix-send-page'), { texts: ['pix', 'errors-movements'] }),
  },
  // The Pix statement (3-pix-part-one.md §2 Pix statement; issue 17).
  {
    path: '/PixExtractPage',
    component: page(() => import('./pix-statement-route'), {
      texts: ['statement', 'pix', 'payments', 'transfers', 'recipients', 'errors-movements'],
      actors: flowActorsAt('/PixExtractPage', pixStatementActors),
    }),
  },
];

// The shell's menu and notification texts are a lazy part (shell-menu), loaded with it.
const AppShell = lazy(() =>
  Promise.all([import('../shell/app-shell'), loadCatalogueParts(['shell-menu'])]).then(([shell]) => shell),
);
const NotFoundPage = page(() => import('../shell/not-found-page'));

const publicRoutes = routes.filter((r) => r.public);
const protectedRoutes = routes.filter((r) => !r.public);

/** The protected paths, lower-cased: what the side menu may link to. */
export const registeredPaths: ReadonlySet<string> = new Set(protectedRoutes.map((r) => r.path.toLowerCase()));

/**
 * The router: public pages in the public layout; /home → /Statement; everything else behind the
 * guard, inside the shell (an unknown protected path shows the shell's not-found page).
 */
export function AppRoutes() {
  const [location] = useLocation();
  // Before the lazy pages below render: the route's files (shell, page, actors, texts) are asked
  // for at once from index.html's route map (src/runtime/preload-route.ts); a repeated call is free.
  preloadRoute(location);
  // And its first calls to the bank, so they are answered while the page is drawn (route-reads.ts).
  startRouteReads(location);
  return (
    <Switch>
      {publicRoutes.map(({ path, component: Page }) => (
        <Route key={path} path={path}>
          {(params) => (
            <PublicLayout>
              <Page params={params} />
            </PublicLayout>
          )}
        </Route>
      ))}
      <Route path="/home">
        <Redirect to="/Statement" replace />
      </Route>
      <Route>
        <RouteGuard>
          <Suspense fallback={<PageLoading />}>
            <AppShell registeredPaths={registeredPaths}>
              <Switch>
                {protectedRoutes.map(({ path, component }) => (
                  <Route key={path} path={path} component={component} />
                ))}
                <Route component={NotFoundPage} />
              </Switch>
            </AppShell>
          </Suspense>
        </RouteGuard>
      </Route>
    </Switch>
  );
}
