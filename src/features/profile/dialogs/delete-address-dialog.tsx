/**
 * The delete confirmation of the address book (1-access-shell-statement.md §2 Address book: delete;
 * §8 success and failure): the shared confirmation of src/ui with the address book's texts.
 */
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../../ui/confirm-delete-dialog';
import type { AddressBookActor } from '../address-book';
import { addressTitle } from '../profile-ui';

export function DeleteAddressDialog({ actor }: { actor: AddressBookActor }) {
  const { t } = useTranslation();
  const address = useSelector(actor, (s) =>
    s.context.addresses.find((a) => a.addressId === s.context.pendingDelete),
  );
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.matches({ confirmingDelete: { asking: 'failed' } }));
  const error = useSelector(actor, (s) => s.context.error);
  return (
    <ConfirmDeleteDialog
      title={t('ADDRESS_BOOK.CONFIRM_DELETE_TITLE')}
      text={<p>{t('ADDRESS_BOOK.CONFIRM_DELETE_TEXT', { address: address ? addressTitle(address) : '' })}</p>}
      cancelLabel={t('ADDRESS_BOOK.CANCEL')}
      confirmLabel={t('ADDRESS_BOOK.CONFIRM_DELETE')}
      busyText={t('ADDRESS_BOOK.DELETING')}
      failureText={t('ADDRESS_BOOK.DELETE_ERROR')}
      busy={busy}
      failed={failed}
      error={error}
      onCancel={() => actor.send({ type: 'delete.cancel' })}
      onConfirm={() => actor.send({ type: 'delete.confirm' })}
    />
  );
}
