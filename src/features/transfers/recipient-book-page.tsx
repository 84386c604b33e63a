/**
 * /Transfer/Recipient (2-money-movement.md §2 Recipient book): the book on a page, for the first
 * account of the session (§1), with the type filter, add, edit and delete.
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shell/use-session';
import { Card } from '../../ui/card';
import { PageTitle } from '../../ui/page-title';
import { RecipientBookContent, RecipientBookDialogs, useRecipientBook } from './recipient-book';

function Book({ accountId }: { accountId: string }) {
  const actor = useRecipientBook({ accountId });
  const addButtonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <RecipientBookContent
        actor={actor}
        mode="manage"
        headingLevel={2}
        showFilter
        addButtonRef={addButtonRef}
      />
      <RecipientBookDialogs actor={actor} />
    </>
  );
}

export default function RecipientBookPage() {
  const { t } = useTranslation();
  const current = useSession();
  const accountId = current?.account.accounts[0]?.accountId ?? '';
  return (
    <>
      <PageTitle>{t('RECIPIENTS.TITLE')}</PageTitle>
      <Card>{accountId !== '' && <Book accountId={accountId} />}</Card>
    </>
  );
}
