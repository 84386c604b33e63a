/**
 * A multiline field for pasted codes (the QR content of /Receive, 2-money-movement.md §2; the Pix
 * code of /PixCopyPaste, 3-pix-part-one.md §2), with its label, helper and announced error tied to
 * the textarea the same way text-field.tsx ties them to an input. Shared by two areas, so it lives
 * in src/ui.
 */
import type { Ref, TextareaHTMLAttributes } from 'react';
import styled from 'styled-components';
import { FieldError, FieldLabel, FieldRoot, HelperText, controlBox, useFieldIds } from './field';

const Area = styled.textarea<{ $invalid?: boolean }>`
  ${controlBox}
  min-height: 9rem;
  resize: vertical;
  font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
  box-sizing: border-box;
  overflow-wrap: anywhere;
`;

export type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'> & {
  label: string;
  helperText?: string;
  /** The error text (translated); falsy means valid. */
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
};

export function TextAreaField({ label, helperText, error, id, ...rest }: TextAreaFieldProps) {
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
