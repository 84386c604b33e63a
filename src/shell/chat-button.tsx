import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { media } from '../ui/breakpoints';
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
  /* Smaller and closer to the corner on a phone; the shell's <main> keeps 96 px free at its end so
     the last controls of a page scroll clear of it. */
  ${media.phone} {
    right: ${({ theme }) => theme.space(3)};
    bottom: ${({ theme }) => theme.space(3)};
    width: 48px;
    height: 48px;
  }
  @media print {
    display: none;
  }
`;

/** §1: the floating chat button, opening the external chat in a new tab. Hidden without a URL. */
export function ChatButton({ url }: { url: string | undefined }) {
  const { t } = useTranslation();
  if (!url) return null;
  return (
    <aside aria-label={t('SHELL.CHAT_REGION')}>
      <Fab href={url} target="_blank" rel="noopener noreferrer" aria-label={t('SHELL.CHAT')}>
        <Icon name="chat" />
      </Fab>
    </aside>
  );
}
