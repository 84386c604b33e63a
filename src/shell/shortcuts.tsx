/**
 * The shortcuts row at the top of the statement on phones (issue 32): the customers of the anchor
 * banks land on a home of shortcuts, Pix first. The spec keeps its routes (/home redirects to
 * /Statement, a sign-in lands on /Statement; 1-access-shell-statement.md §2), so the landing page
 * stays the statement and, below 600 px, where the side menu is a drawer two taps away, it opens
 * with a row of the most used movements: Pix, pay a bill, transfer, top up a phone, deposit. On
 * wider screens the side menu is always in view and the row is not drawn. An entry appears only
 * when the menu shows it (its route exists and no rule hides it, like Pix without permission).
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Link } from 'wouter';
import { TOUCH_TARGET } from '../ui/breakpoints';
import { Icon, type IconName } from '../ui/icons';
import type { MenuEntry } from './menu';

/** The shortcuts, in their order: the menu entry each opens, its short label and its icon. */
export const SHORTCUTS: ReadonlyArray<{ menuId: string; labelKey: string; icon: IconName }> = [
  { menuId: 'pix', labelKey: 'SHORTCUTS.PIX', icon: 'pix' },
  { menuId: 'payment', labelKey: 'SHORTCUTS.PAYMENT', icon: 'payment' },
  { menuId: 'transfer-to-bank', labelKey: 'SHORTCUTS.TRANSFER', icon: 'transfer' },
  { menuId: 'recharge-cell', labelKey: 'SHORTCUTS.RECHARGE', icon: 'phone' },
  { menuId: 'deposit', labelKey: 'SHORTCUTS.DEPOSIT', icon: 'deposit' },
];

/** The shortcuts the visible menu offers, with their paths. */
export function shortcutLinks(entries: readonly MenuEntry[]) {
  const paths = new Map<string, string>();
  for (const e of entries) {
    if (e.kind === 'link') paths.set(e.id, e.path);
    else for (const c of e.children) paths.set(c.id, c.path);
  }
  return SHORTCUTS.flatMap((s) => {
    const path = paths.get(s.menuId);
    return path ? [{ ...s, path }] : [];
  });
}

const Row = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(56px, 1fr));
  gap: ${({ theme }) => theme.space(2)};
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: 0;
  list-style: none;
`;

const Tile = styled(Link)`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  min-height: ${TOUCH_TARGET}px;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(1)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.primary};
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-align: center;
  text-decoration: none;
  overflow-wrap: anywhere;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

export function Shortcuts({ entries }: { entries: readonly MenuEntry[] }) {
  const { t } = useTranslation();
  const links = shortcutLinks(entries);
  if (links.length === 0) return null;
  return (
    <nav aria-label={t('SHORTCUTS.LABEL')}>
      <Row>
        {links.map((s) => (
          <li key={s.menuId}>
            <Tile href={s.path}>
              <Icon name={s.icon} />
              <span>{t(s.labelKey)}</span>
            </Tile>
          </li>
        ))}
      </Row>
    </nav>
  );
}
