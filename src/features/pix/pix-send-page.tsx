/**
 * /PixSend, the send menu (3-pix-part-one.md §2 Send menu): two cards, send by key and send by
 * manual data. A card whose route is not built yet is left out (src/shell/registered-routes.ts),
 * as the hub does.
 */
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Link } from 'wouter';
import { useIsRegisteredRoute } from '../../shell/registered-routes';
import { TOUCH_TARGET, media } from '../../ui/breakpoints';
import { PageTitle } from '../../ui/page-title';

/** §2: the two ways to send, in the spec's order. */
export const PIX_SEND_CARDS = [
  { id: 'KEY', route: '/PixKey' },
  { id: 'MANUAL', route: '/PixManual' },
] as const;

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
  margin: 0;
  padding: 0;
  list-style: none;
  ${media.phone} {
    grid-template-columns: 1fr;
  }
`;

const CardLink = styled(Link)`
  display: block;
  min-height: ${TOUCH_TARGET}px;
  height: 100%;
  box-sizing: border-box;
  padding: ${({ theme }) => theme.space(5)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.card};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  &:hover {
    background: ${({ theme }) => theme.color.primarySoft};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
  & strong {
    display: block;
    margin-bottom: ${({ theme }) => theme.space(1)};
    color: ${({ theme }) => theme.color.primary};
    font-size: ${({ theme }) => theme.font.size.lg};
  }
`;

export default function PixSendPage() {
  const { t } = useTranslation();
  const isRegistered = useIsRegisteredRoute();
  return (
    <>
      <PageTitle subtitle={t('PIX.SEND_MENU.SUBTITLE')}>{t('PIX.SEND_MENU.TITLE')}</PageTitle>
      <Grid>
        {PIX_SEND_CARDS.filter((c) => isRegistered(c.route)).map((c) => (
          <li key={c.id}>
            <CardLink href={c.route}>
              <strong>{t(`PIX.SEND_MENU.${c.id}`)}</strong>
              <span>{t(`PIX.SEND_MENU.${c.id}_TEXT`)}</span>
            </CardLink>
          </li>
        ))}
      </Grid>
    </>
  );
}
