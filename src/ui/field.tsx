import { useId, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { CoreIcon } from './core-icons';

/** The ids that tie a control to its label, helper text and error. */
export interface FieldIds {
  inputId: string;
  helperId: string;
  errorId: string;
  /** The aria-describedby value: the error first (read first), then the helper. */
  describedBy: string | undefined;
}

/** Computes the ids of a field; `id` wins over the generated one. */
export function useFieldIds(
  id: string | undefined,
  hasHelper: boolean,
  hasError: boolean,
  extra?: string,
): FieldIds {
  const generated = useId();
  const inputId = id ?? `f${generated}`;
  const helperId = `${inputId}-helper`;
  const errorId = `${inputId}-error`;
  const parts = [hasError ? errorId : null, hasHelper ? helperId : null, extra ?? null].filter(Boolean);
  return { inputId, helperId, errorId, describedBy: parts.length > 0 ? parts.join(' ') : undefined };
}

export const FieldRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

export const FieldLabel = styled.label`
  font-weight: ${({ theme }) => theme.font.weight.medium};
  color: ${({ theme }) => theme.color.text};
`;

export const HelperText = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
`;

const ErrorP = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.danger};
`;

/** The error of a field: mounted with role=alert, so it is announced when it appears or changes. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <ErrorP id={id} role="alert">
      <CoreIcon name="error" size={16} />
      {children}
    </ErrorP>
  );
}

/** The box of text inputs and selects; red border when invalid. */
export const controlBox = css<{ $invalid?: boolean }>`
  width: 100%;
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.color.danger : theme.color.border)};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 1px;
  }
  &:disabled {
    background: ${({ theme }) => theme.color.background};
    cursor: not-allowed;
  }
`;
