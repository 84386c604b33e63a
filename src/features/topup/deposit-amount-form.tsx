/**
 * The deposit amount step (2-money-movement.md §5 Deposit amount) that the deposit by boleto and
 * the deposit by Pix on /Deposit share (issue 25): the amount field with its help, validated as
 * the machines validate it (validateDepositAmount), and the submit button, busy while the call
 * runs and off while the amount is wrong or the flow is not editing. A submission outside
 * `editing` sends nothing. `before` holds buttons shown before the submit ('Meus boletos').
 */
import type { ReactNode } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { validateDepositAmount } from '../../../machines/validators/deposit';
import { Button } from '../../ui/button';
import { Actions, FormTextField, Narrow } from './parts';

export interface DepositAmountFormProps {
  label: string;
  submitText: string;
  /** The form's accessible name, where the page holds more than one form. */
  name?: string;
  editing: boolean;
  busy: boolean;
  onSubmit: (amount: string) => void;
  before?: ReactNode;
}

export function DepositAmountForm(p: DepositAmountFormProps) {
  const { t } = useTranslation();
  return (
    <Form<{ amount: string }>
      initialValues={{ amount: '' }}
      onSubmit={(values) => {
        if (p.editing) p.onSubmit(values.amount ?? '');
      }}
      validate={(values) => {
        const e = validateDepositAmount(values.amount ?? '');
        return e ? { amount: e } : {};
      }}
      subscription={{ hasValidationErrors: true }}
      render={({ handleSubmit, hasValidationErrors }) => (
        <Narrow
          as="form"
          noValidate
          onSubmit={handleSubmit}
          aria-busy={p.busy || undefined}
          aria-label={p.name}
        >
          <FormTextField
            name="amount"
            label={p.label}
            helperText={t('DEPOSIT.AMOUNT_HELP')}
            maxLength={50}
            inputMode="decimal"
            autoComplete="off"
          />
          <Actions>
            {p.before}
            <Button type="submit" disabled={(hasValidationErrors || !p.editing) && !p.busy} loading={p.busy}>
              {p.submitText}
            </Button>
          </Actions>
        </Narrow>
      )}
    />
  );
}
