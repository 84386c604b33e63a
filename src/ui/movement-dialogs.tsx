/**
 * The dialogs every money movement goes through (2-money-movement.md §2), whatever its area
 * (transfers, bill payment, receiving a digital check): the confirmation, the call in flight and
 * the failure whose result is unknown (retry with the same externalIdentifier, never a new
 * attempt), and the success with the receipt and Finish; and {@link SecuredMovementDialogs}, which
 * draws the security code and the sending steps for any machine built with
 * machines/transfers/movement-states.ts.
 *
 * Each area gives the part of the catalogue that holds its texts (`TRANSFERS`,
 * `PAYMENT.PAYMENT_BILL`, `RECEIVE`...), with the keys CONFIRM.{TITLE, TEXT, ACCEPT, CANCEL},
 * SENDING.{TITLE, TEXT}, FAILED.{TITLE, TEXT, RETRY} and DONE.{TITLE, TEXT, RECEIPT, FINISH}. The
 * dialogs draw what the page gives them and report clicks; the page sends the machine's events.
 * The security-code dialog is security-code-dialog.tsx beside this file.
 */
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import type { CallError } from '../../machines/kernel/call-error';
import { errorTextToShow } from '../api/errors';
import { Button } from './button';
import { Dialog } from './dialog';
import { FocusedAlert } from './focused-alert';
import { SecurityCodeDialog, type SecurityCodeActor } from './security-code-dialog';
import { SummaryLines, type SummaryLine } from './summary-lines';

export { SummaryLines, type SummaryLine };

/** The catalogue key of an area's movement texts ('TRANSFERS', 'PAYMENT.PAYMENT_BILL', 'RECEIVE'). */
export type MovementTexts = string;

const Notice = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

/**
 * The confirmation: what will move, the area's notice, Cancel and Confirm; `lead` goes above the
 * lines (a Pix's amount and recipient, src/ui/payment-headline.tsx). `blocked` says why the
 * movement cannot go on (the balance is short): shown in view and focused, Confirm disabled;
 * `checking` disables Confirm while that is being found out.
 */
export function ConfirmMovementDialog({
  texts,
  lead,
  lines,
  onConfirm,
  onCancel,
  blocked,
  checking = false,
}: {
  texts: MovementTexts;
  lead?: ReactNode;
  lines: readonly SummaryLine[];
  onConfirm: () => void;
  onCancel: () => void;
  blocked?: string | null;
  checking?: boolean;
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
          <Button onClick={onConfirm} disabled={!!blocked || checking} loading={checking}>
            {t(`${texts}.CONFIRM.ACCEPT`)}
          </Button>
        </>
      }
    >
      {lead}
      {blocked && <FocusedAlert>{blocked}</FocusedAlert>}
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
      // The result is read first: focus on a field of `children` (a nickname) would scroll the
      // receipt away and raise a phone's keyboard over the title (issue 32).
      focusTitle
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

/**
 * The steps every machine built with machines/transfers/movement-states.ts shares, drawn from its
 * state: `securityCode` (the child `securityCode` in the security-code dialog; closing it sends
 * `totp.cancel`) and `submitting` / `failed` (the sending dialog; its retry sends `retry`, with
 * the machine's `context.error`). The page draws its own form, confirmation and receipt.
 */
export function SecuredMovementDialogs({ actor, texts }: { actor: AnyActorRef; texts: MovementTexts }) {
  const { t } = useTranslation();
  const asking = useSelector(actor, (s: AnyMachineSnapshot) => s.matches('securityCode'));
  const submitting = useSelector(actor, (s: AnyMachineSnapshot) => s.matches('submitting'));
  const failed = useSelector(actor, (s: AnyMachineSnapshot) => s.matches('failed'));
  const error = useSelector(
    actor,
    (s: AnyMachineSnapshot) => (s.context as { error: CallError | null }).error,
  );
  const child = useSelector(
    actor,
    (s: AnyMachineSnapshot) => s.children['securityCode'] as SecurityCodeActor | undefined,
  );
  return (
    <>
      {asking && child && (
        <SecurityCodeDialog actor={child} onCancel={() => actor.send({ type: 'totp.cancel' })} />
      )}
      {(submitting || failed) && (
        <SendingMovementDialog
          texts={texts}
          busy={submitting}
          error={submitting ? null : errorTextToShow(error, t)}
          onRetry={() => actor.send({ type: 'retry' })}
        />
      )}
    </>
  );
}
