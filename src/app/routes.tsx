/**
 * The route table: the one list of the portal's pages. Every page is React.lazy, so the first load
 * of /login carries only the entry chunk and the login page; the shell (top bar, side menu,
 * notifications) is loaded for protected routes only. The side menu shows an entry only when its
 * path is registered here (src/shell/menu.ts), so adding a page here is what makes it reachable.
 *
 * To add a page: one line in `routes` with its path and `page(() => import('...'))` (a module
 * whose default export is the page component). `public: true` for pages reachable without a token.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Redirect, Route, Switch, useLocation, type RouteComponentProps } from 'wouter';
import { PageLoading } from '../shell/page-loading';
import { PublicLayout } from '../shell/public-layout';
import { config } from '../runtime/config';
import { RouteGuard } from './route-guard';
import { loadAreaCatalogues, loadCatalogueParts } from '../i18n/i18n';
import { FlowActorsProvider, type FlowActors } from '../runtime/flow-actors';
import { preloadRoute } from '../runtime/preload-route';

/** A page component: it may read the route params (or use wouter's useParams). */
export type PageComponent = ComponentType<RouteComponentProps>;

/** One route of the portal. */
export interface AppRoute {
  /** A wouter pattern ('/Statement', '/autentica/:token'); matching ignores case. */
  path: string;
  component: LazyExoticComponent<PageComponent>;
  /** Reachable without a token, rendered without the shell. */
  public?: boolean;
}

/**
 * Declares a lazily loaded page from a module whose default export is the page. The page's chunk
 * and the areas' catalogue texts load together, so it renders with its texts. Pages that need only
 * the bundled core texts (the public access pages) pass `{ texts: 'core' }` and load nothing more;
 * pages that need core texts and a lazy part of their own name it (`{ texts: ['access-password'] }`)
 * and load only that part, not every area's.
 * `actors` loads the area's real actors (src/app/actors) with the page, and the page is drawn
 * inside a FlowActorsProvider that gives them to its views (src/runtime/flow-actors.tsx).
 */
export const page = (
  load: () => Promise<{ default: PageComponent }>,
  {
    texts = 'areas',
    actors,
  }: { texts?: 'core' | 'areas' | readonly string[]; actors?: () => Promise<Partial<FlowActors>> } = {},
): LazyExoticComponent<PageComponent> =>
  lazy(async () => {
    const [module, provided] = await Promise.all([
      load(),
      actors?.(),
      texts === 'core' ? undefined : texts === 'areas' ? loadAreaCatalogues() : loadCatalogueParts(texts),
    ]);
    if (!provided) return module;
    const Page = module.default;
    const WithActors = (props: RouteComponentProps) => (
      <FlowActorsProvider actors={provided}>
        <Page {...props} />
      </FlowActorsProvider>
    );
    return { default: WithActors };
  });

/** The real actors of each area, loaded with its pages. */
const accessActors = () => import('./actors/access-actors').then((m) => m.accessFlowActors);
const statementActors = () => import('./actors/statement-actors').then((m) => m.statementFlowActors);
const profileActors = () => import('./actors/profile-actors').then((m) => m.profileFlowActors);
const recipientActors = () => import('./actors/recipient-actors').then((m) => m.recipientFlowActors);
const paymentActors = () => import('./actors/payment-actors').then((m) => m.paymentFlowActors);
// The transfer pages open the recipient book as a dialog: they receive its actors too.
const transferActors = () =>
  Promise.all([import('./actors/transfer-actors'), import('./actors/recipient-actors')]).then(
    ([transfers, recipients]) => ({ ...transfers.transferFlowActors, ...recipients.recipientFlowActors }),
  );

const topupActors = () => import('./actors/topup-actors').then((m) => m.topupFlowActors);
const depositActors = () => import('./actors/deposit-actors').then((m) => m.depositFlowActors);
const receiveActors = () => import('./actors/receive-actors').then((m) => m.receiveFlowActors);

