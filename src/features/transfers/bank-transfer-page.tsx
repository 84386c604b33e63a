/**
 * /TransferToBank, the TED (2-money-movement.md §2 Bank transfer (TED), §5, §8): a projection of
 * machines/transfers/bank-transfer.machine.ts on the transfers' one page (transfer-page.tsx). What
 * is the TED's own: its fields and their rule (`tedFormErrors`), the lines of its confirmation and
 * receipt, the declined answer, and the offer to save the recipient under the receipt.
 */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { Field } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  bankTransferMachine,
  defaultNicknameOf,
  type TedFormValues,
} from '../../../machines/transfers/bank-transfer.machine';
import { RECIPIENT_LIMITS, validateNickname } from '../../../machines/validators/recipient';
import { parseBrlToCents } from '../../../machines/validators/money';
import { EMPTY_TED_FORM, TED_AMOUNT_MAX_LENGTH, tedFormErrors } from '../../../machines/validators/transfer';
import { useFlow, useNewId } from '../../runtime/use-flow';
import { session } from '../../runtime/session';
import { errorTextToShow } from '../../api/errors';
import { formatBRLFromCents } from '../../format/brl';
import { hideTaxId, maskTaxId } from '../../format/masks';
import { useBankList, type BankList } from '../../ui/bank-list';
import { BankSelect } from '../../ui/bank-select';
import { Button } from '../../ui/button';
import { RadioGroup } from '../../ui/radio-group';
import { TextField } from '../../ui/text-field';
import type { SummaryLine } from './transfer-dialogs';
import { TransferPage, type TransferForm } from './transfer-page';
import { ErrorBox, FormTextField, useFieldErrorText } from './transfer-ui';

const digitsOnly = (max: number) => (v: string | undefined) => (v ?? '').replace(/\D/g, '').slice(0, max);
const taxIdParse = (v: string | undefined): string => maskTaxId(v ?? '');

/** Every value a string ('' for what final-form leaves undefined). */
function complete(values: Partial<TedFormValues>): TedFormValues {
  const out: TedFormValues = { ...EMPTY_TED_FORM };
  for (const key of Object.keys(out) as (keyof TedFormValues)[]) out[key] = values[key] ?? '';
  return out;
}

/**
 * The lines of the confirmation and of the receipt; the bank by its name once the bank list has
 * loaded (src/ui/bank-list.ts: the form's bank field asked for it when the page painted).
 */
function tedLines(form: TedFormValues, t: (k: string) => string, banks: BankList | undefined): SummaryLine[] {
  const bank = banks?.bankByCode(form.bankCode);
  return [
    { label: t('TRANSFERS.FIELDS.AMOUNT'), value: formatBRLFromCents(parseBrlToCents(form.amount) ?? 0) },
    { label: t('TRANSFERS.FIELDS.NAME'), value: form.name.trim() },
    { label: t('TRANSFERS.FIELDS.DOCUMENT'), value: hideTaxId(form.document) },
    { label: t('TRANSFERS.FIELDS.BANK'), value: bank ? `${bank.code} - ${bank.name}` : form.bankCode },
    {
      label: t('TRANSFERS.FIELDS.ACCOUNT_TYPE'),
      value: t(
        form.accountType === 'POUPANCA' ? 'TRANSFERS.ACCOUNT_TYPES.POUPANCA' : 'TRANSFERS.ACCOUNT_TYPES.CC',
      ),
    },
    { label: t('TRANSFERS.FIELDS.BRANCH'), value: form.branch },
    { label: t('TRANSFERS.FIELDS.ACCOUNT_FULL'), value: `${form.account}-${form.digit}` },
  ];
}

function SaveRecipientOffer({
  actor,
  form,
}: {
  actor: ActorRefFrom<typeof bankTransferMachine>;
  form: TedFormValues;
}) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  const [nickname, setNickname] = useState(() => defaultNicknameOf(form));
  const saving = useSelector(actor, (s) => s.matches({ done: 'saving' }));
  const saved = useSelector(actor, (s) => s.matches({ done: 'saved' }));
  const error = useSelector(actor, (s) => (s.matches({ done: 'offer' }) ? s.context.error : null));
  const nicknameError = validateNickname(nickname);
  if (saved) return <p role="status">{t('TRANSFERS.SAVE_RECIPIENT.SAVED')}</p>;
  const failure = errorTextToShow(error, t);
  return (
    <form
      noValidate
      aria-busy={saving || undefined}
      onSubmit={(e) => {
        e.preventDefault();
        if (!saving && !nicknameError) actor.send({ type: 'recipient.save', nickname });
      }}
    >
      <h3>{t('TRANSFERS.SAVE_RECIPIENT.TITLE')}</h3>
      {failure && (
        <ErrorBox role="alert">
          <p>{failure}</p>
        </ErrorBox>
      )}
      <TextField
        label={t('TRANSFERS.SAVE_RECIPIENT.NICKNAME')}
        value={nickname}
        onChange={(e) => setNickname(e.target.value)}
        maxLength={RECIPIENT_LIMITS.nickname}
        error={nicknameError ? errorText(nicknameError, RECIPIENT_LIMITS.nickname) : undefined}
        readOnly={saving}
      />
      <Button type="submit" variant="secondary" disabled={!!nicknameError && !saving} loading={saving}>
        {t('TRANSFERS.SAVE_RECIPIENT.SAVE')}
      </Button>
    </form>
  );
}

