/**
 * The wizard steps of /PixKey (3-pix-part-one.md §2 Send by key, §5): the key (one field whose type
 * is told as it is typed, issue 32) and the balance with amount and description, on the form idiom
 * (react-final-form with the machine's validators). They draw what the page gives them and report
 * what the payer typed; split from pix-key-page.tsx (issue 25's file size).
 */
import { useState } from 'react';
import { Field, Form as FinalForm } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { components } from '../../../../openapi/portal';
import { validatePixAmount, validatePixDescription } from '../../../../machines/pix/pix-send-key-rules';
import { PIX_AMOUNT_MAX_LENGTH, PIX_DESCRIPTION_MAX_LENGTH } from '../../../../machines/pix/pix-send-rules';
import { PIX_KEY_MAX_LENGTH } from '../../../../machines/validators/pix-key';
import { detectPixKey, readPixKeyAs } from '../../../../machines/validators/pix-key-detect';
import { Button } from '../../../ui/button';
import { FormActions } from '../../../ui/form-actions';
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

/**
 * The key field's length: the DICT's longest key is an e-mail of 77 characters; a pasted key may
 * bring spaces around it, and a masked CNPJ (18) or phone (+55 (21) 98765-4321, 19) is shorter.
 */
const KEY_FIELD_MAX_LENGTH = PIX_KEY_MAX_LENGTH + 8;

const TypeLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  min-height: 1.5em;
`;

const TypeBadge = styled.p`
  margin: 0;
  font-weight: 600;
  color: ${({ theme }) => theme.color.text};
`;

/**
 * Step 1: ONE key field (issue 32). The type is told as the payer types or pastes
 * (machines/validators/pix-key-detect.ts), shown next to the field and announced (a polite live
 * region); 11 digits that are a CPF and also a mobile number offer 'Usar como Celular' (and back).
 * Next sends what was typed and the type read; the machine normalises it to the DICT form.
 */
export function KeyStep({
  initial,
  initialType,
  recipientFailed,
  busy,
  error,
  onNext,
}: {
  initial: string;
  initialType: DictKeyType | null;
  recipientFailed: boolean;
  busy: boolean;
  error: string | null;
  onNext: (value: string, keyType: DictKeyType | null) => void;
}) {
  const { t } = useTranslation();
  const fieldText = useValidatorText();
  const [chosen, setChosen] = useState<DictKeyType | null>(initialType);
  return (
    <FinalForm<{ key: string }>
      initialValues={{ key: initial }}
      onSubmit={(v) => onNext(v.key ?? '', readPixKeyAs(v.key ?? '', chosen).type)}
      render={({ handleSubmit }) => (
        <form onSubmit={handleSubmit} noValidate>
          {recipientFailed && <Alert role="alert">{t('PIX.PIX_KEY.RECIPIENT_ERROR')}</Alert>}
          {error && <Alert role="alert">{error}</Alert>}
          <Field<string> name="key" validate={(v) => detectPixKey(v ?? '').error} parse={keepAsTyped}>
            {({ input, meta }) => {
              const e = shownError(meta);
              const reading = readPixKeyAs(input.value ?? '', chosen);
              const other = reading.alternative;
              return (
                <>
                  <TextField
                    {...input}
                    value={input.value ?? ''}
                    label={t('PIX.PIX_KEY.FIELD')}
                    helperText={t('PIX.PIX_KEY.FIELD_HINT')}
                    inputMode="text"
                    maxLength={KEY_FIELD_MAX_LENGTH}
                    autoComplete="off"
                    autoCapitalize="none"
                    spellCheck={false}
                    error={e ? fieldText(e) : undefined}
                  />
                  <TypeLine>
                    <TypeBadge role="status" data-testid="pix-key-type">
                      {reading.type
                        ? t('PIX.PIX_KEY.DETECTED', { type: t(`PIX.SEND.KEY_TYPES.${reading.type}`) })
                        : ''}
                    </TypeBadge>
                    {other && (
                      <Button type="button" variant="secondary" onClick={() => setChosen(other.type)}>
                        {t('PIX.PIX_KEY.USE_AS', { type: t(`PIX.SEND.KEY_TYPES.${other.type}`) })}
                      </Button>
                    )}
                  </TypeLine>
                </>
              );
            }}
          </Field>
          {busy && <p role="status">{t('PIX.PIX_KEY.LOOKING_UP')}</p>}
          <FormActions>
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
