/**
 * /TransferToBank, the TED (2-money-movement.md §2 Bank transfer (TED), §5, §8): a projection of
 * machines/transfers/bank-transfer.machine.ts. The form is react-final-form with the machine's own
 * rule as `validate` (`tedFormErrors`), so the Transfer button and the guard never disagree; it
 * stays mounted under the dialogs, so nothing typed is lost when a step fails.
 */
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { Field, Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { bankByCode } from '../../../machines/data/banks';
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
import { BankSelect } from '../../ui/bank-select';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { PageTitle } from '../../ui/page-title';
import { RadioGroup } from '../../ui/radio-group';
import { TextField } from '../../ui/text-field';
import { useToast } from '../../ui/toasts';
import { RecipientBookDialog, type Recipient } from './recipient-book-dialog';
import {
  ConfirmTransferDialog,
  NotDoneDialog,
  TransferMovementDialogs,
  TransferDoneDialog,
  type SummaryLine,
} from './transfer-dialogs';
import {
  ErrorBox,
  FormActions,
  FormGrid,
  FormTextField,
  useFieldErrorText,
  useLeaveWhenDone,
} from './transfer-ui';

const digitsOnly = (max: number) => (v: string | undefined) => (v ?? '').replace(/\D/g, '').slice(0, max);
const taxIdParse = (v: string | undefined): string => maskTaxId(v ?? '');

/** Every value a string ('' for what final-form leaves undefined). */
function complete(values: Partial<TedFormValues>): TedFormValues {
  const out: TedFormValues = { ...EMPTY_TED_FORM };
  for (const key of Object.keys(out) as (keyof TedFormValues)[]) out[key] = values[key] ?? '';
  return out;
}

/** The lines of the confirmation and of the receipt. */
function tedLines(form: TedFormValues, t: (k: string) => string): SummaryLine[] {
  const bank = bankByCode(form.bankCode);
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

export default function BankTransferPage() {
  const newId = useNewId();
  const { t } = useTranslation();
  const toast = useToast();
  const formId = useId();
  const errorText = useFieldErrorText();
  const data = session.getSnapshot();
  const [input] = useState(() => ({
    accountId: data?.account.accounts[0]?.accountId ?? '',
    phoneNumber: data?.client?.mobilePhone?.phoneNumber,
    newId,
  }));
  const actor = useFlow('bank-transfer', bankTransferMachine, input);
  useLeaveWhenDone(actor);

  const editing = useSelector(actor, (s) => s.matches('editing'));
  const confirming = useSelector(actor, (s) => s.matches('confirming'));
  const rejected = useSelector(actor, (s) => s.matches('rejected'));
  const done = useSelector(actor, (s) => s.matches('done'));
  const form = useSelector(actor, (s) => s.context.form);
  const result = useSelector(actor, (s) => s.context.result);
  const error = useSelector(actor, (s) => s.context.error);
  const insufficient = useSelector(actor, (s) => s.matches({ editing: 'insufficientBalance' }));
  const refused = useSelector(actor, (s) => s.matches({ editing: 'failed' }));

  const [picking, setPicking] = useState(false);

  const validate = (values: Partial<TedFormValues>) => {
    const keys = tedFormErrors(complete(values));
    const out: Partial<Record<keyof TedFormValues, string>> = {};
    for (const [field, key] of Object.entries(keys) as [keyof TedFormValues, string][]) out[field] = key;
    return out;
  };
  const formError = insufficient || refused ? errorTextToShow(error, t) : null;

  return (
    <>
      <PageTitle>{t('TRANSFERS.TED.TITLE')}</PageTitle>
      <Card>
        <Form<TedFormValues>
          initialValues={EMPTY_TED_FORM}
          onSubmit={(values) => {
            if (editing) actor.send({ type: 'form.submit', values: complete(values) });
          }}
          validate={validate}
          subscription={{ hasValidationErrors: true }}
          render={({ handleSubmit, hasValidationErrors, form: finalForm }) => (
            <>
              <form id={formId} noValidate onSubmit={handleSubmit} aria-label={t('TRANSFERS.TED.TITLE')}>
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
                        error={
                          meta.touched && typeof meta.error === 'string' ? errorText(meta.error) : undefined
                        }
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
                        error={
                          meta.modified && typeof meta.error === 'string' ? errorText(meta.error) : undefined
                        }
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
                </FormGrid>
                <FormActions>
                  <Button type="submit" disabled={hasValidationErrors || !editing}>
                    {t('TRANSFERS.TED.SUBMIT')}
                  </Button>
                </FormActions>
              </form>
              <RecipientBookDialog
                open={picking}
                recipientType="BankTransfer"
                onClose={() => setPicking(false)}
                onPick={(r: Recipient) => {
                  // The saved recipient fills the form; the amount stays as typed.
                  finalForm.batch(() => {
                    finalForm.change('name', r.name ?? '');
                    finalForm.change('document', maskTaxId(r.cpfCnpj ?? ''));
                    finalForm.change('bankCode', r.bankCode ?? '');
                    finalForm.change('accountType', r.accountType === 'POUPANCA' ? 'POUPANCA' : 'CC');
                    finalForm.change('branch', r.branchCode ?? '');
                    finalForm.change('account', r.accountNumber ?? '');
                    finalForm.change('digit', r.accountNumberDigit ?? '');
                  });
                  setPicking(false);
                }}
              />
            </>
          )}
        />
      </Card>
      {confirming && form && (
        <ConfirmTransferDialog
          lines={tedLines(form, t)}
          onConfirm={() => actor.send({ type: 'confirm.accept' })}
          onCancel={() => actor.send({ type: 'confirm.cancel' })}
        />
      )}
      <TransferMovementDialogs actor={actor} />
      {rejected && <NotDoneDialog text={t('TRANSFERS.TED.NOT_DONE')} />}
      {done && form && (
        <TransferDoneDialog
          lines={[
            ...tedLines(form, t),
            { label: t('TRANSFERS.DONE.TRANSACTION_ID'), value: result?.transactionId ?? '—' },
          ]}
          onFinish={() => {
            toast.success(t('TRANSFERS.DONE.TOAST'));
            actor.send({ type: 'finish' });
          }}
        >
          <SaveRecipientOffer actor={actor} form={form} />
        </TransferDoneDialog>
      )}
    </>
  );
}
