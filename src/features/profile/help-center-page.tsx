/**
 * /ProfileHelpCenter (1-access-shell-statement.md §2 Protected routes, Profile screen): the
 * help-centre block on a page of its own; says so when the configuration has no channel.
 */
import { useTranslation } from 'react-i18next';
import { config } from '../../runtime/config';
import { Card } from '../../ui/card';
import { PageTitle } from '../../ui/page-title';
import { HelpCenterBlock, hasHelpCenter } from './help-center';

export default function HelpCenterPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('HELP_CENTER.TITLE')}</PageTitle>
      {hasHelpCenter(config.helpCenter) ? (
        <HelpCenterBlock title={false} />
      ) : (
        <Card>
          <p>{t('HELP_CENTER.NONE')}</p>
        </Card>
      )}
    </>
  );
}