// Access area (src/features/access).
const LoginPage = page(() => import('../features/access/login-page'), {
  texts: 'core',
  actors: accessActors,
});
const ForgotPasswordPage = page(() => import('../features/access/forgot-password-page'), { texts: 'core' });
const FirstLoginPage = page(() => import('../features/access/first-login-page'), {
  texts: ['access-password'],
  actors: accessActors,
});
const FirstAccessPage = page(() => import('../features/access/first-access-page'), {
  texts: ['access-password'],
  actors: accessActors,
});
const ResetPasswordPage = page(() => import('../features/access/reset-password-page'), {
  texts: ['access-password'],
  actors: accessActors,
});
const ChangePasswordPage = page(() => import('../features/access/change-password-page'), {
  texts: ['access-password'],
  actors: accessActors,
});
const ChangeByCodePage = page(() => import('../features/access/change-by-code-page'), {
  texts: ['access-password'],
  actors: accessActors,
});
// /Logout is the logout machine's view (machines/access/logout.machine.ts): the access actors.
const LogoutPage = page(() => import('../shell/logout-page'), { texts: 'core', actors: accessActors });

// Profile area (src/features/profile).
const ProfilePage = page(() => import('../features/profile/profile-page'), { actors: profileActors });
const AddressBookPage = page(() => import('../features/profile/address-book-page'), {
  actors: profileActors,
});
const HelpCenterPage = page(() => import('../features/profile/help-center-page'));

// Money movement (src/features/transfers).
const RecipientBookPage = page(() => import('../features/transfers/recipient-book-page'), {
  actors: recipientActors,
});
const BankTransferPage = page(() => import('../features/transfers/bank-transfer-page'), {
  actors: transferActors,
});
const CompanyTransferPage = page(() => import('../features/transfers/company-transfer-page'), {
  actors: transferActors,
});
// Receive by QR code (src/features/receive).
const ReceiveCheckPage = page(() => import('../features/receive/receive-check-page'), {
  actors: receiveActors,
});

// Top-up and deposits (src/features/topup).
const MobileTopUpPage = page(() => import('../features/topup/mobile-top-up-page'), { actors: topupActors });
const DepositBoletoPage = page(() => import('../features/topup/deposit-boleto-page'), {
  actors: depositActors,
});
const DepositListPage = page(() => import('../features/topup/deposit-list-page'), {
  actors: depositActors,
});

// Pix (src/features/pix).
const pixActors = () => import('./actors/pix-actors').then((m) => m.pixFlowActors);
const PixHubPage = page(() => import('../features/pix/pix-hub-page'), { actors: pixActors });
const PixKeysPage = page(() => import('../features/pix/pix-keys-page'), { actors: pixActors });
// The Pix recipient book is the recipient book's view (src/features/transfers) with variant 'pix'.
const PixRecipientBookPage = page(() => import('../features/transfers/pix-recipient-book-page'), {
  actors: recipientActors,
});
const pixCopyPasteActors = () =>
  import('./actors/pix-copy-paste-actors').then((m) => m.pixCopyPasteFlowActors);
const PixCopyPastePage = page(() => import('../features/pix/pix-copy-paste-page'), {
  actors: pixCopyPasteActors,
});
const pixSendActors = () => import('./actors/pix-send-actors').then((m) => m.pixSendFlowActors);
const PixSendPage = page(() => import('../features/pix/pix-send-page'));
const PixKeyPage = page(() => import('../features/pix/pix-key-page'), { actors: pixSendActors });
const PixManualPage = page(() => import('../features/pix/pix-manual-page'), { actors: pixSendActors });
// The Pix statement is the statement's view (src/features/statement) in its Pix variant, with the
// Pix area's row actions (composed in ./pix-statement-route).
// Its refund row action's dialog receives the refund's actors too.
const pixStatementActors = () =>
  Promise.all([import('./actors/pix-statement-actors'), import('./actors/pix-refund-actors')]).then(
    ([statement, refund]) => ({ ...statement.pixStatementFlowActors, ...refund.pixRefundFlowActors }),
  );
const PixStatementPage = page(() => import('./pix-statement-route'), { actors: pixStatementActors });
// Its actors are in the Pix area's table (pix-actors.ts), so the route adds no loader of its own.
const PixReceivePage = page(() => import('../features/pix/pix-receive-page'), { actors: pixActors });
const pixLimitsActors = () => import('./actors/pix-limits-actors').then((m) => m.pixLimitsFlowActors);
const PixLimitsPage = page(() => import('../features/pix/pix-limits-page'), { actors: pixLimitsActors });

