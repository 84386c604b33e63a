import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { focusRing } from '../ui/global-style';
import { Icon } from '../ui/icons';

const Fab = styled.a`
  position: fixed;
  right: ${({ theme }) => theme.space(6)};
  bottom: ${({ theme }) => theme.space(6)};
  z-index: ${({ theme }) => theme.z.fab};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 56px;
  height: 56px;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.onPrimary};
  box-shadow: ${({ theme }) => theme.shadow.popup};
  &:hover {
    background: ${({ theme }) => theme.color.primaryHover};
  }
  ${focusRing}
  @media print {
    display: none;
  }
`;

/** The chat link as one of the top bar's 44 px icons (phones). */
const BarLink = styled.a`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border-radius: 50%;
  color: inherit;
  &:hover {
    background: rgba(255, 255, 255, 0.15);
  }
  ${focusRing}
`;

export interface ChatButtonProps {
  url: string | undefined;
  /**
   * `corner`: the floating button at the bottom right (wider screens). `bar`: an icon of the top
   * bar. Issue 32: on a phone the floating button sat over IMPRIMIR, Voltar, Próximo, a search's
   * clear button and the statement rows' receipt buttons whenever they reached the bottom edge,
   * so below 600 px nothing floats over the page: the chat is in the bar, with the bell.
   */
  placement?: 'corner' | 'bar';
}

/** §1: the chat button, opening the external chat in a new tab. Hidden without a URL. */
export function ChatButton({ url, placement = 'corner' }: ChatButtonProps) {
  const { t } = useTranslation();
  if (!url) return null;
  const link = { href: url, target: '_blank', rel: 'noopener noreferrer', 'aria-label': t('SHELL.CHAT') };
  if (placement === 'bar')
    return (
      <BarLink {...link}>
        <Icon name="chat" />
      </BarLink>
    );
  return (
    <aside aria-label={t('SHELL.CHAT_REGION')}>
      <Fab {...link}>
        <Icon name="chat" />
      </Fab>
    </aside>
  );
}
