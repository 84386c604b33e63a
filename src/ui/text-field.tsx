import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { IconButton } from './button';
import { FieldError, FieldLabel, FieldRoot, HelperText, controlBox, useFieldIds } from './field';
import { Icon } from './icons';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & {
  label: ReactNode;
  helperText?: ReactNode;
  /** The error text (already translated); falsy means valid. */
  error?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

const Input = styled.input<{ $invalid?: boolean; $withToggle?: boolean }>`
  ${controlBox}
  padding-right: ${({ $withToggle }) => ($withToggle ? '52px' : undefined)};
`;

const InputWrap = styled.div`
  position: relative;
  & > button {
    position: absolute;
    right: 2px;
    top: 50%;
    transform: translateY(-50%);
  }
`;

/**
 * A labelled text input. The helper and the error are linked with aria-describedby and the error
 * is announced (role=alert). `type="password"` adds a show/hide toggle.
 */
export function TextField({ label, helperText, error, id, type = 'text', ...rest }: TextFieldProps) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);
  const hasError = Boolean(error);
  const ids = useFieldIds(id, helperText != null, hasError);
  const isPassword = type === 'password';
  return (
    <FieldRoot>
      <FieldLabel htmlFor={ids.inputId}>{label}</FieldLabel>
      <InputWrap>
        <Input
          id={ids.inputId}
          type={isPassword && revealed ? 'text' : type}
          aria-invalid={hasError || undefined}
          aria-describedby={ids.describedBy}
          $invalid={hasError}
          $withToggle={isPassword}
          {...rest}
        />
        {isPassword && (
          <IconButton
            aria-label={t(revealed ? 'SHELL.UI.HIDE_PASSWORD' : 'SHELL.UI.SHOW_PASSWORD')}
            aria-pressed={revealed}
            aria-controls={ids.inputId}
            onClick={() => setRevealed((r) => !r)}
          >
            <Icon name={revealed ? 'eyeOff' : 'eye'} />
          </IconButton>
        )}
      </InputWrap>
      {helperText != null && <HelperText id={ids.helperId}>{helperText}</HelperText>}
      {hasError && <FieldError id={ids.errorId}>{error}</FieldError>}
    </FieldRoot>
  );
}