/** Every page, public and protected. */
export const routes: readonly AppRoute[] = [
  // Public (1-access-shell-statement.md §2).
  { path: '/', component: LoginPage, public: true },
  { path: '/login', component: LoginPage, public: true },
  { path: '/password/forgot', component: ForgotPasswordPage, public: true },
  { path: '/password/first-login', component: FirstLoginPage, public: true },
  { path: '/FirstAcess', component: FirstAccessPage, public: true },
  { path: '/ResetPassword', component: ResetPasswordPage, public: true },
  // The auditors' read-only state-chart viewer: public, lazy, and off when the flag says so.
  ...(config.flags.auditViewer
    ? [{ path: '/auditoria', component: page(() => import('../audit/audit-page')), public: true }]
    : []),
  // /Logout works with or without a token (without one it just lands on /login), so it needs
  // neither the guard nor the shell.
  { path: '/Logout', component: LogoutPage, public: true },

  // Protected (a token is required; rendered inside the shell).
  {
    path: '/Statement',
    component: page(() => import('../features/statement/statement-page'), { actors: statementActors }),
  },
  { path: '/password/change', component: ChangePasswordPage },
  { path: '/ProfileChangePassword', component: ChangePasswordPage },
  { path: '/password/change-by-code', component: ChangeByCodePage },
  // Profile (1-access-shell-statement.md §2 Profile screen, Address book).
  { path: '/Profile', component: ProfilePage },
  { path: '/ProfileAccountData', component: ProfilePage },
  { path: '/ProfileAddressBook', component: AddressBookPage },
  { path: '/ProfileHelpCenter', component: HelpCenterPage },
  // Money movement (2-money-movement.md §2 Recipient book).
  { path: '/Transfer/Recipient', component: RecipientBookPage },
  // Transfers (2-money-movement.md §2 Bank transfer (TED), Company transfer by CNPJ).
  { path: '/TransferToBank', component: BankTransferPage },
  { path: '/TransferToBrinks', component: CompanyTransferPage },
  // Mobile top-up and deposit boletos (2-money-movement.md §2 Mobile top-up, Deposit by boleto).
  { path: '/RechargeCell', component: MobileTopUpPage },
  { path: '/Deposit', component: DepositBoletoPage },
  { path: '/Deposit/Ticket', component: DepositListPage },
  // Bill payment (2-money-movement.md §2 Bill payment).
  {
    path: '/Payment',
    component: page(() => import('../features/payments/bill-payment-page'), { actors: paymentActors }),
  },
  // Receive by QR code, a digital check (2-money-movement.md §2 Receive by QR code).
  { path: '/Receive', component: ReceiveCheckPage },
  // Pix (3-pix-part-one.md §2 Pix hub, Key management).
  { path: '/Pix', component: PixHubPage },
  { path: '/ManageKeys', component: PixKeysPage },
  // 3-pix-part-one.md §2 Recipient book (Pix variant).
  { path: '/PixRecipientPage', component: PixRecipientBookPage },
  // Pix copy and paste (3-pix-part-one.md §2 Copy and paste).
  { path: '/PixCopyPaste', component: PixCopyPastePage },
  // Pix send (3-pix-part-one.md §2 Send menu, Send by key; issue 16).
  { path: '/PixSend', component: PixSendPage },
  { path: '/PixKey', component: PixKeyPage },
  // Pix by manual bank data (3-pix-part-one.md §2 Send by manual data).
  { path: '/PixManual', component: PixManualPage },
  // The Pix statement (3-pix-part-one.md §2 Pix statement; issue 17).
  { path: '/PixExtractPage', component: PixStatementPage },
  // Pix receive by QR (3-pix-part-one.md §2 Receive; issue 17).
  { path: '/PixReceive', component: PixReceivePage },
  // Pix limits (4-pix-part-two.md §2 Limits menu, Pix limits; issue 28).
  { path: '/PixMyLimitsMenu', component: page(() => import('../features/pix/pix-limits-menu-page')) },
  { path: '/PixLimits', component: PixLimitsPage },
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
