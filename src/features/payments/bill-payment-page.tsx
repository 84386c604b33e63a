/**
 * /Payment, bill payment (2-money-movement.md §2 Bill payment, §3 Bill details, §5 Barcode and
 * Bill amount, §8): a projection of machines/payments/bill-payment.machine.ts. The blocks stay
 * mounted under the dialogs, so a failure returns to the code as it was typed. Pay is disabled by
 * the same rule the machine's guard applies (validators/bill.ts `billAmountError`) and, §5, when
 * the balance is below the total (ERRORS.API.16; the bank refuses it too, 422 code 16).
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { saoPauloToday } from '../../../clock/sao-paulo';
import {
  billAmountsOf,
  billPaymentMachine,
  type GetBillDetailsOutput,
} from '../../../machines/payments/bill-payment.machine';
import {
  billAmountError,
  billCodeProblem,
  billTotalCents,
  joinBillBlocks,
  splitBillBlocks,
} from '../../../machines/validators/bill';
import { boletoToTypeableLine, formatBoletoLine } from '../../../machines/validators/boleto';
import { useBalance } from '../../api/queries';
import { errorTextToShow } from '../../api/errors';
import { formatBRLFromCents } from '../../format/brl';
import { formatDate, formatDateTime } from '../../format/dates';
import { maskTaxId } from '../../format/masks';
import { clearDraft, hasReturn, readDraft, saveDraft } from '../../runtime/resume';
import { useFlow, useNewId } from '../../runtime/use-flow';
import { session } from '../../runtime/session';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { SummaryLines, type SummaryLine } from '../../ui/movement-dialogs';
import { FormActions } from '../../ui/form-actions';
import { MovementError, MovementIntro, MovementPage } from '../../ui/movement-page';
import { ReceiptFileActions } from '../../ui/receipt-file-actions';
import { BillCodeInput } from './bill-code-input';

const Total = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

const Success = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.successSoft};
  color: ${({ theme }) => theme.color.success};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

/** The route whose draft (the bill line, no secret) outlives an expired session (issue 32). */
const PAYMENT_ROUTE = '/Payment';
/** The blocks as the customer left them when the session expired, or empty. */
const draftBlocks = (holderId: string): string[] =>
  splitBillBlocks(readDraft(holderId, PAYMENT_ROUTE)?.line ?? '').blocks;
const money = (cents: number | undefined, none: string): string =>
  cents === undefined ? none : formatBRLFromCents(cents);

/** Every field of §3 Bill details and the total of §5, for the dialog and the receipt. */
function detailLines(details: GetBillDetailsOutput, t: (k: string) => string): SummaryLine[] {
  const a = billAmountsOf(details);
  const p = details.paymentDetails;
  const none = t('PAYMENT.PAYMENT_BILL.DETAILS.NONE');
  const taxId = details.beneficiary.taxIdentifier?.taxId;
  return [
    { label: t('PAYMENT.PAYMENT_BILL.DETAILS.BENEFICIARY'), value: details.beneficiary.name },
    { label: t('PAYMENT.PAYMENT_BILL.DETAILS.TAX_ID'), value: taxId ? maskTaxId(taxId) : none },
    {
      label: t('PAYMENT.PAYMENT_BILL.DETAILS.LINE'),
      value: formatBoletoLine(boletoToTypeableLine(p.barcode) ?? p.barcode),
    },
    { label: t('PAYMENT.PAYMENT_BILL.DETAILS.BARCODE'), value: p.barcode },
    {
      label: t('PAYMENT.PAYMENT_BILL.DETAILS.DUE_DATE'),
      value: p.dueDate ? formatDate(p.dueDate) : t('PAYMENT.PAYMENT_BILL.DETAILS.NO_DUE_DATE'),
    },
    { label: t('PAYMENT.PAYMENT_BILL.DETAILS.DOCUMENT'), value: formatBRLFromCents(a.documentCents) },
    { label: t('PAYMENT.PAYMENT_BILL.DETAILS.DISCOUNT'), value: formatBRLFromCents(a.discountCents) },
    { label: t('PAYMENT.PAYMENT_BILL.DETAILS.DEDUCTIONS'), value: formatBRLFromCents(a.deductionsCents) },
    { label: t('PAYMENT.PAYMENT_BILL.DETAILS.INTEREST'), value: formatBRLFromCents(a.interestCents) },
    { label: t('PAYMENT.PAYMENT_BILL.DETAILS.FINE'), value: formatBRLFromCents(a.fineCents) },
    { label: t('PAYMENT.PAYMENT_BILL.DETAILS.MINIMUM'), value: money(a.minimumCents, none) },
    { label: t('PAYMENT.PAYMENT_BILL.DETAILS.MAXIMUM'), value: money(a.maximumCents, none) },
  ];
}

