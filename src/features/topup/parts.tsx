/**
 * Small pieces the top-up and deposit screens share: a text field bound to react-final-form that
 * shows its validator's message once touched, label/value lines, the error box, the action row, and
 * the hook that turns a finished flow into navigation (the machines never navigate).
 */
import { Fragment, useEffect, type ReactNode } from 'react';
import { Field } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useLocation } from 'wouter';
import { VALIDATOR_MESSAGES } from '../../../machines/validators/message-keys';
import { media } from '../../ui/breakpoints';
import { AmountField } from '../../ui/amount-field';
import { TextField } from '../../ui/text-field';

export const Actions = styled.div`
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

export const Narrow = styled.div`
  max-width: 480px;
`;

/** Label/value lines (a definition list: screen readers read each pair). */
const Lines = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  & dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  & dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  ${media.phone} {
    grid-template-columns: 1fr;
    & dd {
      margin-bottom: ${({ theme }) => theme.space(2)};
    }
  }
`;

export interface Line {
  label: string;
  value: ReactNode;
}

export function InfoLines({ lines }: { lines: readonly Line[] }) {
  return (
    <Lines>
      {lines.map((l) => (
        <Fragment key={l.label}>
          <dt>{l.label}</dt>
          <dd>{l.value}</dd>
        </Fragment>
      ))}
    </Lines>
  );
}

/** A validator's message key in the user's language (the spec's pt-BR text when no catalogue has it). */
export function useFieldErrorText(): (key: string) => string {
  const { t } = useTranslation();
  return (key) => t(key, { defaultValue: (VALIDATOR_MESSAGES as Record<string, string>)[key] ?? key });
}

export interface FormTextFieldProps {
  name: string;
  label: string;
  maxLength?: number;
  inputMode?: 'numeric' | 'decimal' | 'tel' | 'text';
  autoComplete?: string;
  helperText?: string;
  parse?: (v: string | undefined) => string;
  disabled?: boolean;
}

const keepAsTyped = (v: string | undefined): string => v ?? '';

/** A text field of a final-form form; its error shows once it was changed or left. */
export function FormTextField({ name, label, parse = keepAsTyped, ...rest }: FormTextFieldProps) {
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
            required
            error={shown ? errorText(meta.error as string) : undefined}
          />
        );
      }}
    </Field>
  );
}

/** Navigates to the flow's output (`{ to }`) when its actor ends. */
export function useLeaveWhenDone(actor: {
  subscribe: (fn: (s: { status: string; output?: { to: string } | undefined }) => void) => {
    unsubscribe: () => void;
  };
}): void {
  const [, navigate] = useLocation();
  useEffect(() => {
    const sub = actor.subscribe((s) => {
      if (s.status === 'done' && s.output) navigate(s.output.to);
    });
    return () => sub.unsubscribe();
  }, [actor, navigate]);
}
