/**
 * /TransferToBrinks, the transfer to another company account by CNPJ (2-money-movement.md §2
 * Company transfer by CNPJ, §5, §8): a projection of machines/transfers/company-transfer.machine.ts
 * on the transfers' one page (transfer-page.tsx). What is its own: the CNPJ and amount fields, the
 * contact lookup (busy, 'not found'), and its lines: the company found, its CNPJ, and the
 * destination as a person reads it, branch and account number (issue 32: never the bank's
 * internal account id).
 */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  companyTransferMachine,
  type CompanyTransferForm,
  type LookupContactOutput,
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
import { formatAccountNumber } from '../../format/account';
import { formatBRLFromCents } from '../../format/brl';
import { maskCnpj } from '../../format/masks';
import type { SummaryLine } from './transfer-dialogs';
import { TransferPage, type TransferForm } from './transfer-page';
import { FormTextField } from './transfer-ui';

const cnpjParse = (v: string | undefined): string => maskCnpj(v ?? '');

function CompanyFields() {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}

const complete = (values: Partial<CompanyTransferForm>): CompanyTransferForm => ({
  cnpj: values.cnpj ?? '',
  amount: values.amount ?? '',
});

/** The company transfer's form: CNPJ and amount; a saved company account fills the CNPJ. */
const COMPANY_FORM: TransferForm<CompanyTransferForm> = {
  title: 'TRANSFERS.COMPANY.TITLE',
  submit: 'TRANSFERS.COMPANY.SUBMIT',
  empty: { cnpj: '', amount: '' },
  complete,
  validate: (values) => {
    const out: Partial<Record<keyof CompanyTransferForm, string>> = {};
    const cnpj = validateCompanyCnpj(values.cnpj ?? '');
    const amount = validateCompanyAmount(values.amount ?? '');
    if (cnpj) out.cnpj = cnpj;
    if (amount) out.amount = amount;
    return out;
  },
  fields: <CompanyFields />,
  recipientType: 'InternalTransfer',
  fill: (r, form) => form.change('cnpj', maskCnpj(r.cpfCnpj ?? '')),
};

/** The lines of the confirmation and of the receipt: amount, company, CNPJ, branch and account. */
function companyLines(
  form: CompanyTransferForm,
  contact: LookupContactOutput,
  t: (k: string) => string,
): SummaryLine[] {
  const destination = contact.accounts[0];
  return [
    { label: t('TRANSFERS.FIELDS.AMOUNT'), value: formatBRLFromCents(parseBrlToCents(form.amount) ?? 0) },
    { label: t('TRANSFERS.COMPANY.TO'), value: contact.client?.name ?? contact.accountHolder?.name ?? '—' },
    {
      label: t('TRANSFERS.COMPANY.CNPJ'),
      value: maskCnpj(contact.client?.taxIdentifier?.taxId ?? form.cnpj),
    },
    { label: t('TRANSFERS.FIELDS.BRANCH'), value: destination?.branch ?? '—' },
    {
      label: t('TRANSFERS.COMPANY.ACCOUNT'),
      value: destination ? formatAccountNumber(destination.account) : '—',
    },
  ];
}

export default function CompanyTransferPage() {
  const newId = useNewId();
  const { t } = useTranslation();
  const data = session.getSnapshot();
  const [input] = useState(() => ({
    accountId: data?.account.accounts[0]?.accountId ?? '',
    newId,
  }));
  const actor = useFlow('company-transfer', companyTransferMachine, input);
  const lookingUp = useSelector(actor, (s) => s.matches('lookingUp'));
  const form = useSelector(actor, (s) => s.context.form);
  const contact = useSelector(actor, (s) => s.context.contact);

  return (
    <TransferPage
      actor={actor}
      form={COMPANY_FORM}
      accountId={input.accountId}
      lines={form && contact ? companyLines(form, contact, t) : null}
      amountCents={form ? (parseBrlToCents(form.amount) ?? 0) : 0}
      busy={lookingUp}
      notFoundText={t('TRANSFERS.COMPANY.NOT_FOUND')}
      pdfName="comprovante-transferencia-empresa"
    />
  );
}
