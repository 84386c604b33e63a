/**
 * The dialogs both transfers share (2-money-movement.md §2): the confirmation ('cannot be
 * cancelled after confirmation'), the failure whose result is unknown (retry with the same
 * externalIdentifier), and the success dialog with the receipt and Finish. They draw what the
 * page gives them and report clicks; the page sends the machine's events.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { SummaryLines, type SummaryLine } from '../../ui/summary-lines';

// The pages of this area import the lines from here with the dialogs; they live in src/ui because
// /Receive's confirmation and receipt draw them too.
export { SummaryLines, type SummaryLine };

const Notice = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

export function ConfirmTransferDialog({
  lines,
  onConfirm,
  onCancel,
}: {
  lines: readonly SummaryLine[];
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      role="alertdialog"
      onClose={onCancel}
      title={t('TRANSFERS.CONFIRM.TITLE')}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('TRANSFERS.CONFIRM.CANCEL')}
          </Button>
          <Button onClick={onConfirm}>{t('TRANSFERS.CONFIRM.ACCEPT')}</Button>
        </>
      }
    >
      <SummaryLines lines={lines} />
      <Notice>{t('TRANSFERS.CONFIRM.TEXT')}</Notice>
    </Dialog>
  );
}

/** The movement was sent and no answer says whether it was made: retry, never a new attempt. */
export function SendingDialog({
  busy,
  error,
  onRetry,
}: {
  busy: boolean;
  error: string | null;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      role="alertdialog"
      onClose={() => undefined}
      dismissible={false}
      title={t(busy ? 'TRANSFERS.SENDING.TITLE' : 'TRANSFERS.FAILED.TITLE')}
      actions={
        <Button onClick={onRetry} loading={busy} disabled={busy}>
          {t('TRANSFERS.FAILED.RETRY')}
        </Button>
      }
    >
      {busy ? (
        <p role="status">{t('TRANSFERS.SENDING.TEXT')}</p>
      ) : (
        <>
          {error && <p role="alert">{error}</p>}
          <p>{t('TRANSFERS.FAILED.TEXT')}</p>
        </>
      )}
    </Dialog>
  );
}

export function TransferDoneDialog({
  lines,
  onFinish,
  children,
}: {
  lines: readonly SummaryLine[];
  onFinish: () => void;
  /** What the flow adds under the receipt (the offer to save the recipient). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onClose={onFinish}
      title={t('TRANSFERS.DONE.TITLE')}
      actions={<Button onClick={onFinish}>{t('TRANSFERS.DONE.FINISH')}</Button>}
    >
      <p role="status">{t('TRANSFERS.DONE.TEXT')}</p>
      <h3>{t('TRANSFERS.DONE.RECEIPT')}</h3>
      <SummaryLines lines={lines} />
      {children}
    </Dialog>
  );
}

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
