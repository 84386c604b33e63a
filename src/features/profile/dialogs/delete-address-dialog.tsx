/**
 * The delete confirmation of the address book (1-access-shell-statement.md §2 Address book: delete;
 * §8 success and failure). An alertdialog: focus starts on Cancel, the safe choice; a failure
 * keeps it open with the API's error so the holder can try again or give up.
 */
import { useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import type { AddressBookActor } from '../address-book';
import { ErrorAlert } from '../../../ui/error-alert';
import { describeApiError, isShownError } from '../../../api/errors';
import { addressTitle } from '../profile-ui';

const Text = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
`;

export function DeleteAddressDialog({ actor }: { actor: AddressBookActor }) {
  const { t } = useTranslation();
  const textId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const address = useSelector(actor, (s) =>
    s.context.addresses.find((a) => a.addressId === s.context.pendingDelete),
  );
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.matches({ confirmingDelete: { asking: 'failed' } }));
  const error = useSelector(actor, (s) => s.context.error);
  const cancel = () => {
    if (!busy) actor.send({ type: 'delete.cancel' });
  };
  return (
    <Dialog
      open
      role="alertdialog"
      aria-describedby={textId}
      title={t('ADDRESS_BOOK.CONFIRM_DELETE_TITLE')}
      onClose={cancel}
      dismissible={!busy}
      initialFocus={cancelRef}
      actions={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={cancel} disabled={busy}>
            {t('ADDRESS_BOOK.CANCEL')}
          </Button>
          <Button variant="danger" loading={busy} onClick={() => actor.send({ type: 'delete.confirm' })}>
            {t('ADDRESS_BOOK.CONFIRM_DELETE')}
          </Button>
        </>
      }
    >
      <Text id={textId}>
        {t('ADDRESS_BOOK.CONFIRM_DELETE_TEXT', { address: address ? addressTitle(address) : '' })}
      </Text>
      <p role="status">{busy ? t('ADDRESS_BOOK.DELETING') : ''}</p>
      {failed && isShownError(error) && (
        <ErrorAlert>
          <p>{t('ADDRESS_BOOK.DELETE_ERROR')}</p>
          <p>{describeApiError(error, t)}</p>
        </ErrorAlert>
      )}
    </Dialog>
  );
}
