/**
 * A text field of a step of Pix by bank data (/PixManual), bound to the step's final-form form:
 * its error shows once it was changed or left, or on Next. An amount (decimal keyboard) is the
 * shared AmountField, written the pt-BR way when left (issue 32).
 */
import { Field } from 'react-final-form';
import { AmountField } from '../../../ui/amount-field';
import { TextField } from '../../../ui/text-field';
import { useValidatorText } from '../../../ui/validator-text';

export function StepTextField({
  name,
  label,
  maxLength,
  inputMode,
  parse = (v) => v ?? '',
  helperText,
}: {
  name: string;
  label: string;
  maxLength?: number;
  inputMode?: 'numeric' | 'decimal' | 'text';
  parse?: (v: string | undefined) => string;
  helperText?: string;
}) {
  const errorText = useValidatorText();
  const Control = inputMode === 'decimal' ? AmountField : TextField;
  return (
    <Field<string> name={name} parse={parse}>
      {({ input, meta }) => (
        <Control
          {...input}
          value={input.value ?? ''}
          label={label}
          maxLength={maxLength}
          inputMode={inputMode}
          autoComplete="off"
          helperText={helperText}
          error={
            (meta.touched || meta.modified) && typeof meta.error === 'string'
              ? errorText(meta.error)
              : undefined
          }
        />
      )}
    </Field>
  );
}
