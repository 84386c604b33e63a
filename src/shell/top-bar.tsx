import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { media } from '../ui/breakpoints';
import { IconButton } from '../ui/button';
import { Icon } from '../ui/icons';
import { LanguageSwitch } from './language-switch';
import { NotificationBell } from './notification-bell';
import { UserMenu, type UserMenuItem } from './user-menu';

export interface TopBarProps {
  productName: string;
  /** The client's name, once loaded. */
  clientName: string | undefined;
  accountId: string | undefined;
  userMenu: readonly UserMenuItem[];
  /** On phones: the button that opens the side menu's drawer. */
  menuButton?: {
    ref: Ref<HTMLButtonElement>;
    expanded: boolean;
    /** The id of the drawer's <nav>. */
    controls: string;
    onClick: () => void;
  };
  /** On phones: the chat link, an icon beside the bell instead of a button floating over the page. */
  chat?: ReactNode;
}

const Bar = styled.header`
  grid-area: top;
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.z.topBar};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  min-height: ${({ theme }) => theme.layout.topBarHeight};
  padding: 0 ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.onPrimary};
  & > .brand {
    font-weight: ${({ theme }) => theme.font.weight.bold};
    font-size: ${({ theme }) => theme.font.size.lg};
  }
  & > .greeting {
    margin-left: auto;
  }
  /* The default ring is blue: on the blue bar it turns white to stay visible. */
  & :focus-visible {
    outline-color: ${({ theme }) => theme.color.onPrimary};
  }
  /* Popups opened from the bar are white again. */
  & [role='dialog'] :focus-visible,
  & [role='menu'] :focus-visible {
    outline-color: ${({ theme }) => theme.color.focus};
  }
  ${media.phone} {
    gap: ${({ theme }) => theme.space(1)};
    padding: 0 ${({ theme }) => theme.space(1)};
    & > .brand {
      margin-right: auto;
      font-size: ${({ theme }) => theme.font.size.md};
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
      min-width: 0;
    }
    /* The greeting and the language switch move into the drawer's room: the bar keeps the menu
       button, the brand, the chat link, the bell and the user menu, each a 44 px target, at 360 px. */
    & > .greeting,
    & > .language {
      display: none;
    }
  }
  @media print {
    display: none;
  }
`;

/** The top bar (§2): product, greeting with the client name, language, bell and user menu. */
export function TopBar({ productName, clientName, accountId, userMenu, menuButton, chat }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <Bar>
      {menuButton && (
        <IconButton
          ref={menuButton.ref}
          aria-label={t('MENU.OPEN')}
          aria-expanded={menuButton.expanded}
          aria-controls={menuButton.controls}
          onClick={menuButton.onClick}
        >
          <Icon name="menu" />
        </IconButton>
      )}
      <span className="brand">{productName}</span>
      <span className="greeting">
        {clientName ? t('SHELL.GREETING', { name: clientName }) : t('SHELL.GREETING_ANONYMOUS')}
      </span>
      <div className="language">
        <LanguageSwitch />
      </div>
      {chat}
      <NotificationBell accountId={accountId} />
      <UserMenu items={userMenu} />
    </Bar>
  );
}
