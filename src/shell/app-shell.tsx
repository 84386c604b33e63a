import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { useClient } from '../api/queries';
import { config } from '../runtime/config';
import { mayMakeCashQr } from '../runtime/pix-cash-access';
import { AppQueryProvider } from '../app/query-provider';
import { BREAKPOINTS, media, QUERIES, useMediaQuery } from '../ui/breakpoints';
import { ChatButton } from './chat-button';
import { ErrorBoundary } from './error-boundary';
import { LanguageSwitch } from './language-switch';
import { MENU, visibleMenu } from './menu';
import { PageLoading } from './page-loading';
import { RegisteredRoutesProvider } from './registered-routes';
import { SessionTimeout } from './session-timeout';
import { SideMenu } from './side-menu';
import { MAIN_ID, SkipLink } from './skip-link';
import { TopBar } from './top-bar';
import type { UserMenuItem } from './user-menu';
import { usePermissions } from './use-permissions';
import { useSession } from './use-session';

/** The statement's shortcuts row on phones (issue 32): loaded only where it is drawn. */
const Shortcuts = lazy(() => import('./shortcuts').then((m) => ({ default: m.Shortcuts })));

/** localStorage key of the drawer's collapsed state (a preference, nothing personal). */
export const MENU_COLLAPSED_KEY = 'portal.menuCollapsed';
/** The user menu's change-password route (§2 top bar). */
export const CHANGE_PASSWORD_PATH = '/password/change';

const Layout = styled.div`
  display: grid;
  grid-template-areas: 'top top' 'nav main';
  grid-template-columns: auto minmax(0, 1fr);
  grid-template-rows: auto 1fr;
  min-height: 100vh;
  ${media.phone} {
    grid-template-areas: 'top' 'main';
    grid-template-columns: minmax(0, 1fr);
  }
  @media print {
    display: block;
  }
`;

const Main = styled.main`
  grid-area: main;
  min-width: 0;
  padding: ${({ theme }) => theme.space(6)};
  /* Room under the last control, so the floating chat button (wider screens) never covers it. */
  padding-bottom: ${({ theme }) => theme.space(24)};
  outline: none;
  ${media.phone} {
    /* No floating button on a phone (the chat is in the top bar): an ordinary end margin. */
    padding: ${({ theme }) => `${theme.space(4)} ${theme.space(3)} ${theme.space(8)}`};
  }
`;

function readCollapsed(): boolean {
  try {
    const saved = localStorage.getItem(MENU_COLLAPSED_KEY);
    if (saved !== null) return saved === '1';
  } catch {
    // Storage disabled: fall back to the viewport.
  }
  return typeof window !== 'undefined' && window.innerWidth < BREAKPOINTS.narrow;
}

export interface AppShellProps {
  /** The protected paths of the route table, lower-cased: menu entries without a route are hidden. */
  registeredPaths: ReadonlySet<string>;
  children: ReactNode;
}

/**
 * The frame of every protected page (§2): top bar, collapsible side menu, <main> with an error
 * boundary and a bounded loading fallback, and the floating chat button.
 */
/** The shell of every protected page, with the react-query client its cached reads use. */
export default function AppShell(props: AppShellProps) {
  return (
    <AppQueryProvider>
      <RegisteredRoutesProvider value={props.registeredPaths}>
        <Shell {...props} />
      </RegisteredRoutesProvider>
    </AppQueryProvider>
  );
}

function Shell({ registeredPaths, children }: AppShellProps) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const current = useSession();
  const accountId = current?.account.accounts[0]?.accountId;
  // Login stores the client in the session; fetch it only when it is missing (e.g. old session).
  const clientQuery = useClient(current?.client ? undefined : accountId);
  const client = current?.client ?? clientQuery.data?.client;
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const phone = useMediaQuery(QUERIES.phone);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const navId = useId();
  // A new page, or a wider screen, closes the drawer.
  useEffect(() => setDrawerOpen(false), [location, phone]);
  const closeDrawer = (returnFocus: boolean) => {
    setDrawerOpen(false);
    if (returnFocus) menuButtonRef.current?.focus();
  };

  const isRegistered = (path: string) => registeredPaths.has(path.toLowerCase());
  const permissions = usePermissions();
  const entries = visibleMenu(MENU, {
    isRegistered,
    pixBlock: config.flags.pixBlock,
    hasPixPermission: client?.hasPixPermission,
    cashServices: {
      WITHDRAW: mayMakeCashQr('WITHDRAW', permissions.functionalities, config.flags),
      CHANGE: mayMakeCashQr('CHANGE', permissions.functionalities, config.flags),
    },
  });
  const userMenu: UserMenuItem[] = [
    ...(isRegistered(CHANGE_PASSWORD_PATH)
      ? [{ id: 'change-password', label: t('SHELL.CHANGE_PASSWORD'), path: CHANGE_PASSWORD_PATH }]
      : []),
    { id: 'logout', label: t('SHELL.LOGOUT'), path: '/Logout' },
  ];

  const onCollapsedChange = (next: boolean) => {
    setCollapsed(next);
    try {
      localStorage.setItem(MENU_COLLAPSED_KEY, next ? '1' : '0');
    } catch {
      // Not remembered; the choice still applies.
    }
  };

  return (
    <Layout>
      <SkipLink />
      <TopBar
        productName={config.productName}
        clientName={client?.name}
        accountId={accountId}
        userMenu={userMenu}
        menuButton={
          phone
            ? {
                ref: menuButtonRef,
                expanded: drawerOpen,
                controls: navId,
                onClick: () => setDrawerOpen((open) => !open),
              }
            : undefined
        }
        chat={phone ? <ChatButton url={config.chatUrl} placement="bar" /> : undefined}
      />
      <SideMenu
        id={navId}
        entries={entries}
        collapsed={collapsed}
        onCollapsedChange={onCollapsedChange}
        labelValues={{ product: config.productName }}
        drawer={phone ? { open: drawerOpen, onClose: closeDrawer } : undefined}
        drawerHeader={<LanguageSwitch />}
      />
      <Main id={MAIN_ID} tabIndex={-1}>
        {phone && location.toLowerCase() === '/statement' && (
          <Suspense fallback={null}>
            <Shortcuts entries={entries} />
          </Suspense>
        )}
        <ErrorBoundary key={location}>
          <Suspense fallback={<PageLoading />}>{children}</Suspense>
        </ErrorBoundary>
      </Main>
      {!phone && <ChatButton url={config.chatUrl} />}
      <SessionTimeout />
    </Layout>
  );
}
