/**
 * The wizard steps of /PixKey (3-pix-part-one.md §2 Send by key, §5): the key (its type, and its
 * value checked by the type's rule) and the balance with amount and description, on the form idiom
 * (react-final-form with the machine's validators). They draw what the page gives them and report
 * what the payer typed; split from pix-key-page.tsx (issue 25's file size).
 */
import { useState } from 'react';
import { Field, Form as FinalForm } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { components } from '../../../../openapi/portal';
import {
  SEND_KEY_TYPES,
  validatePixAmount,
  validatePixDescription,
  validateSendKey,
} from '../../../../machines/pix/pix-send-key-rules';
import { PIX_AMOUNT_MAX_LENGTH, PIX_DESCRIPTION_MAX_LENGTH } from '../../../../machines/pix/pix-send-rules';
import { Button } from '../../../ui/button';
import { FormActions } from '../../../ui/form-actions';
import { RadioGroup } from '../../../ui/radio-group';
import { SummaryLines } from '../../../ui/summary-lines';
import { AmountField } from '../../../ui/amount-field';
import { TextField } from '../../../ui/text-field';
import { useValidatorText } from '../../../ui/validator-text';

type Schemas = components['schemas'];
type DictKeyType = Schemas['DictKeyType'];

const Alert = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.dangerSoft};
  color: ${({ theme }) => theme.color.danger};
`;

const keepAsTyped = (v: string | undefined): string => v ?? '';
/** A field's error once the user tried to go on (final-form's submitFailed). */
const shownError = (meta: {
  error?: unknown;
  submitFailed?: boolean;
  touched?: boolean;
}): string | undefined =>
  (meta.submitFailed || meta.touched) && typeof meta.error === 'string' ? meta.error : undefined;

/** The key field's input mode and length by type (§9: phone 15, CPF/CNPJ 21 with the mask). */
const KEY_FIELD: Record<DictKeyType, { inputMode: 'tel' | 'email' | 'numeric' | 'text'; maxLength: number }> =
  {
    PHONE: { inputMode: 'tel', maxLength: 15 },
    CPF: { inputMode: 'numeric', maxLength: 21 },
    CNPJ: { inputMode: 'text', maxLength: 21 },
    EMAIL: { inputMode: 'email', maxLength: 77 },
    EVP: { inputMode: 'text', maxLength: 36 },
  };

export function KeyTypeStep({
  initial,
  recipientFailed,
  onNext,
}: {
  initial: DictKeyType | null;
  recipientFailed: boolean;
  onNext: (t: DictKeyType) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<DictKeyType | undefined>(initial ?? undefined);
  return (
    <>
      {recipientFailed && <Alert role="alert">{t('PIX.PIX_KEY.RECIPIENT_ERROR')}</Alert>}
      <RadioGroup
        legend={t('PIX.PIX_KEY.KEY_TYPE')}
        name="keyType"
        options={SEND_KEY_TYPES.map((k) => ({ value: k, label: t(`PIX.SEND.KEY_TYPES.${k}`) }))}
        value={value}
        onChange={(v) => setValue(v as DictKeyType)}
      />
      <FormActions>
        <Button disabled={value === undefined} onClick={() => value && onNext(value)}>
          {t('PIX.PIX_KEY.NEXT')}
        </Button>
      </FormActions>
    </>
  );
}

export function KeyValueStep({
  keyType,
  initial,
  busy,
  error,
  onPrevious,
  onNext,
}: {
  keyType: DictKeyType;
  initial: string;
  busy: boolean;
  error: string | null;
  onPrevious: () => void;
  onNext: (value: string) => void;
}) {
  const { t } = useTranslation();
  const fieldText = useValidatorText();
  const field = KEY_FIELD[keyType];
  return (
    <FinalForm<{ key: string }>
      initialValues={{ key: initial }}
      onSubmit={(v) => onNext(v.key ?? '')}
      render={({ handleSubmit }) => (
        <form onSubmit={handleSubmit} noValidate>
          {error && <Alert role="alert">{error}</Alert>}
          <Field<string> name="key" validate={(v) => validateSendKey(keyType, v ?? '')} parse={keepAsTyped}>
            {({ input, meta }) => {
              const e = shownError(meta);
              return (
                <TextField
                  {...input}
                  value={input.value ?? ''}
                  label={t(`PIX.PIX_KEY.KEY_LABEL.${keyType}`)}
                  inputMode={field.inputMode}
                  maxLength={field.maxLength}
                  autoComplete="off"
                  error={e ? fieldText(e) : undefined}
                />
              );
            }}
          </Field>
          {busy && <p role="status">{t('PIX.PIX_KEY.LOOKING_UP')}</p>}
          <FormActions>
            <Button type="button" variant="secondary" onClick={onPrevious} disabled={busy}>
              {t('PIX.PIX_KEY.PREVIOUS')}
            </Button>
            <Button type="submit" loading={busy} disabled={busy}>
              {t('PIX.PIX_KEY.NEXT')}
            </Button>
          </FormActions>
        </form>
      )}
    />
  );
}

export function AmountStep({
  balanceText,
  recipient,
  initial,
  error,
  onPrevious,
  onNext,
}: {
  balanceText: string;
  recipient: string;
  initial: { amount: number; description: string } | null;
  error: string | null;
  onPrevious: () => void;
  onNext: (amount: string, description: string) => void;
}) {
  const { t } = useTranslation();
  const fieldText = useValidatorText();
  const [initialValues] = useState(() => ({
    amount: initial
      ? new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2 }).format(initial.amount)
      : '',
    description: initial?.description ?? '',
  }));
  return (
    <FinalForm<{ amount: string; description: string }>
      initialValues={initialValues}
      onSubmit={(v) => onNext(v.amount ?? '', v.description ?? '')}
      render={({ handleSubmit, hasValidationErrors }) => (
        <form onSubmit={handleSubmit} noValidate>
          <SummaryLines
            lines={[
              { label: t('PIX.SEND.LINES.BALANCE'), value: <span role="status">{balanceText}</span> },
              { label: t('PIX.PIX_KEY.RECIPIENT'), value: recipient },
            ]}
          />
          {error && <Alert role="alert">{error}</Alert>}
          <Field<string> name="amount" validate={(v) => validatePixAmount(v ?? '')} parse={keepAsTyped}>
            {({ input, meta }) => {
              const e = shownError(meta);
              return (
                <AmountField
                  {...input}
                  value={input.value ?? ''}
                  label={t('PIX.PIX_KEY.AMOUNT')}
                  maxLength={PIX_AMOUNT_MAX_LENGTH}
                  autoComplete="off"
                  error={e ? fieldText(e) : undefined}
                />
              );
            }}
          </Field>
          <Field<string>
            name="description"
            validate={(v) => validatePixDescription(v ?? '')}
            parse={keepAsTyped}
          >
            {({ input, meta }) => {
              const e = shownError(meta);
              return (
                <TextField
                  {...input}
                  value={input.value ?? ''}
                  label={t('PIX.PIX_KEY.DESCRIPTION')}
                  maxLength={PIX_DESCRIPTION_MAX_LENGTH}
                  autoComplete="off"
                  error={e ? fieldText(e) : undefined}
                />
              );
            }}
          </Field>
          <FormActions>
            <Button type="button" variant="secondary" onClick={onPrevious}>
              {t('PIX.PIX_KEY.PREVIOUS')}
            </Button>
            {/* §5: Next is disabled while the amount field has errors. */}
            <Button type="submit" disabled={hasValidationErrors}>
              {t('PIX.PIX_KEY.NEXT')}
            </Button>
          </FormActions>
        </form>
      )}
    />
  );
}
