/**
 * The dialogs every money movement goes through (2-money-movement.md §2): the confirmation, the
 * call in flight and the failure whose result is unknown (retry with the same externalIdentifier,
 * never a new attempt), and the success with the receipt and Finish. Each area gives the part of
 * the catalogue that holds its texts (`TRANSFERS`, `RECEIVE`...), with the keys CONFIRM.{TITLE,
 * TEXT, ACCEPT, CANCEL}, SENDING.{TITLE, TEXT}, FAILED.{TITLE, TEXT, RETRY} and DONE.{TITLE, TEXT,
 * RECEIPT, FINISH}. They draw what the page gives them and report clicks; the page sends the
 * machine's events.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from './button';
import { Dialog } from './dialog';
import { SummaryLines, type SummaryLine } from './summary-lines';

/** The top-level catalogue key of an area's movement texts ('TRANSFERS', 'RECEIVE'). */
export type MovementTexts = string;

const Notice = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

/** The confirmation: what will move, the area's notice, Cancel and Confirm. */
export function ConfirmMovementDialog({
  texts,
  lines,
  onConfirm,
  onCancel,
}: {
  texts: MovementTexts;
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
      title={t(`${texts}.CONFIRM.TITLE`)}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t(`${texts}.CONFIRM.CANCEL`)}
          </Button>
          <Button onClick={onConfirm}>{t(`${texts}.CONFIRM.ACCEPT`)}</Button>
        </>
      }
    >
      <SummaryLines lines={lines} />
      <Notice>{t(`${texts}.CONFIRM.TEXT`)}</Notice>
    </Dialog>
  );
}

/** The movement was sent and no answer says whether it was made: retry, never a new attempt. */
export function SendingMovementDialog({
  texts,
  busy,
  error,
  onRetry,
}: {
  texts: MovementTexts;
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
      title={t(busy ? `${texts}.SENDING.TITLE` : `${texts}.FAILED.TITLE`)}
      actions={
        <Button onClick={onRetry} loading={busy} disabled={busy}>
          {t(`${texts}.FAILED.RETRY`)}
        </Button>
      }
    >
      {busy ? (
        <p role="status">{t(`${texts}.SENDING.TEXT`)}</p>
      ) : (
        <>
          {error && <p role="alert">{error}</p>}
          <p>{t(`${texts}.FAILED.TEXT`)}</p>
        </>
      )}
    </Dialog>
  );
}

/** The success: its text, the receipt's lines, what the flow adds, and Finish. */
export function MovementDoneDialog({
  texts,
  lines,
  onFinish,
  actions,
  children,
}: {
  texts: MovementTexts;
  lines: readonly SummaryLine[];
  onFinish: () => void;
  /** Buttons before Finish (the receipt's PDF). */
  actions?: ReactNode;
  /** What the flow adds under the receipt (the offer to save the recipient, a PDF failure). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onClose={onFinish}
      title={t(`${texts}.DONE.TITLE`)}
      actions={
        <>
          {actions}
          <Button onClick={onFinish}>{t(`${texts}.DONE.FINISH`)}</Button>
        </>
      }
    >
      <p role="status">{t(`${texts}.DONE.TEXT`)}</p>
      <h3>{t(`${texts}.DONE.RECEIPT`)}</h3>
      <SummaryLines lines={lines} />
      {children}
    </Dialog>
  );
}
