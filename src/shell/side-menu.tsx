import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { css } from 'styled-components';
import { Link, useLocation } from 'wouter';
import { focusRing, visuallyHidden } from '../ui/global-style';
import { Icon } from '../ui/icons';
import { isActivePath, type MenuEntry, type MenuGroup, type MenuLink } from './menu';

export interface SideMenuProps {
  /** The visible entries (see visibleMenu). */
  entries: readonly MenuEntry[];
  collapsed: boolean;
  onCollapsedChange: (collapsed: boolean) => void;
  /** Interpolation values of the labels ({{product}}). */
  labelValues?: Record<string, string>;
}

const Nav = styled.nav<{ $collapsed: boolean }>`
  grid-area: nav;
  width: ${({ theme, $collapsed }) => ($collapsed ? theme.layout.drawerCollapsedWidth : theme.layout.drawerWidth)};
  min-height: 100%;
  background: ${({ theme }) => theme.color.surface};
  border-right: 1px solid ${({ theme }) => theme.color.divider};
  transition: width 0.15s ease;
  overflow-x: hidden;
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

const itemStyle = css<{ $collapsed: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  width: 100%;
  min-height: 48px;
  padding: 0 ${({ theme }) => theme.space(5)};
  border: none;
  border-left: 4px solid transparent;
  background: none;
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  text-align: left;
  text-decoration: none;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.color.primarySoft};
  }
  &[aria-current='page'] {
    border-left-color: ${({ theme }) => theme.color.primary};
    background: ${({ theme }) => theme.color.primarySoft};
    color: ${({ theme }) => theme.color.primary};
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
  & > .label {
    flex: 1;
    white-space: nowrap;
    ${({ $collapsed }) => $collapsed && visuallyHidden}
  }
  ${focusRing}
`;

const ItemLink = styled(Link)<{ $collapsed: boolean; $nested?: boolean }>`
  ${itemStyle}
  padding-left: ${({ theme, $nested, $collapsed }) => ($nested && !$collapsed ? theme.space(14) : theme.space(5))};
`;

const GroupButton = styled.button<{ $collapsed: boolean }>`
  ${itemStyle}
`;

function MenuItemLink({
  entry,
  collapsed,
  nested,
  location,
  values,
}: {
  entry: MenuLink;
  collapsed: boolean;
  nested?: boolean;
  location: string;
  values?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const active = isActivePath(location, entry.path);
  return (
    <li>
      <ItemLink
        href={entry.path}
        aria-current={active ? 'page' : undefined}
        $collapsed={collapsed}
        $nested={nested}
      >
        {entry.icon && <Icon name={entry.icon} />}
        {!entry.icon && collapsed && <Icon name="chevronRight" />}
        <span className="label">{t(entry.labelKey, values)}</span>
      </ItemLink>
    </li>
  );
}

function MenuItemGroup({
  entry,
  collapsed,
  onExpandDrawer,
  location,
  values,
}: {
  entry: MenuGroup;
  collapsed: boolean;
  onExpandDrawer: () => void;
  location: string;
  values?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const listId = useId();
  const containsActive = entry.children.some((child) => isActivePath(location, child.path));
  const [open, setOpen] = useState(containsActive);
  const expanded = open && !collapsed;
  const toggle = () => {
    if (collapsed) {
      // A collapsed drawer has no room for a submenu: open the drawer on the group.
      onExpandDrawer();
      setOpen(true);
    } else {
      setOpen((o) => !o);
    }
  };
  return (
    <li>
      <GroupButton
        type="button"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={toggle}
        $collapsed={collapsed}
      >
        <Icon name={entry.icon} />
        <span className="label">{t(entry.labelKey, values)}</span>
        {!collapsed && <Icon name={expanded ? 'expandLess' : 'expandMore'} />}
      </GroupButton>
      <ul id={listId} hidden={!expanded}>
        {entry.children.map((child) => (
          <MenuItemLink
            key={child.id}
            entry={child}
            collapsed={collapsed}
            nested
            location={location}
            values={values}
          />
        ))}
      </ul>
    </li>
  );
}

/**
 * The permanent, collapsible side menu (§2): a nav landmark; the collapse button and each submenu
 * carry aria-expanded. Collapsed, it keeps the icons and the accessible names.
 */
export function SideMenu({ entries, collapsed, onCollapsedChange, labelValues }: SideMenuProps) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const listId = useId();
  return (
    <Nav aria-label={t('MENU.LABEL')} $collapsed={collapsed}>
      <Toggle
        type="button"
        aria-expanded={!collapsed}
        aria-controls={listId}
        aria-label={t(collapsed ? 'MENU.EXPAND' : 'MENU.COLLAPSE')}
        onClick={() => onCollapsedChange(!collapsed)}
      >
        <Icon name={collapsed ? 'chevronRight' : 'chevronLeft'} />
      </Toggle>
      <ul id={listId}>
        {entries.map((entry) =>
          entry.kind === 'link' ? (
            <MenuItemLink
              key={entry.id}
              entry={entry}
              collapsed={collapsed}
              location={location}
              values={labelValues}
            />
          ) : (
            <MenuItemGroup
              key={entry.id}
              entry={entry}
              collapsed={collapsed}
              onExpandDrawer={() => onCollapsedChange(false)}
              location={location}
              values={labelValues}
            />
          ),
        )}
      </ul>
    </Nav>
  );
}
