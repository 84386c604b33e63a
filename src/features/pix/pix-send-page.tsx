/**
 * /PixSend, the send menu (3-pix-part-one.md §2 Send menu): two cards, send by key and send by
 * manual data. A card whose route is not built yet is left out (src/shell/registered-routes.ts),
 * as the hub does.
 */
import { useTranslation } from 'react-i18next';
import { useIsRegisteredRoute } from '../../shell/registered-routes';
import { CardGrid } from '../../ui/card-grid';
import { PageTitle } from '../../ui/page-title';

/** §2: the two ways to send, in the spec's order. */
export const PIX_SEND_CARDS = [
  { id: 'KEY', route: '/PixKey' },
  { id: 'MANUAL', route: '/PixManual' },
] as const;

export default function PixSendPage() {
  const { t } = useTranslation();
  const isRegistered = useIsRegisteredRoute();
  return (
    <>
      <PageTitle subtitle={t('PIX.SEND_MENU.SUBTITLE')}>{t('PIX.SEND_MENU.TITLE')}</PageTitle>
      <CardGrid
        cards={PIX_SEND_CARDS.filter((c) => isRegistered(c.route)).map((c) => ({
          id: c.id,
          href: c.route,
          title: t(`PIX.SEND_MENU.${c.id}`),
          text: t(`PIX.SEND_MENU.${c.id}_TEXT`),
        }))}
      />
    </>
  );
}
