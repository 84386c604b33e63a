import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { ChoiceLabel } from './choice-label';
import { FieldError, HelperText } from './field';

/** One choice of a {@link RadioGroup}. */
export interface RadioOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps {
  legend: ReactNode;
  name: string;
  options: readonly RadioOption[];
  value: string | undefined;
  onChange: (value: string) => void;
  helperText?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  /** Lays the options in a row instead of a column. */
  inline?: boolean;
}

const Fieldset = styled.fieldset<{ $inline: boolean }>`
  border: none;
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: 0;
  & > legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space(1)};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
  & > div {
    display: flex;
    flex-direction: ${({ $inline }) => ($inline ? 'row' : 'column')};
    flex-wrap: wrap;
    gap: ${({ theme, $inline }) => ($inline ? theme.space(4) : 0)};
  }
`;

/** Native radios in a fieldset with a legend: arrow keys move between choices. */
export function RadioGroup({
  legend,
  name,
  options,
  value,
  onChange,
  helperText,
  error,
  disabled,
  inline = false,
}: RadioGroupProps) {
  const base = useId();
  const helperId = `${base}-helper`;
  const errorId = `${base}-error`;
  const describedBy =
    [error ? errorId : null, helperText != null ? helperId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Fieldset
      $inline={inline}
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      disabled={disabled}
    >
      <legend>{legend}</legend>
      <div>
        {options.map((o) => (
          <ChoiceLabel key={o.value}>
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              disabled={o.disabled}
              onChange={() => onChange(o.value)}
            />
            <span>{o.label}</span>
          </ChoiceLabel>
        ))}
      </div>
      {helperText != null && <HelperText id={helperId}>{helperText}</HelperText>}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </Fieldset>
  );
}
