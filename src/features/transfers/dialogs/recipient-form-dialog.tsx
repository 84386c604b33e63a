/**
 * The recipient form dialog (2-money-movement.md §2 Recipient book: "a form dialog adds or edits";
 * §4 switching type clears the fields that do not apply; §5 Recipient form, Name, Document, Bank
 * transfer fields, Nickname; §8 'Favorecido já cadastrado'). react-final-form keeps the fields; its
 * `validate` is the machine's own rule (validateRecipientForm), so the Save button, enabled only
 * when every field passes, and the machine's guard never disagree. A failed save keeps the dialog
 * and what was typed, shows why, and offers a retry. The dialog is every book's
 * (src/ui/book-form-dialog.tsx); the fields are the recipient's.
 *
 * A Pix recipient (3-pix-part-one.md §2 Recipient book (Pix variant), §4, §5) carries a key type and
 * a key of that type; switching the key type clears the key. In the Pix book the type is fixed to Pix
 * and not offered.
 */
import { useSelector } from '@xstate/react';
import { Field } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import {
  EMPTY_RECIPIENT_FORM,
  RECIPIENT_LIMITS,
  RECIPIENT_TYPES,
  TED_ACCOUNT_TYPES,
  switchPixKeyType,
  switchRecipientType,
  type RecipientField,
  type RecipientFormValues,
} from '../../../../machines/validators/recipient';
import { validateRecipientForm } from '../../../../machines/validators/recipient-form';
import { KEY_CHOICES, PIX_KEY_MAX_LENGTH } from '../../../../machines/validators/pix-key';
import { maskPhone, maskTaxId } from '../../../format/masks';
import { BankSelect } from '../../../ui/bank-select';
import {
  BookFormDialog,
  BookTextField,
  shownError,
  type BookTextFieldProps,
} from '../../../ui/book-form-dialog';
import { ErrorAlert } from '../../../ui/error-alert';
import { Select } from '../../../ui/select';
import type { RecipientBookActor } from '../recipient-book';

const FIELDS = Object.keys(EMPTY_RECIPIENT_FORM) as RecipientField[];

/** Every value a string ('' for what final-form leaves undefined after a field is cleared). */
function complete(values: Partial<RecipientFormValues>): RecipientFormValues {
  const out = { ...EMPTY_RECIPIENT_FORM };
  for (const key of FIELDS) out[key] = values[key] ?? '';
  return out;
}

const MAX: Partial<Record<RecipientField, number>> = {
  name: RECIPIENT_LIMITS.name,
  branchCode: RECIPIENT_LIMITS.branchCode,
  accountNumber: RECIPIENT_LIMITS.accountNumber,
  accountNumberDigit: RECIPIENT_LIMITS.accountNumberDigit,
};

const keepAsTyped = (v: string | undefined): string => v ?? '';
const digitsOnly = (v: string | undefined): string => (v ?? '').replace(/\D/g, '');
const taxIdParse = (v: string | undefined): string => maskTaxId(v ?? '');
const phoneParse = (v: string | undefined): string => maskPhone(v ?? '');

/** The key field of each key type: its mask as typed and its longest value. */
const KEY_INPUT: Record<string, { parse: (v: string | undefined) => string; maxLength: number }> = {
  PHONE: { parse: phoneParse, maxLength: 15 },
  TAX_ID: { parse: taxIdParse, maxLength: 18 },
  EMAIL: { parse: keepAsTyped, maxLength: PIX_KEY_MAX_LENGTH },
  EVP: { parse: keepAsTyped, maxLength: 36 },
};

/** A text field of the form: every recipient field is required and not auto-filled. */
function RecipientTextField(p: Omit<BookTextFieldProps, 'label'> & { labelKey: string }) {
  const { t } = useTranslation();
  const { labelKey, helperText, ...rest } = p;
  return (
    <BookTextField
      autoComplete="off"
      {...rest}
      label={t(labelKey)}
      helperText={helperText && t(helperText)}
    />
  );
}

