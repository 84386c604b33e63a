/**
 * /PixRecipientPage (3-pix-part-one.md §2 Recipient book (Pix variant)): the recipient book of the
 * first account of the session, filtered to Pix (is_pix), 20 a page; a row's key type, nickname and
 * key; send Pix (opens /PixKey with the recipient once that screen exists), edit and delete. The
 * same machine and view as /Transfer/Recipient (one recipients store), started with variant 'pix'.
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shell/use-session';
import { Card } from '../../ui/card';
import { PageTitle } from '../../ui/page-title';
import { RecipientBookContent, RecipientBookDialogs, useRecipientBook } from './recipient-book';

function PixBook({ accountId }: { accountId: string }) {
  const actor = useRecipientBook({ accountId, variant: 'pix' });
  const addButtonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <RecipientBookContent
        actor={actor}
        mode="manage"
        headingLevel={2}
        showFilter={false}
        addButtonRef={addButtonRef}
      />
      <RecipientBookDialogs actor={actor} />
    </>
  );
}

export default function PixRecipientBookPage() {
  const { t } = useTranslation();
  const current = useSession();
  const accountId = current?.account.accounts[0]?.accountId ?? '';
  return (
    <>
      <PageTitle>{t('PIX_RECIPIENTS.TITLE')}</PageTitle>
      <Card>{accountId !== '' && <PixBook accountId={accountId} />}</Card>
    </>
  );
}