/** The TED's fields (§2 Bank transfer (TED), §5 Bank transfer fields): what its page adds to the transfer's. */
function TedFields() {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  return (
    <>
      <FormTextField
        name="name"
        label={t('TRANSFERS.FIELDS.NAME')}
        maxLength={RECIPIENT_LIMITS.name}
        autoComplete="off"
      />
      <FormTextField
        name="document"
        label={t('TRANSFERS.FIELDS.DOCUMENT')}
        maxLength={18}
        parse={taxIdParse}
        autoComplete="off"
      />
      <Field<string> name="bankCode">
        {({ input: field, meta }) => (
          <BankSelect
            label={t('TRANSFERS.FIELDS.BANK')}
            name={field.name}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            onFocus={field.onFocus}
            required
            error={meta.touched && typeof meta.error === 'string' ? errorText(meta.error) : undefined}
          />
        )}
      </Field>
      <Field<string> name="accountType">
        {({ input: field, meta }) => (
          <RadioGroup
            legend={t('TRANSFERS.FIELDS.ACCOUNT_TYPE')}
            name={field.name}
            inline
            value={field.value}
            onChange={field.onChange}
            options={[
              { value: 'CC', label: t('TRANSFERS.ACCOUNT_TYPES.CC') },
              { value: 'POUPANCA', label: t('TRANSFERS.ACCOUNT_TYPES.POUPANCA') },
            ]}
            error={meta.modified && typeof meta.error === 'string' ? errorText(meta.error) : undefined}
          />
        )}
      </Field>
      <FormTextField
        name="branch"
        label={t('TRANSFERS.FIELDS.BRANCH')}
        maxLength={RECIPIENT_LIMITS.branchCode}
        parse={digitsOnly(RECIPIENT_LIMITS.branchCode)}
        inputMode="numeric"
      />
      <FormTextField
        name="account"
        label={t('TRANSFERS.FIELDS.ACCOUNT')}
        maxLength={RECIPIENT_LIMITS.accountNumber}
        parse={digitsOnly(RECIPIENT_LIMITS.accountNumber)}
        inputMode="numeric"
      />
      <FormTextField
        name="digit"
        label={t('TRANSFERS.FIELDS.DIGIT')}
        maxLength={RECIPIENT_LIMITS.accountNumberDigit}
        parse={digitsOnly(RECIPIENT_LIMITS.accountNumberDigit)}
        inputMode="numeric"
      />
      <FormTextField
        name="amount"
        label={t('TRANSFERS.FIELDS.AMOUNT')}
        helperText={t('TRANSFERS.FIELDS.AMOUNT_HELP')}
        maxLength={TED_AMOUNT_MAX_LENGTH}
        inputMode="decimal"
      />
    </>
  );
}

/** The TED's form: its fields, its rule, and a saved recipient filling all but the amount. */
const TED_FORM: TransferForm<TedFormValues> = {
  title: 'TRANSFERS.TED.TITLE',
  submit: 'TRANSFERS.TED.SUBMIT',
  empty: EMPTY_TED_FORM,
  complete,
  validate: (values) => tedFormErrors(complete(values)),
  fields: <TedFields />,
  recipientType: 'BankTransfer',
  fill: (r, form) =>
    // The saved recipient fills the form; the amount stays as typed.
    form.batch(() => {
      form.change('name', r.name ?? '');
      form.change('document', maskTaxId(r.cpfCnpj ?? ''));
      form.change('bankCode', r.bankCode ?? '');
      form.change('accountType', r.accountType === 'POUPANCA' ? 'POUPANCA' : 'CC');
      form.change('branch', r.branchCode ?? '');
      form.change('account', r.accountNumber ?? '');
      form.change('digit', r.accountNumberDigit ?? '');
    }),
};

export default function BankTransferPage() {
  const newId = useNewId();
  const { t } = useTranslation();
  const data = session.getSnapshot();
  const [input] = useState(() => ({
    accountId: data?.account.accounts[0]?.accountId ?? '',
    phoneNumber: data?.client?.mobilePhone?.phoneNumber,
    newId,
  }));
  const actor = useFlow('bank-transfer', bankTransferMachine, input);
  const form = useSelector(actor, (s) => s.context.form);
  const banks = useBankList().list;

  return (
    <TransferPage
      actor={actor}
      form={TED_FORM}
      accountId={input.accountId}
      lines={form && tedLines(form, t, banks)}
      amountCents={form ? (parseBrlToCents(form.amount) ?? 0) : 0}
      notDoneText={t('TRANSFERS.TED.NOT_DONE')}
      receiptExtra={form && <SaveRecipientOffer actor={actor} form={form} />}
      pdfName="comprovante-ted"
    />
  );
}
