import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Card } from '../ui/card';
import { PageTitle } from '../ui/page-title';

/** A protected path that is not (yet) in the route table. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Card>
      <PageTitle subtitle={t('SHELL.NOT_FOUND.TEXT')}>{t('SHELL.NOT_FOUND.TITLE')}</PageTitle>
      <Link href="/Statement">{t('SHELL.NOT_FOUND.BACK')}</Link>
    </Card>
  );
}
