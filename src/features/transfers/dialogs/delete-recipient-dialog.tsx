/**
 * The delete confirmation of the recipient book (2-money-movement.md §5 Recipient form: 'Deseja
 * realmente excluir esse favorecido?'; §8 success message). An alertdialog: focus starts on
 * Cancel, the safe choice; a failure keeps it open with the API's error and a retry.
 */
import { useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { describeApiError, isShownError } from '../../../api/errors';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { ErrorAlert } from '../../../ui/error-alert';
import type { RecipientBookActor } from '../recipient-book';

const Text = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
`;

export function DeleteRecipientDialog({ actor }: { actor: RecipientBookActor }) {
  const { t } = useTranslation();
  const textId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const recipient = useSelector(actor, (s) =>
    s.context.recipients.find((r) => r.idRecipient === s.context.pendingDelete),
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
      title={t('RECIPIENTS.CONFIRM_DELETE_TITLE')}
      onClose={cancel}
      dismissible={!busy}
      initialFocus={cancelRef}
      actions={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={cancel} disabled={busy}>
            {t('RECIPIENTS.CANCEL')}
          </Button>
          <Button
            variant="danger"
            loading={busy}
            onClick={() => actor.send(failed ? { type: 'retry' } : { type: 'delete.confirm' })}
          >
            {t(failed ? 'COMMON.BUTTONS.RETRY' : 'RECIPIENTS.CONFIRM_DELETE')}
          </Button>
        </>
      }
    >
      <div id={textId}>
        <Text>{t('RECIPIENTS.CONFIRM_DELETE_TEXT')}</Text>
        {recipient && <Text>{recipient.nickname}</Text>}
      </div>
      <p role="status">{busy ? t('RECIPIENTS.DELETING') : ''}</p>
      {failed && isShownError(error) && (
        <ErrorAlert>
          <p>{t('RECIPIENTS.DELETE_ERROR')}</p>
          <p>{describeApiError(error, t)}</p>
        </ErrorAlert>
      )}
    </Dialog>
  );
}
