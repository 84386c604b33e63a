/**
 * /Deposit, the deposit by boleto (2-money-movement.md §2 Deposit by boleto, §5 Deposit amount,
 * §8): a projection of machines/deposits/deposit-boleto.machine.ts. The amount form keeps its value
 * under the dialogs; the boleto dialog shows the typeable line (selectable and copyable), the due
 * date, the amount and the PDF; 'Meus boletos' goes to /Deposit/Ticket.
 */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { depositBoletoMachine } from '../../../machines/deposits/deposit-boleto.machine';
import { decimalToCents } from '../../../machines/validators/money';
import { errorTextToShow } from '../../api/errors';
import { formatBRLFromCents } from '../../format/brl';
import { formatDate } from '../../format/dates';
import { useFlow, useNewId } from '../../runtime/use-flow';
import { session } from '../../runtime/session';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Dialog } from '../../ui/dialog';
import { ErrorAlert } from '../../ui/error-alert';
import { PageTitle } from '../../ui/page-title';
import { Actions, InfoLines, useLeaveWhenDone } from './parts';
import { DepositAmountForm } from './deposit-amount-form';
import { DepositPixSection } from './deposit-pix-section';
import { formatTypeableLine } from './typeable-line';

const Line = styled.code`
  font-family: monospace;
  overflow-wrap: anywhere;
  user-select: all;
`;

export default function DepositBoletoPage() {
  const newId = useNewId();
  const { t, i18n } = useTranslation();
  const [input] = useState(() => ({
    accountId: session.getSnapshot()?.account.accounts[0]?.accountId ?? '',
    newId,
  }));
  const actor = useFlow('deposit-boleto', depositBoletoMachine, input);
  useLeaveWhenDone(actor);

  const editing = useSelector(actor, (s) => s.matches('editing'));
  const generating = useSelector(actor, (s) => s.matches('generating'));
  const refused = useSelector(actor, (s) => s.matches({ editing: 'failed' }));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const shown = useSelector(actor, (s) => s.matches('generated') || s.matches('openingPdf'));
  const openingPdf = useSelector(actor, (s) => s.matches('openingPdf'));
  const ctx = useSelector(actor, (s) => s.context);
  const deposit = ctx.deposit;
  const [copied, setCopied] = useState(false);

  return (
    <>
      <PageTitle>{t('DEPOSIT.TITLE')}</PageTitle>
      <Card>
        <p>{t('DEPOSIT.INTRO')}</p>
        {refused && <ErrorAlert>{errorTextToShow(ctx.error, t)}</ErrorAlert>}
        <DepositAmountForm
          label={t('DEPOSIT.AMOUNT')}
          submitText={t('DEPOSIT.GENERATE')}
          editing={editing}
          busy={generating}
          onSubmit={(amount) => {
            setCopied(false);
            actor.send({ type: 'form.submit', amount });
          }}
          before={
            <Button variant="secondary" onClick={() => actor.send({ type: 'list.open' })} disabled={!editing}>
              {t('DEPOSIT.MY_BOLETOS')}
            </Button>
          }
        />
      </Card>
      <DepositPixSection />
      {shown && deposit && (
        <Dialog
          open
          onClose={() => actor.send({ type: 'dialog.close' })}
          title={t('DEPOSIT.DIALOG_TITLE')}
          actions={
            <>
              <Button variant="secondary" onClick={() => actor.send({ type: 'list.open' })}>
                {t('DEPOSIT.MY_BOLETOS')}
              </Button>
              <Button
                onClick={() => actor.send({ type: 'pdf.open' })}
                loading={openingPdf}
                disabled={openingPdf}
              >
                {t('DEPOSIT.OPEN_PDF')}
              </Button>
            </>
          }
        >
          <p role="status">{t('DEPOSIT.DIALOG_TEXT')}</p>
          <InfoLines
            lines={[
              {
                label: t('DEPOSIT.TYPEABLE_LINE'),
                value: <Line>{formatTypeableLine(deposit.typeableLine)}</Line>,
              },
              { label: t('DEPOSIT.DUE_DATE'), value: formatDate(deposit.dueDate, i18n.language) },
              { label: t('DEPOSIT.AMOUNT'), value: formatBRLFromCents(decimalToCents(deposit.totalAmount)) },
            ]}
          />
          <Actions>
            <Button
              variant="text"
              onClick={() => {
                void navigator.clipboard?.writeText(deposit.typeableLine).then(
                  () => setCopied(true),
                  () => setCopied(false),
                );
              }}
            >
              {t('DEPOSIT.COPY_LINE')}
            </Button>
          </Actions>
          <p role="status" aria-live="polite">
            {copied ? t('DEPOSIT.COPIED') : ''}
          </p>
          {ctx.pdfFailed && <ErrorAlert>{t('DEPOSIT.PDF_FAILED')}</ErrorAlert>}
        </Dialog>
      )}
      {failed && (
        <Dialog
          open
          role="alertdialog"
          onClose={() => actor.send({ type: 'dialog.close' })}
          title={t('DEPOSIT.FAILED_TITLE')}
          actions={
            <>
              <Button variant="secondary" onClick={() => actor.send({ type: 'dialog.close' })}>
                {t('DEPOSIT.CLOSE')}
              </Button>
              <Button onClick={() => actor.send({ type: 'retry' })}>{t('DEPOSIT.RETRY')}</Button>
            </>
          }
        >
          <p>{errorTextToShow(ctx.error, t) ?? t('DEPOSIT.FAILED_TITLE')}</p>
          <p>{t('DEPOSIT.FAILED_SAFE')}</p>
        </Dialog>
      )}
    </>
  );
}