export default function BillPaymentPage() {
  const newId = useNewId();
  const { t } = useTranslation();
  const data = session.getSnapshot();
  const accountId = data?.account.accounts[0]?.accountId ?? '';
  const [input] = useState(() => ({
    accountId,
    phoneNumber: data?.client?.mobilePhone?.phoneNumber,
    // São Paulo's date (the spec's today), not the browser's: at 23:30 there Tokyo is on the next day.
    today: saoPauloToday(),
    newId,
  }));
  const actor = useFlow('bill-payment', billPaymentMachine, input);
  const holderId = data?.account.accountHolderId ?? '';
  const [blocks, setBlocks] = useState<string[]>(() => draftBlocks(holderId));
  // What the customer types is kept for this tab, so an expired session does not lose it.
  const changeBlocks = (next: string[]) => {
    setBlocks(next);
    if (holderId) saveDraft(holderId, PAYMENT_ROUTE, { line: joinBillBlocks(next) });
  };
  const firstBlock = useRef<HTMLDivElement>(null);

  const editing = useSelector(actor, (s) => s.matches('editing'));
  const lookingUp = useSelector(actor, (s) => s.matches('lookingUp'));
  const confirming = useSelector(actor, (s) => s.matches('confirming'));
  const done = useSelector(actor, (s) => s.matches('done'));
  const invalidCode = useSelector(actor, (s) => s.matches({ editing: 'invalidCode' }));
  const declined = useSelector(actor, (s) => s.matches({ editing: 'declined' }));
  const refused = useSelector(
    actor,
    (s) =>
      s.matches({ editing: 'notFound' }) ||
      s.matches({ editing: 'failed' }) ||
      s.matches({ editing: 'insufficientBalance' }),
  );
  const code = useSelector(actor, (s) => s.context.code);
  const today = useSelector(actor, (s) => s.context.today);
  const details = useSelector(actor, (s) => s.context.details);
  const request = useSelector(actor, (s) => s.context.request);
  const result = useSelector(actor, (s) => s.context.result);
  const error = useSelector(actor, (s) => s.context.error);
  const balance = useBalance(confirming ? accountId : undefined);

  // Paid: the line is done with. 'Pay another': the blocks start empty again (the draft is gone).
  useEffect(() => {
    if (done && holderId) clearDraft(holderId, PAYMENT_ROUTE);
  }, [done, holderId]);
  // Leaving the page drops the line, unless an expired session is what took the customer away
  // (then the next sign-in brings them back to it). A reload keeps it, as a browser keeps a form.
  useEffect(
    () => () => {
      if (holderId && !hasReturn()) clearDraft(holderId, PAYMENT_ROUTE);
    },
    [holderId],
  );
  useEffect(() => {
    if (editing && code === '') setBlocks(draftBlocks(holderId));
  }, [editing, code, holderId]);

  // The code as sent: which block's check digit fails, named in the text and marked alone (issue 32).
  const codeProblem = invalidCode
    ? (billCodeProblem(splitBillBlocks(code).blocks, today) ?? {
        key: 'PAYMENT.PAYMENT_BILL.CODEINPUT.ERROR_ANY_BLOCK',
        blocks: [],
      })
    : null;
  const codeError = codeProblem ? t(codeProblem.key, { n: codeProblem.n }) : null;
  const formError = declined
    ? (result?.message ?? t('PAYMENT.PAYMENT_BILL.DECLINED'))
    : refused
      ? errorTextToShow(error, t)
      : null;

  // The time of the payment, noted once when the receipt opens (not again at each render).
  const [paidAt, setPaidAt] = useState<Date | null>(null);
  if (done && paidAt === null) setPaidAt(new Date());
  if (!done && paidAt !== null) setPaidAt(null);
  const amounts = details ? billAmountsOf(details) : null;
  const totalCents = amounts ? billTotalCents(amounts) : 0;
  const amountError = amounts ? billAmountError(amounts) : undefined;
  const realBalance = balance.data?.balances.find((b) => b.balanceType === 'REAL')?.amount;
  const short = realBalance !== undefined && Math.round(realBalance * 100) < totalCents;
  const payBlocked = amountError !== undefined || short;

  const paid = request?.withdraw.totalAmount;
  const receiptLines: SummaryLine[] = details
    ? [
        ...detailLines(details, t),
        {
          label: t('PAYMENT.PAYMENT_BILL.DONE.PAID'),
          value: formatBRLFromCents(paid === undefined ? totalCents : Math.round(paid * 100)),
        },
        { label: t('PAYMENT.PAYMENT_BILL.DONE.DATE'), value: paidAt ? formatDateTime(paidAt) : '—' },
        { label: t('PAYMENT.PAYMENT_BILL.DONE.TRANSACTION_ID'), value: result?.transactionId ?? '—' },
      ]
    : [];
  return (
    <MovementPage
      actor={actor}
      texts="PAYMENT.PAYMENT_BILL"
      title={t('PAYMENT.PAYMENT_BILL.TITLE')}
      confirmation={
        confirming &&
        details && (
          <Dialog
            open
            onClose={() => actor.send({ type: 'confirm.cancel' })}
            title={t('PAYMENT.PAYMENT_BILL.DETAILS.TITLE')}
            actions={
              <>
                <Button variant="secondary" onClick={() => actor.send({ type: 'confirm.cancel' })}>
                  {t('PAYMENT.PAYMENT_BILL.DETAILS.CANCEL')}
                </Button>
                <Button disabled={payBlocked} onClick={() => actor.send({ type: 'confirm.accept' })}>
                  {t('PAYMENT.PAYMENT_BILL.DETAILS.PAY')}
                </Button>
              </>
            }
          >
            <SummaryLines lines={detailLines(details, t)} />
            <Total>
              {t('PAYMENT.PAYMENT_BILL.DETAILS.TOTAL')}: {formatBRLFromCents(totalCents)}
            </Total>
            {amountError && <MovementError>{t(amountError)}</MovementError>}
            {!amountError && short && <MovementError>{t('ERRORS.API.16')}</MovementError>}
          </Dialog>
        )
      }
    >
      {done && details ? (
        // The receipt takes the step area's place (§2: the success view, then /Statement).
        <>
          <h2>{t('PAYMENT.PAYMENT_BILL.DONE.TITLE')}</h2>
          <Success role="status">{t('PAYMENT.PAYMENT_BILL.DONE.TEXT')}</Success>
          <h3>{t('PAYMENT.PAYMENT_BILL.DONE.RECEIPT')}</h3>
          <SummaryLines lines={receiptLines} />
          <FormActions>
            <ReceiptFileActions
              title={t('PAYMENT.PAYMENT_BILL.DONE.RECEIPT')}
              lines={receiptLines}
              fileName={`comprovante-pagamento-${result?.transactionId ?? 'conta'}.pdf`}
            />
            <Button variant="secondary" onClick={() => actor.send({ type: 'bill.another' })}>
              {t('PAYMENT.PAYMENT_BILL.DONE.ANOTHER')}
            </Button>
            <Button onClick={() => actor.send({ type: 'finish' })}>
              {t('PAYMENT.PAYMENT_BILL.DONE.CLOSE')}
            </Button>
          </FormActions>
        </>
      ) : (
        <form
          noValidate
          aria-label={t('PAYMENT.PAYMENT_BILL.TITLE')}
          aria-busy={lookingUp || undefined}
          onSubmit={(e) => {
            e.preventDefault();
            if (editing) actor.send({ type: 'code.submit', code: joinBillBlocks(blocks) });
          }}
        >
          <MovementIntro>{t('PAYMENT.PAYMENT_BILL.INTRO')}</MovementIntro>
          {formError && <MovementError>{formError}</MovementError>}
          <div ref={firstBlock}>
            <BillCodeInput
              blocks={blocks}
              onChange={changeBlocks}
              error={codeError}
              invalidBlocks={codeProblem?.blocks}
              readOnly={!editing}
            />
          </div>
          <FormActions>
            <Button
              variant="secondary"
              disabled={!editing}
              onClick={() => {
                changeBlocks(splitBillBlocks('').blocks);
                firstBlock.current?.querySelector('input')?.focus();
              }}
            >
              {t('PAYMENT.PAYMENT_BILL.CODEINPUT.CLEAR')}
            </Button>
            <Button
              type="submit"
              disabled={(!editing || joinBillBlocks(blocks) === '') && !lookingUp}
              loading={lookingUp}
            >
              {t('PAYMENT.PAYMENT_BILL.CODEINPUT.SUBMIT')}
            </Button>
          </FormActions>
        </form>
      )}
    </MovementPage>
  );
}
