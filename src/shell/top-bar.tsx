import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { LanguageSwitch } from './language-switch';
import { NotificationBell } from './notification-bell';
import { UserMenu, type UserMenuItem } from './user-menu';

export interface TopBarProps {
  productName: string;
  /** The client's name, once loaded. */
  clientName: string | undefined;
  accountId: string | undefined;
  userMenu: readonly UserMenuItem[];
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
  @media (max-width: 600px) {
    & > .brand {
      margin-right: auto;
    }
    & > .greeting {
      display: none;
    }
  }
  @media print {
    display: none;
  }
`;

/** The top bar (§2): product, greeting with the client name, language, bell and user menu. */
export function TopBar({ productName, clientName, accountId, userMenu }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <Bar>
      <span className="brand">{productName}</span>
      <span className="greeting">
        {clientName ? t('SHELL.GREETING', { name: clientName }) : t('SHELL.GREETING_ANONYMOUS')}
      </span>
      <LanguageSwitch />
      <NotificationBell accountId={accountId} />
      <UserMenu items={userMenu} />
    </Bar>
  );
}
