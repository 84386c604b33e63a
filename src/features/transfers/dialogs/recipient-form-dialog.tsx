/**
 * The recipient form dialog (2-money-movement.md §2 Recipient book: "a form dialog adds or edits";
 * §4 switching type clears the fields that do not apply; §5 Recipient form, Name, Document, Bank
 * transfer fields, Nickname; §8 'Favorecido já cadastrado'). react-final-form keeps the fields; its
 * `validate` is the machine's own rule (validateRecipientForm), so the Save button, enabled only
 * when every field passes, and the machine's guard never disagree. A failed save keeps the dialog
 * and what was typed, shows why, and offers a retry.
 *
 * A Pix recipient (3-pix-part-one.md §2 Recipient book (Pix variant), §4, §5) carries a key type and
 * a key of that type; switching the key type clears the key. In the Pix book the type is fixed to Pix
 * and not offered.
 */
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { Field, Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
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
import { describeApiError, isShownError } from '../../../api/errors';
import { KEY_CHOICES, PIX_KEY_MAX_LENGTH } from '../../../../machines/validators/pix-key';
import { maskPhone, maskTaxId } from '../../../format/masks';
import { BankSelect } from '../../../ui/bank-select';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { ErrorAlert } from '../../../ui/error-alert';
import { Select } from '../../../ui/select';
import { TextField } from '../../../ui/text-field';
import type { RecipientBookActor } from '../recipient-book';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  column-gap: ${({ theme }) => theme.space(4)};
  max-width: 880px;
  margin: 0 auto;
`;

const Status = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.color.textMuted};
`;

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

interface TextInputProps {
  name: RecipientField;
  labelKey: string;
  maxLength?: number;
  helperKey?: string;
  inputMode?: 'numeric' | 'text' | 'email' | 'tel';
  autoComplete?: string;
  parse?: (v: string | undefined) => string;
  readOnly: boolean;
}

/** A text field bound to final-form; its error shows once the field was changed or left. */
function RecipientTextField({
  name,
  labelKey,
  maxLength,
  helperKey,
  inputMode,
  autoComplete = 'off',
  parse = keepAsTyped,
  readOnly,
}: TextInputProps) {
  const { t } = useTranslation();
  return (
    <Field<string> name={name} parse={parse}>
      {({ input, meta }) => (
        <TextField
          {...input}
          value={input.value ?? ''}
          label={t(labelKey)}
          helperText={helperKey ? t(helperKey) : undefined}
          error={(meta.touched || meta.modified) && typeof meta.error === 'string' ? meta.error : undefined}
          maxLength={maxLength}
          required
          inputMode={inputMode}
          autoComplete={autoComplete}
          readOnly={readOnly}
        />
      )}
    </Field>
  );
}

export function RecipientFormDialog({ actor }: { actor: RecipientBookActor }) {
  const { t } = useTranslation();
  const formId = useId();
  const form = useSelector(actor, (s) => s.context.form);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.matches({ form: { filling: 'failed' } }));
  const alreadyRegistered = useSelector(actor, (s) => s.matches({ form: { filling: 'alreadyRegistered' } }));
  const notFound = useSelector(actor, (s) => s.matches({ form: { filling: 'contactNotFound' } }));
  const error = useSelector(actor, (s) => s.context.error);
  const pixBook = useSelector(actor, (s) => s.context.query.pixOnly);

  // Fixed for this opening: a later render (a failed save) must not reset what was typed.
  const [initialValues] = useState(() => form?.initial ?? EMPTY_RECIPIENT_FORM);

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
  const close = () => {
    if (!busy) actor.send({ type: 'form.cancel' });
  };

  return (
    <Form<RecipientFormValues>
      initialValues={initialValues}
      onSubmit={(values) => {
        actor.send({ type: 'form.submit', values: complete(values) });
      }}
      validate={validate}
      subscription={{ hasValidationErrors: true, values: true }}
      render={({ handleSubmit, hasValidationErrors, values, form: api }) => {
        const type = values.recipientType ?? '';
        return (
          <Dialog
            open
            onClose={close}
            dismissible={!busy}
            title={t(`${pixBook ? 'PIX_' : ''}${editing ? 'RECIPIENTS.EDIT_TITLE' : 'RECIPIENTS.ADD_TITLE'}`)}
            actions={
              <>
                <Button variant="secondary" onClick={close} disabled={busy}>
                  {t('RECIPIENTS.CANCEL')}
                </Button>
                <Button type="submit" form={formId} disabled={hasValidationErrors && !busy} loading={busy}>
                  {t('RECIPIENTS.SAVE')}
                </Button>
              </>
            }
          >
            <form id={formId} noValidate onSubmit={handleSubmit} aria-busy={busy || undefined}>
              {failed && isShownError(error) && (
                <ErrorAlert
                  action={
                    <Button variant="secondary" onClick={() => actor.send({ type: 'retry' })}>
                      {t('COMMON.BUTTONS.RETRY')}
                    </Button>
                  }
                >
                  <p>{t('RECIPIENTS.SAVE_ERROR')}</p>
                  <p>{describeApiError(error, t)}</p>
                </ErrorAlert>
              )}
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
              <Status role="status">{busy ? t('RECIPIENTS.SAVING') : ''}</Status>
              <Grid>
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
                        error={
                          (meta.touched || meta.modified) && typeof meta.error === 'string'
                            ? meta.error
                            : undefined
                        }
                        onChange={(event) => {
                          // §4: the fields the new type does not use are cleared, the others kept.
                          const next = switchRecipientType(
                            complete(api.getState().values),
                            event.target.value,
                          );
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
                          error={
                            (meta.touched || meta.modified) && typeof meta.error === 'string'
                              ? meta.error
                              : undefined
                          }
                          onChange={(event) => {
                            // §4: another key type clears the key typed for the last one.
                            const next = switchPixKeyType(
                              complete(api.getState().values),
                              event.target.value,
                            );
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
                          values.pixKeyType === 'PHONE'
                            ? 'tel'
                            : values.pixKeyType === 'EMAIL'
                              ? 'email'
                              : 'text'
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
                          error={
                            (meta.touched || meta.modified) && typeof meta.error === 'string'
                              ? meta.error
                              : undefined
                          }
                        />
                      )}
                    </Field>
                    <RecipientTextField
                      name="branchCode"
                      labelKey="RECIPIENTS.FIELDS.BRANCH"
                      helperKey="RECIPIENTS.HELPERS.BRANCH"
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
                          error={
                            (meta.touched || meta.modified) && typeof meta.error === 'string'
                              ? meta.error
                              : undefined
                          }
                        />
                      )}
                    </Field>
                    <RecipientTextField
                      name="accountNumber"
                      labelKey="RECIPIENTS.FIELDS.ACCOUNT"
                      helperKey="RECIPIENTS.HELPERS.ACCOUNT"
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
              </Grid>
            </form>
          </Dialog>
        );
      }}
    />
  );
}
