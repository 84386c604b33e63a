/**
 * Small pieces of the transfer screens: a text field bound to react-final-form that shows the
 * validator's message key translated once the field was touched, the form grid, and the hook that
 * turns a finished flow into navigation (the machine never navigates).
 */
import { useEffect } from 'react';
import { Field } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { VALIDATOR_MESSAGES } from '../../../machines/validators/message-keys';
import { media } from '../../ui/breakpoints';
import { AmountField } from '../../ui/amount-field';
import { TextField } from '../../ui/text-field';

export const FormGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  column-gap: ${({ theme }) => theme.space(4)};
  max-width: 880px;
  ${media.phone} {
    grid-template-columns: 1fr;
  }
`;

export const FormActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(2)};
  ${media.phone} {
    & > * {
      flex: 1 1 100%;
    }
  }
`;

export const ErrorBox = styled.div`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.dangerSoft};
  color: ${({ theme }) => theme.color.danger};
  & p {
    margin: 0;
  }
`;

/** A validator's message key in the user's language (the spec's pt-BR text when no catalogue has it). */
export function useFieldErrorText(): (key: string, max?: number) => string {
  const { t } = useTranslation();
  return (key, max) =>
    t(key, {
      defaultValue: (VALIDATOR_MESSAGES as Record<string, string>)[key] ?? key,
      max: String(max ?? ''),
    });
}

export interface FormTextFieldProps {
  name: string;
  label: string;
  maxLength?: number;
  inputMode?: 'numeric' | 'decimal' | 'text';
  autoComplete?: string;
  helperText?: string;
  parse?: (v: string | undefined) => string;
  readOnly?: boolean;
}

const keepAsTyped = (v: string | undefined): string => v ?? '';

/** A text field of a final-form form; its error shows once it was changed or left. */
export function FormTextField({ name, label, maxLength, parse = keepAsTyped, ...rest }: FormTextFieldProps) {
  const errorText = useFieldErrorText();
  // An amount (decimal keyboard) is written the pt-BR way when left (issue 32).
  const Control = rest.inputMode === 'decimal' ? AmountField : TextField;
  return (
    <Field<string> name={name} parse={parse}>
      {({ input, meta }) => {
        const shown = (meta.touched || meta.modified) && typeof meta.error === 'string';
        return (
          <Control
            {...input}
            {...rest}
            value={input.value ?? ''}
            label={label}
            maxLength={maxLength}
            required
            error={shown ? errorText(meta.error as string, maxLength) : undefined}
          />
        );
      }}
    </Field>
  );
}

/** Navigates when the flow's actor ends: `/Statement` after Finish, `/home` after a refused TED. */
export function useLeaveWhenDone(actor: {
  subscribe: (fn: (s: { status: string; output?: { to: string } | undefined }) => void) => {
    unsubscribe: () => void;
  };
}): void {
  const [, navigate] = useLocation();
  useEffect(() => {
    const sub = actor.subscribe((s) => {
      if (s.status === 'done' && s.output) navigate(s.output.to === 'home' ? '/home' : s.output.to);
    });
    return () => sub.unsubscribe();
  }, [actor, navigate]);
}
