/**
 * The links of the side menu (src/shell/side-menu.tsx), the same in the permanent menu and in the
 * phone's drawer: a link per entry, a group as a button that opens its submenu (aria-expanded),
 * the current page marked with aria-current. Split from side-menu.tsx, which keeps the menu's
 * frame: the landmark, the collapse button and the drawer's focus handling.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { css } from 'styled-components';
import { Link } from 'wouter';
import { focusRing, visuallyHidden } from '../ui/global-style';
import { Icon } from '../ui/icons';
import { isActiveLink, type MenuEntry, type MenuGroup, type MenuLink } from './menu';

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
  const active = isActiveLink(location, entry);
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
  const containsActive = entry.children.some((child) => isActiveLink(location, child));
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

/** The links of the menu, the same in the permanent menu and in the drawer. */
export function MenuList({
  listId,
  entries,
  collapsed,
  onExpand,
  location,
  values,
}: {
  listId: string;
  entries: readonly MenuEntry[];
  collapsed: boolean;
  onExpand: () => void;
  location: string;
  values?: Record<string, string>;
}) {
  return (
    <ul id={listId}>
      {entries.map((entry) =>
        entry.kind === 'link' ? (
          <MenuItemLink
            key={entry.id}
            entry={entry}
            collapsed={collapsed}
            location={location}
            values={values}
          />
        ) : (
          <MenuItemGroup
            key={entry.id}
            entry={entry}
            collapsed={collapsed}
            onExpandDrawer={onExpand}
            location={location}
            values={values}
          />
        ),
      )}
    </ul>
  );
}
