/**
 * Step 2 of /PixReceive (src/features/pix/pix-receive-page.tsx; 3-pix-part-one.md §2 Receive, §5
 * Receive): the amount and description, and the 'information' section with the due date, the
 * payer, fine, interest, discount and rebate, on a react-final-form form whose `validate` is
 * pix-receive-rules.ts. Split from pix-receive-page.tsx (issue 25's file size).
 */
import { useState } from 'react';
import { Field, Form as FinalForm } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  EMPTY_DETAILS,
  PAYER_NAME_MAX_LENGTH,
  PAYER_TAX_ID_MAX_LENGTH,
  PERCENT_MAX_LENGTH,
  receiveDetailsErrors,
  validatePayerTaxId,
  type ReceiveDetails,
} from '../../../machines/pix/pix-receive-rules';
import { PIX_AMOUNT_MAX_LENGTH, PIX_DESCRIPTION_MAX_LENGTH } from '../../../machines/pix/pix-send-rules';
import { Button } from '../../ui/button';
import { DateField } from '../../ui/date-field';
import { ErrorAlert } from '../../ui/error-alert';
import { TextField } from '../../ui/text-field';
import { FormActions } from '../../ui/form-actions';

const Information = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  margin: ${({ theme }) => theme.space(2)} 0;
  padding: ${({ theme }) => theme.space(3)};
  min-width: 0;
  & > legend {
    padding: 0 ${({ theme }) => theme.space(1)};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

const keepAsTyped = (v: string | undefined): string => v ?? '';
/** A field's error once the user left it or tried to go on. */
const shownError = (meta: {
  error?: unknown;
  submitFailed?: boolean;
  touched?: boolean;
}): string | undefined =>
  (meta.submitFailed || meta.touched) && typeof meta.error === 'string' ? meta.error : undefined;

export function DetailsStep({
  today,
  initial,
  busy,
  error,
  failed,
  onPrevious,
  onRetry,
  onNext,
}: {
  today: string;
  initial: ReceiveDetails;
  busy: boolean;
  error: string | null;
  failed: string | null;
  onPrevious: () => void;
  onRetry: () => void;
  onNext: (details: ReceiveDetails) => void;
}) {
  const { t } = useTranslation();
  const [initialValues] = useState(() => initial);
  const textField = (
    name: keyof ReceiveDetails,
    label: string,
    extra: { maxLength: number; inputMode?: 'decimal' | 'text'; helperText?: string; live?: boolean },
  ) => (
    <Field<string> name={name} parse={keepAsTyped}>
      {({ input, meta }) => {
        // The payer's document is validated as it is typed (§5: 'validated on input').
        const live =
          extra.live && typeof input.value === 'string' && input.value.trim().length >= 11
            ? validatePayerTaxId(input.value)
            : undefined;
        const e = shownError(meta) ?? live;
        return (
          <TextField
            {...input}
            value={input.value ?? ''}
            label={label}
            inputMode={extra.inputMode ?? 'text'}
            maxLength={extra.maxLength}
            autoComplete="off"
            helperText={extra.helperText}
            error={e ? t(e) : undefined}
          />
        );
      }}
    </Field>
  );
  return (
    <FinalForm<ReceiveDetails>
      initialValues={initialValues}
      validate={(v) => receiveDetailsErrors({ ...EMPTY_DETAILS, ...v }, today)}
      onSubmit={(v) => onNext({ ...EMPTY_DETAILS, ...v })}
      render={({ handleSubmit, values, form }) => (
        <form onSubmit={handleSubmit} noValidate aria-busy={busy}>
          {error && <ErrorAlert>{error}</ErrorAlert>}
          {failed && (
            <ErrorAlert
              action={
                <Button variant="secondary" onClick={onRetry}>
                  {t('PIX.PIX_RECEIVE.RETRY')}
                </Button>
              }
            >
              <p>{t('PIX.PIX_RECEIVE.FAILED')}</p>
              <p>{failed}</p>
            </ErrorAlert>
          )}
          {textField(
            'amount',
            values.information ? t('PIX.PIX_RECEIVE.AMOUNT_REQUIRED_LABEL') : t('PIX.PIX_RECEIVE.AMOUNT'),
            {
              maxLength: PIX_AMOUNT_MAX_LENGTH,
              inputMode: 'decimal',
              ...(values.information ? {} : { helperText: t('PIX.PIX_RECEIVE.AMOUNT_HINT') }),
            },
          )}
          {textField('description', t('PIX.PIX_RECEIVE.DESCRIPTION'), {
            maxLength: PIX_DESCRIPTION_MAX_LENGTH,
            helperText: t('PIX.PIX_RECEIVE.DESCRIPTION_HINT'),
          })}
          <Button
            type="button"
            variant="text"
            aria-expanded={values.information}
            aria-controls="pix-receive-information"
            onClick={() => form.change('information', !values.information)}
          >
            {values.information ? t('PIX.PIX_RECEIVE.INFORMATION_HIDE') : t('PIX.PIX_RECEIVE.INFORMATION')}
          </Button>
          {values.information && (
            <Information id="pix-receive-information">
              <legend>{t('PIX.PIX_RECEIVE.INFORMATION_LEGEND')}</legend>
              <Field<string> name="dueDate" parse={keepAsTyped}>
                {({ input, meta }) => {
                  const e = shownError(meta);
                  return (
                    <DateField
                      name={input.name}
                      label={t('PIX.PIX_RECEIVE.DUE_DATE')}
                      value={input.value ?? ''}
                      onChange={input.onChange}
                      onBlur={() => input.onBlur()}
                      error={e ? t(e) : undefined}
                    />
                  );
                }}
              </Field>
              {textField('payerName', t('PIX.PIX_RECEIVE.PAYER_NAME'), { maxLength: PAYER_NAME_MAX_LENGTH })}
              {textField('payerTaxId', t('PIX.PIX_RECEIVE.PAYER_TAX_ID'), {
                maxLength: PAYER_TAX_ID_MAX_LENGTH,
                live: true,
              })}
              {textField('fine', t('PIX.PIX_RECEIVE.FINE'), {
                maxLength: PERCENT_MAX_LENGTH,
                inputMode: 'decimal',
              })}
              {textField('interest', t('PIX.PIX_RECEIVE.INTEREST'), {
                maxLength: PERCENT_MAX_LENGTH,
                inputMode: 'decimal',
              })}
            </Information>
          )}
          {busy && <p role="status">{t('PIX.PIX_RECEIVE.CREATING')}</p>}
          <FormActions>
            <Button type="button" variant="secondary" onClick={onPrevious} disabled={busy}>
              {t('PIX.PIX_RECEIVE.PREVIOUS')}
            </Button>
            {!failed && (
              <Button type="submit" loading={busy} disabled={busy}>
                {t('PIX.PIX_RECEIVE.NEXT')}
              </Button>
            )}
          </FormActions>
        </form>
      )}
    />
  );
}
