import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import styled from 'styled-components';
import { FieldError, FieldLabel, FieldRoot, HelperText, controlBox, useFieldIds } from './field';

/** One choice of a {@link Select}. */
export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: ReactNode;
  options: readonly SelectOption[];
  /** A first, empty option (e.g. 'Selecione'). */
  placeholder?: string;
  helperText?: ReactNode;
  error?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
};

const NativeSelect = styled.select<{ $invalid?: boolean }>`
  ${controlBox}
`;

/** A labelled native select: the platform gives keyboard and screen-reader support for free. */
export function Select({ label, options, placeholder, helperText, error, id, ...rest }: SelectProps) {
  const hasError = Boolean(error);
  const ids = useFieldIds(id, helperText != null, hasError);
  return (
    <FieldRoot>
      <FieldLabel htmlFor={ids.inputId}>{label}</FieldLabel>
      <NativeSelect
        id={ids.inputId}
        aria-invalid={hasError || undefined}
        aria-describedby={ids.describedBy}
        $invalid={hasError}
        {...rest}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
      {helperText != null && <HelperText id={ids.helperId}>{helperText}</HelperText>}
      {hasError && <FieldError id={ids.errorId}>{error}</FieldError>}
    </FieldRoot>
  );
}
