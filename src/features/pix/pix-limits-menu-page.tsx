/**
 * /PixMyLimitsMenu (4-pix-part-two.md §2 Limits menu; issue 28): the link to the Pix limits screen
 * with its help text. The help says what the portal offers under the 2026 rules (domain notes §c):
 * a total per period, day and night, a decrease at once, an increase in 24 to 48 hours, and the
 * night window; per-beneficiary and per-transaction limits, which the spec's text mentions, are not
 * offered by the bank, so the help does not promise them.
 */
import { useTranslation } from 'react-i18next';
import { useIsRegisteredRoute } from '../../shell/registered-routes';
import { Card } from '../../ui/card';
import { CardGrid } from '../../ui/card-grid';
import { PageTitle } from '../../ui/page-title';

export default function PixLimitsMenuPage() {
  const { t } = useTranslation();
  const isRegistered = useIsRegisteredRoute();
  return (
    <>
      <PageTitle subtitle={t('PIX_LIMITS.MENU.SUBTITLE')}>{t('PIX_LIMITS.MENU.TITLE')}</PageTitle>
      {isRegistered('/PixLimits') && (
        <CardGrid
          cards={[
            {
              id: 'LIMITS',
              href: '/PixLimits',
              title: t('PIX_LIMITS.MENU.LINK'),
              text: t('PIX_LIMITS.MENU.LINK_TEXT'),
              icon: 'pix',
            },
          ]}
        />
      )}
      <Card>
        <h2>{t('PIX_LIMITS.MENU.HELP_TITLE')}</h2>
        <p>{t('PIX_LIMITS.MENU.HELP_PERIODS')}</p>
        <p>{t('PIX_LIMITS.MENU.HELP_CHANGES')}</p>
        <p>{t('PIX_LIMITS.MENU.HELP_WINDOW')}</p>
      </Card>
    </>
  );
}
