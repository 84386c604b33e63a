/**
 * The one page of the two transfers, /TransferToBank (the TED) and /TransferToBrinks (to a company
 * account by CNPJ): 2-money-movement.md §2 gives them "the same confirmation, success dialog and
 * Finish button"; they differ in their form's fields, the lines of their confirmation and receipt,
 * and one step each (the company's contact lookup, the TED's declined answer and its offer to save
 * the recipient), which bank-transfer-page.tsx and company-transfer-page.tsx give this page. Both
 * machines end with the closing states of machines/transfers/movement-states.ts, which this page
 * draws from the actor's state.
 *
 * The form is react-final-form with the machine's own rule as `validate`, so the Transfer button
 * and the guard never disagree; it stays mounted under the dialogs, so nothing typed is lost when a
 * step fails. Issue 32: the balance is checked at the confirmation, before a security code is
 * asked (a short balance is said there and Confirm stays disabled); a refusal that returns to the
 * form is shown in view and focused; the receipt's dialog opens on its title, says when the bank
 * made the transfer (São Paulo time) and downloads as a PDF.
 */
import { useSelector } from '@xstate/react';
import type { FormApi } from 'final-form';
import { useId, useState, type ReactNode } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';
import type { CallError } from '../../../machines/kernel/call-error';
import type { RecipientKind } from '../../../machines/validators/recipient';
import { useBalanceCheck } from '../../api/queries';
import { errorTextToShow } from '../../api/errors';
import { formatInstant } from '../../format/instant';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { FocusedAlert } from '../../ui/focused-alert';
import { PageTitle } from '../../ui/page-title';
import { useToast } from '../../ui/toasts';
import type { Recipient } from './recipient-book-dialog';
import { preloadRecipientBookDialog, RecipientBookPicker } from './recipient-book-picker';
import {
  ConfirmTransferDialog,
  NotDoneDialog,
  TransferDoneDialog,
  TransferMovementDialogs,
  type SummaryLine,
} from './transfer-dialogs';
import { FormActions, FormGrid, useLeaveWhenDone } from './transfer-ui';

/** What the two transfers' forms differ in. */
export interface TransferForm<V extends object> {
  /** The catalogue keys of the page's title (the form's name too) and of its Transfer button. */
  title: string;
  submit: string;
  empty: V;
  /** Every value a string ('' for what final-form leaves undefined): what `form.submit` carries. */
  complete: (values: Partial<V>) => V;
  /** The machine's rule: the message key of each invalid field. */
  validate: (values: Partial<V>) => Partial<Record<keyof V, string>>;
  /** The fields, inside the form's grid. */
  fields: ReactNode;
  /** The saved recipients the book offers, and how a chosen one fills the form. */
  recipientType: RecipientKind;
  fill: (recipient: Recipient, form: FormApi<V>) => void;
}

/** The transfer's actor: a machine of movement-states.ts whose final output is `{ to }`. */
export type TransferActor = AnyActorRef & Parameters<typeof useLeaveWhenDone>[0];

export interface TransferPageProps<V extends object> {
  actor: TransferActor;
  form: TransferForm<V>;
  /** The holder's account: its balance is checked at the confirmation. */
  accountId: string;
  /** The confirmation's and the receipt's lines, once the flow has what they show. */
  lines: SummaryLine[] | null;
  /** The amount to move in centavos (against the balance). */
  amountCents: number;
  /** The form's submission is in flight (the company's contact lookup). */
  busy?: boolean;
  /** The text of `editing.notFound` (the company's 'no contact with that CNPJ'). */
  notFoundText?: string;
  /** The text of `rejected` (the TED's `success: false`, home after 1.8 s). */
  notDoneText?: string;
  /** What the receipt adds under its lines (the TED's offer to save the recipient). */
  receiptExtra?: ReactNode;
  /** The PDF's file name before the transaction id ('comprovante-ted'). */
  pdfName: string;
}

interface Result {
  transactionId?: string;
  createdAt?: string;
}

/** Fetches the recipient book's dialog ahead of a click (hover, focus); a failure waits for the click. */
const prefetchBook = () => void preloadRecipientBookDialog().catch(() => undefined);

const bySnapshot = (s: AnyMachineSnapshot) => ({
  editing: s.matches('editing'),
  confirming: s.matches('confirming'),
  rejected: s.matches('rejected'),
  done: s.matches('done'),
  notFound: s.matches({ editing: 'notFound' }),
  refused: s.matches({ editing: 'failed' }) || s.matches({ editing: 'insufficientBalance' }),
});
const sameFlags = (a: ReturnType<typeof bySnapshot>, b: ReturnType<typeof bySnapshot>) =>
  (Object.keys(a) as (keyof typeof a)[]).every((k) => a[k] === b[k]);

/** The PDF of the receipt's lines (jspdf loads only when asked). */
async function downloadReceipt(
  title: string,
  lines: readonly SummaryLine[],
  issuedAt: string,
  file: string,
): Promise<void> {
  const [{ writeReceiptPdf }, { downloadBlob }] = await Promise.all([
    import('../../export/receipt-pdf'),
    import('../../export/download'),
  ]);
  const blob = await writeReceiptPdf({
    title,
    sections: [
      { lines: lines.map((l, i) => ({ label: l.label, value: String(l.value), emphasis: i === 0 })) },
    ],
    issuedAt,
  });
  downloadBlob(blob, file);
}