export function RecipientFormDialog({ actor }: { actor: RecipientBookActor }) {
  const { t } = useTranslation();
  const form = useSelector(actor, (s) => s.context.form);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.matches({ form: { filling: 'failed' } }));
  const alreadyRegistered = useSelector(actor, (s) => s.matches({ form: { filling: 'alreadyRegistered' } }));
  const notFound = useSelector(actor, (s) => s.matches({ form: { filling: 'contactNotFound' } }));
  const error = useSelector(actor, (s) => s.context.error);
  const pixBook = useSelector(actor, (s) => s.context.query.pixOnly);

  /** The rule of the machine's guard, translated; MAX_LENGTH says the field's maximum. */
  const validate = (values: Partial<RecipientFormValues>) => {
    const out: Partial<Record<RecipientField, string>> = {};
    for (const [field, key] of Object.entries(validateRecipientForm(complete(values))) as [
      RecipientField,
      string,
    ][]) {
      out[field] = t(key, { max: MAX[field] });
    }
    return out;
  };

  const editing = form?.mode === 'edit';

  return (
    <BookFormDialog<RecipientFormValues>
      initialValues={form?.initial ?? EMPTY_RECIPIENT_FORM}
      complete={complete}
      validate={validate}
      title={t(`${pixBook ? 'PIX_' : ''}${editing ? 'RECIPIENTS.EDIT_TITLE' : 'RECIPIENTS.ADD_TITLE'}`)}
      columnMin={220}
      texts={{
        cancel: t('RECIPIENTS.CANCEL'),
        save: t('RECIPIENTS.SAVE'),
        saving: t('RECIPIENTS.SAVING'),
        saveError: t('RECIPIENTS.SAVE_ERROR'),
      }}
      busy={busy}
      failed={failed}
      error={error}
      onRetry={() => actor.send({ type: 'retry' })}
      notices={
        <>
          {alreadyRegistered && (
            <ErrorAlert>
              <p>{t('RECIPIENTS.ALREADY_REGISTERED')}</p>
            </ErrorAlert>
          )}
          {notFound && (
            <ErrorAlert>
              <p>{t('RECIPIENTS.CONTACT_NOT_FOUND')}</p>
            </ErrorAlert>
          )}
        </>
      }
      onSubmit={(values) => actor.send({ type: 'form.submit', values })}
      onCancel={() => actor.send({ type: 'form.cancel' })}
      watchValues
    >
      {({ values, form: api }) => {
        const type = values.recipientType ?? '';
        return (
          <>
            {!pixBook && (
              <Field<string> name="recipientType" parse={keepAsTyped}>
                {({ input, meta }) => (
                  <Select
                    {...input}
                    value={input.value ?? ''}
                    label={t('RECIPIENTS.FIELDS.TYPE')}
                    placeholder={t('RECIPIENTS.FIELDS.TYPE_PLACEHOLDER')}
                    options={RECIPIENT_TYPES.map((v) => ({
                      value: v,
                      label: t(`RECIPIENTS.TYPES.${v}`),
                    }))}
                    required
                    disabled={busy || editing}
                    error={shownError(meta)}
                    onChange={(event) => {
                      // §4: the fields the new type does not use are cleared, the others kept.
                      const next = switchRecipientType(complete(api.getState().values), event.target.value);
                      api.batch(() => {
                        for (const field of FIELDS) api.change(field, next[field]);
                      });
                    }}
                  />
                )}
              </Field>
            )}
            <RecipientTextField
              name="nickname"
              labelKey="RECIPIENTS.FIELDS.NICKNAME"
              maxLength={RECIPIENT_LIMITS.nickname}
              readOnly={busy}
            />
            {type === 'Pix' && (
              <>
                <Field<string> name="pixKeyType" parse={keepAsTyped}>
                  {({ input, meta }) => (
                    <Select
                      {...input}
                      value={input.value ?? ''}
                      label={t('PIX_RECIPIENTS.FIELDS.KEY_TYPE')}
                      placeholder={t('RECIPIENTS.FIELDS.TYPE_PLACEHOLDER')}
                      options={KEY_CHOICES.map((v) => ({
                        value: v,
                        label: t(`PIX_KEYS.REGISTER.KINDS.${v}`),
                      }))}
                      required
                      disabled={busy}
                      error={shownError(meta)}
                      onChange={(event) => {
                        // §4: another key type clears the key typed for the last one.
                        const next = switchPixKeyType(complete(api.getState().values), event.target.value);
                        api.batch(() => {
                          api.change('pixKeyType', next.pixKeyType);
                          api.change('pixKey', next.pixKey);
                        });
                      }}
                    />
                  )}
                </Field>
                {values.pixKeyType && KEY_INPUT[values.pixKeyType] && (
                  <RecipientTextField
                    key={values.pixKeyType}
                    name="pixKey"
                    labelKey="PIX_RECIPIENTS.FIELDS.KEY"
                    maxLength={KEY_INPUT[values.pixKeyType]?.maxLength}
                    parse={KEY_INPUT[values.pixKeyType]?.parse}
                    inputMode={
                      values.pixKeyType === 'PHONE' ? 'tel' : values.pixKeyType === 'EMAIL' ? 'email' : 'text'
                    }
                    readOnly={busy}
                  />
                )}
              </>
            )}
            {type === 'BankTransfer' && (
              <>
                <RecipientTextField
                  name="name"
                  labelKey="RECIPIENTS.FIELDS.NAME"
                  maxLength={RECIPIENT_LIMITS.name}
                  autoComplete="name"
                  readOnly={busy}
                />
                <RecipientTextField
                  name="cpfCnpj"
                  labelKey="RECIPIENTS.FIELDS.DOCUMENT"
                  maxLength={18}
                  parse={taxIdParse}
                  readOnly={busy}
                />
                <Field<string> name="bankCode" parse={keepAsTyped}>
                  {({ input, meta }) => (
                    <BankSelect
                      name={input.name}
                      value={input.value ?? ''}
                      onChange={input.onChange}
                      onBlur={() => input.onBlur()}
                      onFocus={() => input.onFocus()}
                      label={t('RECIPIENTS.FIELDS.BANK')}
                      required
                      disabled={busy}
                      error={shownError(meta)}
                    />
                  )}
                </Field>
                <RecipientTextField
                  name="branchCode"
                  labelKey="RECIPIENTS.FIELDS.BRANCH"
                  helperText="RECIPIENTS.HELPERS.BRANCH"
                  maxLength={RECIPIENT_LIMITS.branchCode}
                  inputMode="numeric"
                  parse={digitsOnly}
                  readOnly={busy}
                />
                <Field<string> name="accountType" parse={keepAsTyped}>
                  {({ input, meta }) => (
                    <Select
                      {...input}
                      value={input.value ?? ''}
                      label={t('RECIPIENTS.FIELDS.ACCOUNT_TYPE')}
                      placeholder={t('RECIPIENTS.FIELDS.ACCOUNT_TYPE_PLACEHOLDER')}
                      options={TED_ACCOUNT_TYPES.map((v) => ({
                        value: v,
                        label: t(`RECIPIENTS.ACCOUNT_TYPES.${v}`),
                      }))}
                      required
                      disabled={busy}
                      error={shownError(meta)}
                    />
                  )}
                </Field>
                <RecipientTextField
                  name="accountNumber"
                  labelKey="RECIPIENTS.FIELDS.ACCOUNT"
                  helperText="RECIPIENTS.HELPERS.ACCOUNT"
                  maxLength={RECIPIENT_LIMITS.accountNumber}
                  inputMode="numeric"
                  parse={digitsOnly}
                  readOnly={busy}
                />
                <RecipientTextField
                  name="accountNumberDigit"
                  labelKey="RECIPIENTS.FIELDS.DIGIT"
                  maxLength={RECIPIENT_LIMITS.accountNumberDigit}
                  inputMode="numeric"
                  parse={digitsOnly}
                  readOnly={busy}
                />
              </>
            )}
            {type === 'InternalTransfer' && (
              <RecipientTextField
                name="cpfCnpj"
                labelKey="RECIPIENTS.FIELDS.CNPJ"
                maxLength={18}
                parse={taxIdParse}
                readOnly={busy}
              />
            )}
          </>
        );
      }}
    </BookFormDialog>
  );
}
