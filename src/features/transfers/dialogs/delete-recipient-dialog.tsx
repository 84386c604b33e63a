/**
 * The delete confirmation of the recipient book (2-money-movement.md §5 Recipient form: 'Deseja
 * realmente excluir esse favorecido?'; §8 success message): the shared confirmation of src/ui with
 * the book's texts; after a failure, Confirm becomes the machine's retry.
 */
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../../ui/confirm-delete-dialog';
import type { RecipientBookActor } from '../recipient-book';

export function DeleteRecipientDialog({ actor }: { actor: RecipientBookActor }) {
  const { t } = useTranslation();
  const recipient = useSelector(actor, (s) =>
    s.context.recipients.find((r) => r.idRecipient === s.context.pendingDelete),
  );
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.matches({ confirmingDelete: { asking: 'failed' } }));
  const error = useSelector(actor, (s) => s.context.error);
  return (
    <ConfirmDeleteDialog
      title={t('RECIPIENTS.CONFIRM_DELETE_TITLE')}
      text={
        <>
          <p>{t('RECIPIENTS.CONFIRM_DELETE_TEXT')}</p>
          {recipient && <p>{recipient.nickname}</p>}
        </>
      }
      cancelLabel={t('RECIPIENTS.CANCEL')}
      confirmLabel={t(failed ? 'COMMON.BUTTONS.RETRY' : 'RECIPIENTS.CONFIRM_DELETE')}
      busyText={t('RECIPIENTS.DELETING')}
      failureText={t('RECIPIENTS.DELETE_ERROR')}
      busy={busy}
      failed={failed}
      error={error}
      onCancel={() => actor.send({ type: 'delete.cancel' })}
      onConfirm={() => actor.send(failed ? { type: 'retry' } : { type: 'delete.confirm' })}
    />
  );
}
