/**
 * The address book as a dialog opened from the profile (1-access-shell-statement.md §2 Profile
 * screen: "An address-book dialog opens from the profile"). The form and the confirmation it
 * opens are rendered beside this dialog, not inside it (see address-book.tsx). Mounted while open:
 * the book loads each time it opens, and focus goes back to the profile's button when it closes.
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddressBookAccount } from '../../../../machines/profile/address-book.machine';
import { Dialog } from '../../../ui/dialog';
import { AddressBookContent, AddressBookDialogs, useAddressBook } from '../address-book';

export function AddressBookDialog({ input, onClose }: { input: AddressBookAccount; onClose: () => void }) {
  const { t } = useTranslation();
  const actor = useAddressBook(input);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Dialog open onClose={onClose} title={t('ADDRESS_BOOK.TITLE')}>
        <AddressBookContent actor={actor} headingLevel={3} addButtonRef={addButtonRef} />
      </Dialog>
      <AddressBookDialogs actor={actor} />
    </>
  );
}
