/**
 * /Profile and /ProfileAccountData (1-access-shell-statement.md §2 Profile screen; §5 Formatting
 * helpers): name, e-mail, tax id (CPF or CNPJ, formatted, the alphanumeric CNPJ included), mobile
 * phone ((DD) NNNNN-NNNN) and the mail address; a button opens the address book as a dialog, and
 * the optional help-centre block closes the page.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { components } from '../../../openapi/portal';
import { maskPhone, maskTaxId } from '../../format/masks';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { PageTitle } from '../../ui/page-title';
import { AddressBookDialog } from './dialogs/address-book-dialog';
import { HelpCenterBlock } from './help-center';
import { ProfileLoadState } from './profile-load-state';
import { DataList, SectionTitle } from './profile-layout';
import { formatCep, stateLabel } from './profile-ui';
import { useProfileData } from './use-profile-data';

type Client = components['schemas']['Client'];

/** 'CPF' for 11 digits, 'CNPJ' otherwise (14 characters, letters allowed). */
function taxIdLabelKey(taxId: string): string {
  return /^\d{11}$/.test(taxId.replace(/[.\-/\s]/g, '')) ? 'PROFILE.CPF' : 'PROFILE.CNPJ';
}

function AccountData({ client }: { client: Client }) {
  const { t } = useTranslation();
  const headingId = useId();
  const taxId = client.taxIdentifier.taxId;
  const phone = client.mobilePhone?.phoneNumber;
  return (
    <Card aria-labelledby={headingId}>
      <SectionTitle id={headingId}>{t('PROFILE.ACCOUNT_DATA')}</SectionTitle>
      <DataList>
        <dt>{t('PROFILE.NAME')}</dt>
        <dd>{client.name}</dd>
        <dt>{t('PROFILE.EMAIL')}</dt>
        <dd>{client.email || t('PROFILE.NOT_INFORMED')}</dd>
        <dt>{t(taxIdLabelKey(taxId))}</dt>
        <dd>{maskTaxId(taxId)}</dd>
        <dt>{t('PROFILE.PHONE')}</dt>
        <dd>{phone ? maskPhone(phone) : t('PROFILE.NOT_INFORMED')}</dd>
      </DataList>
    </Card>
  );
}

function MailAddress({ client, onOpenBook }: { client: Client; onOpenBook: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const a = client.mailAddress;
  return (
    <Card aria-labelledby={headingId}>
      <SectionTitle id={headingId}>{t('PROFILE.MAIL_ADDRESS')}</SectionTitle>
      {a ? (
        <DataList>
          <dt>{t('ADDRESS_BOOK.FIELDS.STREET')}</dt>
          <dd>{a.addressOne}</dd>
          <dt>{t('ADDRESS_BOOK.FIELDS.NUMBER')}</dt>
          <dd>{a.number}</dd>
          <dt>{t('ADDRESS_BOOK.FIELDS.COMPLEMENT')}</dt>
          <dd>{a.addressTwo || t('PROFILE.NOT_INFORMED')}</dd>
          <dt>{t('ADDRESS_BOOK.FIELDS.NEIGHBORHOOD')}</dt>
          <dd>{a.neighborhood}</dd>
          <dt>{t('ADDRESS_BOOK.FIELDS.POSTAL_CODE')}</dt>
          <dd>{formatCep(a.postalCode)}</dd>
          <dt>{t('ADDRESS_BOOK.FIELDS.CITY')}</dt>
          <dd>{a.city}</dd>
          <dt>{t('ADDRESS_BOOK.FIELDS.STATE')}</dt>
          <dd>{stateLabel(a.state)}</dd>
        </DataList>
      ) : (
        <p>{t('PROFILE.NO_MAIL_ADDRESS')}</p>
      )}
      <Button variant="secondary" onClick={onOpenBook} aria-haspopup="dialog">
        {t('PROFILE.OPEN_ADDRESS_BOOK')}
      </Button>
    </Card>
  );
}

export default function ProfilePage() {
  const { t } = useTranslation();
  const data = useProfileData();
  const [bookOpen, setBookOpen] = useState(false);
  const { client, accountHolderId, accountId } = data;
  return (
    <>
      <PageTitle>{t('PROFILE.TITLE')}</PageTitle>
      {client ? (
        <>
          <AccountData client={client} />
          <MailAddress client={client} onOpenBook={() => setBookOpen(true)} />
        </>
      ) : (
        <Card>
          <ProfileLoadState query={data.query} />
        </Card>
      )}
      <HelpCenterBlock />
      {bookOpen && client && accountHolderId && accountId && (
        <AddressBookDialog
          input={{ accountHolderId, accountId, client }}
          onClose={() => setBookOpen(false)}
        />
      )}
    </>
  );
}