export function TransferPage<V extends object>({
  actor,
  form: kind,
  accountId,
  lines,
  amountCents,
  busy = false,
  notFoundText,
  notDoneText,
  receiptExtra,
  pdfName,
}: TransferPageProps<V>) {
  const { t } = useTranslation();
  const toast = useToast();
  const formId = useId();
  useLeaveWhenDone(actor);

  const at = useSelector(actor, bySnapshot, sameFlags);
  const error = useSelector(
    actor,
    (s: AnyMachineSnapshot) => (s.context as { error: CallError | null }).error,
  );
  const result = useSelector(
    actor,
    (s: AnyMachineSnapshot) => (s.context as { result: Result | null }).result,
  );
  const balance = useBalanceCheck(at.confirming ? accountId : undefined, amountCents);
  // When the receipt opened: the bank's time of the movement is shown when it answered one.
  const [seenAt, setSeenAt] = useState<Date | null>(null);
  if (at.done && seenAt === null) setSeenAt(new Date());
  const [picking, setPicking] = useState(false);
  const [pdf, setPdf] = useState<'idle' | 'busy' | 'failed'>('idle');

  const formError = at.notFound ? (notFoundText ?? null) : at.refused ? errorTextToShow(error, t) : null;
  const madeAt = result?.createdAt ?? seenAt;
  const receipt: SummaryLine[] = [
    ...(lines ?? []),
    { label: t('TRANSFERS.DONE.DATE'), value: madeAt ? formatInstant(madeAt) : '—' },
    { label: t('TRANSFERS.DONE.TRANSACTION_ID'), value: result?.transactionId ?? '—' },
  ];
  const pdfFile = `${pdfName}-${result?.transactionId ?? 'transferencia'}.pdf`;
  const download = () => {
    setPdf('busy');
    downloadReceipt(
      t('TRANSFERS.DONE.PDF_TITLE'),
      receipt,
      t('TRANSFERS.DONE.ISSUED_AT', { date: formatInstant(new Date()) }),
      pdfFile,
    ).then(
      () => setPdf('idle'),
      () => setPdf('failed'),
    );
  };

  return (
    <>
      <PageTitle>{t(kind.title)}</PageTitle>
      <Card>
        <Form<V>
          initialValues={kind.empty}
          onSubmit={(values) => {
            if (at.editing) actor.send({ type: 'form.submit', values: kind.complete(values) });
          }}
          validate={(values) => kind.validate(values) as Record<string, string>}
          subscription={{ hasValidationErrors: true }}
          render={({ handleSubmit, hasValidationErrors, form }) => (
            <>
              <form
                id={formId}
                noValidate
                onSubmit={handleSubmit}
                aria-busy={busy || undefined}
                aria-label={t(kind.title)}
              >
                <FormActions>
                  <Button
                    variant="secondary"
                    onClick={() => setPicking(true)}
                    onPointerEnter={prefetchBook}
                    onFocus={prefetchBook}
                    disabled={!at.editing}
                  >
                    {t('TRANSFERS.PICK_RECIPIENT')}
                  </Button>
                </FormActions>
                {formError && <FocusedAlert>{formError}</FocusedAlert>}
                <FormGrid>{kind.fields}</FormGrid>
                <FormActions>
                  <Button
                    type="submit"
                    disabled={(hasValidationErrors || !at.editing) && !busy}
                    loading={busy}
                  >
                    {t(kind.submit)}
                  </Button>
                </FormActions>
              </form>
              <RecipientBookPicker
                open={picking}
                recipientType={kind.recipientType}
                onClose={() => setPicking(false)}
                onPick={(r: Recipient) => {
                  kind.fill(r, form);
                  setPicking(false);
                }}
              />
            </>
          )}
        />
      </Card>
      {at.confirming && lines && (
        <ConfirmTransferDialog
          lines={lines}
          blocked={balance.short ? t('ERRORS.API.16') : null}
          checking={balance.checking}
          onConfirm={() => actor.send({ type: 'confirm.accept' })}
          onCancel={() => actor.send({ type: 'confirm.cancel' })}
        />
      )}
      <TransferMovementDialogs actor={actor} />
      {at.rejected && notDoneText && <NotDoneDialog text={notDoneText} />}
      {at.done && lines && (
        <TransferDoneDialog
          lines={receipt}
          actions={
            <Button variant="secondary" onClick={download} loading={pdf === 'busy'} disabled={pdf === 'busy'}>
              {t('TRANSFERS.DONE.PDF')}
            </Button>
          }
          onFinish={() => {
            toast.success(t('TRANSFERS.DONE.TOAST'));
            actor.send({ type: 'finish' });
          }}
        >
          {pdf === 'failed' && <p role="alert">{t('TRANSFERS.DONE.PDF_FAILED')}</p>}
          {receiptExtra}
        </TransferDoneDialog>
      )}
    </>
  );
}
