/**
 * /TransferToBrinks, the transfer to another company account by CNPJ (2-money-movement.md §2
 * Company transfer by CNPJ, §5, §8): a projection of machines/transfers/company-transfer.machine.ts.
 * The form's `validate` is the machine's rule; it stays mounted under the dialogs, so nothing typed
 * is lost when a step fails.
 */
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import {
  companyTransferMachine,
  type CompanyTransferForm,
} from '../../../machines/transfers/company-transfer.machine';
import { COMPANY_CNPJ_MAX_LENGTH } from '../../../machines/validators/cnpj';
import { parseBrlToCents } from '../../../machines/validators/money';
import {
  COMPANY_AMOUNT_MAX_LENGTH,
  validateCompanyAmount,
  validateCompanyCnpj,
} from '../../../machines/validators/transfer';
import { useFlow, useNewId } from '../../runtime/use-flow';
import { session } from '../../runtime/session';
import { errorTextToShow } from '../../api/errors';
import { formatBRLFromCents } from '../../format/brl';
import { maskCnpj } from '../../format/masks';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { PageTitle } from '../../ui/page-title';
import { useToast } from '../../ui/toasts';
import { RecipientBookDialog, type Recipient } from './recipient-book-dialog';
import {
  ConfirmTransferDialog,
  TransferMovementDialogs,
  TransferDoneDialog,
  type SummaryLine,
} from './transfer-dialogs';
import { ErrorBox, FormActions, FormGrid, FormTextField, useLeaveWhenDone } from './transfer-ui';

const EMPTY: CompanyTransferForm = { cnpj: '', amount: '' };
const cnpjParse = (v: string | undefined): string => maskCnpj(v ?? '');

export default function CompanyTransferPage() {
  const newId = useNewId();
  const { t } = useTranslation();
  const toast = useToast();
  const formId = useId();
  const data = session.getSnapshot();
  const [input] = useState(() => ({
    accountId: data?.account.accounts[0]?.accountId ?? '',
    newId,
  }));
  const actor = useFlow('company-transfer', companyTransferMachine, input);
  useLeaveWhenDone(actor);

  const editing = useSelector(actor, (s) => s.matches('editing'));
  const lookingUp = useSelector(actor, (s) => s.matches('lookingUp'));
  const confirming = useSelector(actor, (s) => s.matches('confirming'));
  const done = useSelector(actor, (s) => s.matches('done'));
  const notFound = useSelector(actor, (s) => s.matches({ editing: 'notFound' }));
  const failedHere = useSelector(
    actor,
    (s) => s.matches({ editing: 'failed' }) || s.matches({ editing: 'insufficientBalance' }),
  );
  const form = useSelector(actor, (s) => s.context.form);
  const contact = useSelector(actor, (s) => s.context.contact);
  const payment = useSelector(actor, (s) => s.context.payment);
  const result = useSelector(actor, (s) => s.context.result);
  const error = useSelector(actor, (s) => s.context.error);

  const [picking, setPicking] = useState(false);

  const validate = (values: Partial<CompanyTransferForm>) => {
    const out: Partial<Record<keyof CompanyTransferForm, string>> = {};
    const cnpj = validateCompanyCnpj(values.cnpj ?? '');
    const amount = validateCompanyAmount(values.amount ?? '');
    if (cnpj) out.cnpj = cnpj;
    if (amount) out.amount = amount;
    return out;
  };

  const lines = (): SummaryLine[] => [
    {
      label: t('TRANSFERS.FIELDS.AMOUNT'),
      value: formatBRLFromCents(parseBrlToCents(form?.amount ?? '') ?? 0),
    },
    {
      label: t('TRANSFERS.COMPANY.TO'),
      value: contact?.client?.name ?? contact?.accountHolder?.name ?? '—',
    },
    { label: t('TRANSFERS.COMPANY.CNPJ'), value: maskCnpj(form?.cnpj ?? '') },
    {
      label: t('TRANSFERS.COMPANY.ACCOUNT'),
      value:
        payment?.recipients[0]?.account && 'accountId' in payment.recipients[0].account
          ? payment.recipients[0].account.accountId
          : '—',
    },
  ];

  const formError = notFound
    ? t('TRANSFERS.COMPANY.NOT_FOUND')
    : failedHere
      ? errorTextToShow(error, t)
      : null;

  return (
    <>
      <PageTitle>{t('TRANSFERS.COMPANY.TITLE')}</PageTitle>
      <Card>
        <Form<CompanyTransferForm>
          initialValues={EMPTY}
          onSubmit={(values) => {
            if (editing)
              actor.send({
                type: 'form.submit',
                values: { cnpj: values.cnpj ?? '', amount: values.amount ?? '' },
              });
          }}
          validate={validate}
          subscription={{ hasValidationErrors: true }}
          render={({ handleSubmit, hasValidationErrors, form: finalForm }) => (
            <>
              <form
                id={formId}
                noValidate
                onSubmit={handleSubmit}
                aria-busy={lookingUp || undefined}
                aria-label={t('TRANSFERS.COMPANY.TITLE')}
              >
                <FormActions>
                  <Button variant="secondary" onClick={() => setPicking(true)} disabled={!editing}>
                    {t('TRANSFERS.PICK_RECIPIENT')}
                  </Button>
                </FormActions>
                {formError && (
                  <ErrorBox role="alert">
                    <p>{formError}</p>
                  </ErrorBox>
                )}
                <FormGrid>
                  <FormTextField
                    name="cnpj"
                    label={t('TRANSFERS.COMPANY.CNPJ')}
                    maxLength={COMPANY_CNPJ_MAX_LENGTH}
                    parse={cnpjParse}
                    autoComplete="off"
                  />
                  <FormTextField
                    name="amount"
                    label={t('TRANSFERS.FIELDS.AMOUNT')}
                    helperText={t('TRANSFERS.FIELDS.AMOUNT_HELP')}
                    maxLength={COMPANY_AMOUNT_MAX_LENGTH}
                    inputMode="decimal"
                  />
                </FormGrid>
                <FormActions>
                  <Button
                    type="submit"
                    disabled={(hasValidationErrors || !editing) && !lookingUp}
                    loading={lookingUp}
                  >
                    {t('TRANSFERS.COMPANY.SUBMIT')}
                  </Button>
                </FormActions>
              </form>
              <RecipientBookDialog
                open={picking}
                recipientType="InternalTransfer"
                onClose={() => setPicking(false)}
                onPick={(r: Recipient) => {
                  finalForm.change('cnpj', maskCnpj(r.cpfCnpj ?? ''));
                  setPicking(false);
                }}
              />
            </>
          )}
        />
      </Card>
      {confirming && (
        <ConfirmTransferDialog
          lines={lines()}
          onConfirm={() => actor.send({ type: 'confirm.accept' })}
          onCancel={() => actor.send({ type: 'confirm.cancel' })}
        />
      )}
      <TransferMovementDialogs actor={actor} />
      {done && (
        <TransferDoneDialog
          lines={[
            ...lines(),
            { label: t('TRANSFERS.DONE.TRANSACTION_ID'), value: result?.transactionId ?? '—' },
          ]}
          onFinish={() => {
            toast.success(t('TRANSFERS.DONE.TOAST'));
            actor.send({ type: 'finish' });
          }}
        />
      )}
    </>
  );
}
