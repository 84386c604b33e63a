/**
 * The recipient book as a dialog (2-money-movement.md §2: "The recipient book is also opened as a
 * dialog from the transfer screens"; "The user may pick a saved recipient to fill the form"). It
 * lists the saved recipients of one kind, paged and sorted by the bank like the page, and hands the
 * chosen one to the screen that opened it. Adding, editing and deleting stay on /Transfer/Recipient:
 * a form dialog opened from this dialog would stack two modal dialogs on a phone.
 */
import { useTranslation } from 'react-i18next';
import type { RecipientPageSize } from '../../../machines/transfers/recipient-book.machine';
import type { Recipient } from '../../../machines/transfers/recipient-mapping';
import type { RecipientKind } from '../../../machines/validators/recipient';
import { useSession } from '../../shell/use-session';
import { Dialog } from '../../ui/dialog';
import { RecipientBookContent, useRecipientBook } from './recipient-book';

export type { Recipient } from '../../../machines/transfers/recipient-mapping';

export interface RecipientBookDialogProps {
  /** Mounted and shown while true. */
  open: boolean;
  /** The kind listed: 'BankTransfer' for the TED screen, 'InternalTransfer' for the company transfer; null: every kind. */
  recipientType: RecipientKind | null;
  /** The chosen recipient (the dialog does not close itself: the opener closes it). */
  onPick: (recipient: Recipient) => void;
  /** Escape, the close button, or a click outside. */
  onClose: () => void;
  /** First page size; the spec allows 20 in other screens (§9). Default 10. */
  pageSize?: RecipientPageSize;
}

function PickList({
  accountId,
  recipientType,
  onPick,
  pageSize,
}: {
  accountId: string;
  recipientType: RecipientKind | null;
  onPick: (recipient: Recipient) => void;
  pageSize: RecipientPageSize;
}) {
  const actor = useRecipientBook({ accountId, recipientType, pageSize });
  return (
    <RecipientBookContent actor={actor} mode="pick" headingLevel={3} showFilter={false} onPick={onPick} />
  );
}

/** The recipient book as a dialog for the transfer screens (see the module comment). */
export function RecipientBookDialog({
  open,
  recipientType,
  onPick,
  onClose,
  pageSize = 10,
}: RecipientBookDialogProps) {
  const { t } = useTranslation();
  const current = useSession();
  const accountId = current?.account.accounts[0]?.accountId ?? '';
  if (!open) return null;
  return (
    <Dialog open onClose={onClose} title={t('RECIPIENTS.PICK_TITLE')}>
      {accountId !== '' && (
        <PickList accountId={accountId} recipientType={recipientType} onPick={onPick} pageSize={pageSize} />
      )}
    </Dialog>
  );
}
