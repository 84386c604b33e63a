import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { IconButton } from './button';
import { FieldError, FieldLabel, FieldRoot, HelperText, controlBox, useFieldIds } from './field';
import { CoreIcon } from './core-icons';

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
 * Hands over what was typed into a prerendered field before the page was hydrated (src/app/
 * prerender.tsx: /login's HTML arrives before its scripts). A person on a slow phone, or the
 * browser's password manager, may fill the form then: the text is in the element but not in the
 * form's state, and React would not notice it (its value tracker took the typed text as the
 * element's own). So, once, when the element is attached, a value that differs from the state is
 * written back through the tracker and replayed as an input event, which reaches onChange. A field
 * drawn in the browser always starts equal to its state and is left alone.
 */
function useTypedBeforeHydration(own: { current: HTMLInputElement | null }, value: unknown): void {
  const initial = useRef(value);
  useEffect(() => {
    const el = own.current;
    const state = initial.current;
    if (!el || state === undefined || state === null || el.value === String(state)) return;
    const typed = el.value;
    el.value = String(state);
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(el, typed);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, [own]);
}

/**
 * A labelled text input. The helper and the error are linked with aria-describedby and the error
 * is announced (role=alert). `type="password"` adds a show/hide toggle.
 */
export function TextField({ label, helperText, error, id, type = 'text', ref, ...rest }: TextFieldProps) {
  const { t } = useTranslation();
  const own = useRef<HTMLInputElement | null>(null);
  const setRef = useCallback(
    (el: HTMLInputElement | null) => {
      own.current = el;
      if (typeof ref === 'function') ref(el);
      else if (ref) ref.current = el;
    },
    [ref],
  );
  useTypedBeforeHydration(own, rest.value);
  const [revealed, setRevealed] = useState(false);
  const hasError = Boolean(error);
  const ids = useFieldIds(id, helperText != null, hasError);
  const isPassword = type === 'password';
  return (
    <FieldRoot>
      <FieldLabel htmlFor={ids.inputId}>{label}</FieldLabel>
      <InputWrap>
        <Input
          ref={setRef}
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
            <CoreIcon name={revealed ? 'eyeOff' : 'eye'} />
          </IconButton>
        )}
      </InputWrap>
      {helperText != null && <HelperText id={ids.helperId}>{helperText}</HelperText>}
      {hasError && <FieldError id={ids.errorId}>{error}</FieldError>}
    </FieldRoot>
  );
}
