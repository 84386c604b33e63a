/**
 * The multiline field of the QR content (2-money-movement.md §2 Receive by QR code: "a multiline
 * field takes the QR content as JSON text"), with its label, helper and announced error tied to the
 * textarea the same way src/ui/text-field.tsx ties them to an input.
 */
import type { TextareaHTMLAttributes } from 'react';
import styled from 'styled-components';
import { FieldError, FieldLabel, FieldRoot, HelperText, controlBox, useFieldIds } from '../../ui/field';

const Area = styled.textarea<{ $invalid?: boolean }>`
  ${controlBox}
  min-height: 9rem;
  resize: vertical;
  font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
  box-sizing: border-box;
  overflow-wrap: anywhere;
`;

export type QrTextFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'> & {
  label: string;
  helperText?: string;
  /** The error text (translated); falsy means valid. */
  error?: string;
};

export function QrTextField({ label, helperText, error, id, ...rest }: QrTextFieldProps) {
  const hasError = Boolean(error);
  const ids = useFieldIds(id, helperText != null, hasError);
  return (
    <FieldRoot>
      <FieldLabel htmlFor={ids.inputId}>{label}</FieldLabel>
      <Area
        id={ids.inputId}
        aria-invalid={hasError || undefined}
        aria-describedby={ids.describedBy}
        $invalid={hasError}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        {...rest}
      />
      {helperText != null && <HelperText id={ids.helperId}>{helperText}</HelperText>}
      {hasError && <FieldError id={ids.errorId}>{error}</FieldError>}
    </FieldRoot>
  );
}
