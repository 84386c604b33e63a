/**
 * The dialogs both transfers share (2-money-movement.md §2): the confirmation ('cannot be
 * cancelled after confirmation'), the security code and the failure whose result is unknown (retry
 * with the same externalIdentifier), and the success dialog with the receipt and Finish: src/ui's
 * movement dialogs with the TRANSFERS texts; and the declined TED's dialog, this area's own.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyActorRef } from 'xstate';
import { Dialog } from '../../ui/dialog';
import {
  ConfirmMovementDialog,
  MovementDoneDialog,
  SecuredMovementDialogs,
  type SummaryLine,
} from '../../ui/movement-dialogs';

// The pages of this area import the lines from here with the dialogs; they live in src/ui because
// the other movements' confirmations and receipts draw them too.
export { type SummaryLine };

type Lines = { lines: readonly SummaryLine[] };

export const ConfirmTransferDialog = (
  p: Lines & {
    onConfirm: () => void;
    onCancel: () => void;
    /** Why the transfer cannot go on (the balance is short): Confirm stays disabled. */
    blocked?: string | null;
    checking?: boolean;
  },
) => <ConfirmMovementDialog texts="TRANSFERS" {...p} />;

/** The security code and the sending dialog of a transfer, in its words. */
export const TransferMovementDialogs = ({ actor }: { actor: AnyActorRef }) => (
  <SecuredMovementDialogs actor={actor} texts="TRANSFERS" />
);

export const TransferDoneDialog = (
  p: Lines & {
    onFinish: () => void;
    /** Buttons before Finish (the receipt's PDF). */
    actions?: ReactNode;
    /** What the flow adds under the receipt (the offer to save the recipient). */
    children?: ReactNode;
  },
) => <MovementDoneDialog texts="TRANSFERS" {...p} />;

/** §2, §8: the bank answered `success: false`; the flow goes home by itself after 1.8 s. */
export function NotDoneDialog({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      role="alertdialog"
      onClose={() => undefined}
      dismissible={false}
      title={t('TRANSFERS.NOT_DONE.TITLE')}
    >
      <p role="alert">{text}</p>
      <p>{t('TRANSFERS.NOT_DONE.GOING_HOME')}</p>
    </Dialog>
  );
}
