import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { css } from 'styled-components';
import { useLocation } from 'wouter';
import { IconButton } from '../ui/button';
import { focusableIn, trapTab } from '../ui/focus';
import { focusRing } from '../ui/global-style';
import { Icon } from '../ui/icons';
import { type MenuEntry } from './menu';
import { MenuList } from './side-menu-list';

export interface SideMenuProps {
  /** The visible entries (see visibleMenu). */
  entries: readonly MenuEntry[];
  collapsed: boolean;
  onCollapsedChange: (collapsed: boolean) => void;
  /** Interpolation values of the labels ({{product}}). */
  labelValues?: Record<string, string>;
  /**
   * On phones the menu is a modal drawer over the page, opened by the top bar's menu button:
   * whether it is open, and how it closes (returning focus to that button, or not when the user
   * followed a link and focus goes to the new page's title).
   */
  drawer?: { open: boolean; onClose: (returnFocus: boolean) => void };
  /** The id of the <nav>, for the menu button's aria-controls. */
  id?: string;
  /** What the drawer shows above the links (the language switch, absent from a phone's top bar). */
  drawerHeader?: ReactNode;
}

/** What the side menu and the phone's drawer share: bare lists, focus rings drawn inside, no print. */
const navBase = css`
  & ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  /* Drawn inside: the drawer clips anything that overflows its width. */
  && :focus-visible {
    outline-offset: -3px;
  }
  @media print {
    display: none;
  }
`;

const Nav = styled.nav<{ $collapsed: boolean }>`
  grid-area: nav;
  width: ${({ theme, $collapsed }) => ($collapsed ? theme.layout.drawerCollapsedWidth : theme.layout.drawerWidth)};
  min-height: 100%;
  background: ${({ theme }) => theme.color.surface};
  border-right: 1px solid ${({ theme }) => theme.color.divider};
  transition: width 0.15s ease;
  overflow-x: hidden;
  ${navBase}
`;

/** The phone's drawer: over the page, the full height, at most 85% of the width. */
const DrawerNav = styled.nav`
  position: fixed;
  inset: 0 auto 0 0;
  z-index: ${({ theme }) => theme.z.dialog};
  width: min(304px, 85vw);
  overflow-y: auto;
  overscroll-behavior: contain;
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.popup};
  ${navBase}
`;

const DrawerBackdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.z.dialog};
  background: ${({ theme }) => theme.color.backdrop};
`;

const DrawerHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  min-height: ${({ theme }) => theme.layout.topBarHeight};
  padding: 0 ${({ theme }) => theme.space(2)} 0 ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.onPrimary};
  && :focus-visible {
    outline-color: ${({ theme }) => theme.color.onPrimary};
    outline-offset: 2px;
  }
`;

const Toggle = styled.button`
  display: flex;
  align-items: center;
  justify-content: center;
  width: 100%;
  min-height: 48px;
  border: none;
  border-bottom: 1px solid ${({ theme }) => theme.color.divider};
  background: none;
  color: ${({ theme }) => theme.color.textMuted};
  cursor: pointer;
  ${focusRing}
`;

/**
 * The side menu (§2): a nav landmark. On larger screens it is permanent and collapsible (the
 * collapse button and each submenu carry aria-expanded; collapsed, it keeps the icons and the
 * accessible names). On phones it is a modal drawer: focus moves in when it opens, Tab stays
 * inside, Escape, the close button and a tap outside close it, and following a link closes it.
 */
export function SideMenu({
  entries,
  collapsed,
  onCollapsedChange,
  labelValues,
  drawer,
  id,
  drawerHeader,
}: SideMenuProps) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const listId = useId();
  if (drawer) {
    return (
      <Drawer
        open={drawer.open}
        onClose={drawer.onClose}
        id={id}
        header={drawerHeader}
        label={t('MENU.LABEL')}
        closeLabel={t('MENU.CLOSE')}
      >
        <MenuList
          listId={listId}
          entries={entries}
          collapsed={false}
          onExpand={() => undefined}
          location={location}
          values={labelValues}
        />
      </Drawer>
    );
  }
  return (
    <Nav id={id} aria-label={t('MENU.LABEL')} $collapsed={collapsed}>
      <Toggle
        type="button"
        aria-expanded={!collapsed}
        aria-controls={listId}
        aria-label={t(collapsed ? 'MENU.EXPAND' : 'MENU.COLLAPSE')}
        onClick={() => onCollapsedChange(!collapsed)}
      >
        <Icon name={collapsed ? 'chevronRight' : 'chevronLeft'} />
      </Toggle>
      <MenuList
        listId={listId}
        entries={entries}
        collapsed={collapsed}
        onExpand={() => onCollapsedChange(false)}
        location={location}
        values={labelValues}
      />
    </Nav>
  );
}

function Drawer({
  open,
  onClose,
  id,
  header,
  label,
  closeLabel,
  children,
}: {
  open: boolean;
  onClose: (returnFocus: boolean) => void;
  id?: string;
  header?: ReactNode;
  label: string;
  closeLabel: string;
  children: ReactNode;
}) {
  const navRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!open || !navRef.current) return undefined;
    const nav = navRef.current;
    // Focus the current page's link, or the first link: the close button is one Escape away.
    const current = nav.querySelector<HTMLElement>('[aria-current="page"]');
    const first = focusableIn(nav).find((el) => el.tagName === 'A') ?? focusableIn(nav)[0];
    (current ?? first)?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [open]);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose(true);
      return;
    }
    if (navRef.current) trapTab(event, navRef.current);
  };
  const onClick = (event: MouseEvent<HTMLElement>) => {
    // A link followed (even to the page already shown) ends the drawer's job.
    if (event.target instanceof Element && event.target.closest('a[href]')) onClose(false);
  };
  return (
    <>
      {open && <DrawerBackdrop aria-hidden="true" onClick={() => onClose(true)} />}
      <DrawerNav
        ref={navRef}
        id={id}
        aria-label={label}
        hidden={!open}
        onKeyDown={onKeyDown}
        onClick={onClick}
      >
        <DrawerHeader>
          {header}
          <IconButton aria-label={closeLabel} onClick={() => onClose(true)}>
            <Icon name="close" />
          </IconButton>
        </DrawerHeader>
        {children}
      </DrawerNav>
    </>
  );
}
