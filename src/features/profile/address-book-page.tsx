/**
 * /ProfileAddressBook (1-access-shell-statement.md §2 Protected routes, "address change"; Address
 * book): the book on a page. It starts once the client record is known (the session has it from
 * the sign-in), since an edit sends the client back with the address (§4).
 */
import { useTranslation } from 'react-i18next';
import { Card } from '../../ui/card';
import { PageTitle } from '../../ui/page-title';
import { AddressBook } from './address-book';
import { ProfileLoadState } from './profile-load-state';
import { useProfileData } from './use-profile-data';

export default function AddressBookPage() {
  const { t } = useTranslation();
  const data = useProfileData();
  const { accountHolderId, accountId, client } = data;
  return (
    <>
      <PageTitle>{t('ADDRESS_BOOK.TITLE')}</PageTitle>
      <Card>
        {accountHolderId && accountId && client ? (
          <AddressBook input={{ accountHolderId, accountId, client }} headingLevel={2} />
        ) : (
          <ProfileLoadState query={data.query} />
        )}
      </Card>
    </>
  );
}
