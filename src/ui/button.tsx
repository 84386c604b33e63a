import type { ButtonHTMLAttributes, MouseEvent, Ref } from 'react';
import styled, { css } from 'styled-components';
import { focusRing } from './global-style';
import { Spinner } from './spinner';

/** The look of a button: one primary action per view, secondary and text for the rest. */
export type ButtonVariant = 'primary' | 'secondary' | 'text' | 'danger';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  /** Shows a spinner, sets aria-busy and ignores clicks, keeping focus where it is. */
  loading?: boolean;
  fullWidth?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

const variants = {
  primary: css`
    background: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.onPrimary};
    border-color: ${({ theme }) => theme.color.primary};
    &:hover:not(:disabled):not([aria-disabled='true']) {
      background: ${({ theme }) => theme.color.primaryHover};
    }
  `,
  secondary: css`
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.primary};
    border-color: ${({ theme }) => theme.color.primary};
    &:hover:not(:disabled):not([aria-disabled='true']) {
      background: ${({ theme }) => theme.color.primarySoft};
    }
  `,
  text: css`
    background: transparent;
    color: ${({ theme }) => theme.color.primary};
    border-color: transparent;
    &:hover:not(:disabled):not([aria-disabled='true']) {
      background: ${({ theme }) => theme.color.primarySoft};
    }
  `,
  danger: css`
    background: ${({ theme }) => theme.color.danger};
    color: ${({ theme }) => theme.color.onPrimary};
    border-color: ${({ theme }) => theme.color.danger};
    &:hover:not(:disabled):not([aria-disabled='true']) {
      background: ${({ theme }) => theme.color.dangerHover};
    }
  `,
};

const StyledButton = styled.button<{ $variant: ButtonVariant; $fullWidth: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space(5)};
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  border: 2px solid transparent;
  border-radius: ${({ theme }) => theme.radius.md};
  font: inherit;
  font-weight: ${({ theme }) => theme.font.weight.medium};
  text-transform: none;
  cursor: pointer;
  ${({ $variant }) => variants[$variant]}
  &:disabled, &[aria-disabled='true'] {
    opacity: 0.6;
    cursor: not-allowed;
  }
  ${focusRing}
`;

/** A button; `loading` marks it busy (aria-busy) and swallows clicks so nothing is sent twice. */
export function Button({
  variant = 'primary',
  loading = false,
  fullWidth = false,
  type = 'button',
  onClick,
  children,
  ...rest
}: ButtonProps) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <StyledButton
      type={type}
      $variant={variant}
      $fullWidth={fullWidth}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      onClick={handleClick}
      {...rest}
    >
      {loading && <Spinner />}
      {children}
    </StyledButton>
  );
}

export type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> & {
  /** Required: an icon alone has no accessible name. */
  'aria-label': string;
  /**
   * A short visible label ('Comprovante') shown beside the icon on pointer hover and keyboard focus
   * (issue 32: row icons had no visible label). The accessible name stays `aria-label`.
   */
  tooltip?: string;
  ref?: Ref<HTMLButtonElement>;
};

/** The tooltip: above the button, ending at its right edge (row icons sit at the right of a row). */
const Tip = styled.span`
  position: absolute;
  right: 0;
  bottom: calc(100% + 4px);
  z-index: 2;
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.text};
  color: ${({ theme }) => theme.color.surface};
  font-size: ${({ theme }) => theme.font.size.sm};
  line-height: 1.3;
  white-space: nowrap;
  pointer-events: none;
  visibility: hidden;
`;

const StyledIconButton = styled.button`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  padding: 0;
  border: none;
  border-radius: 50%;
  background: transparent;
  color: inherit;
  cursor: pointer;
  &:hover:not(:disabled) {
    background: rgba(11, 79, 138, 0.1);
  }
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
  ${focusRing}
  &:focus-visible > [data-tooltip] {
    visibility: visible;
  }
  @media (hover: hover) {
    &:hover > [data-tooltip] {
      visibility: visible;
    }
  }
`;

/** A round button holding an icon; its `aria-label` is mandatory, its `tooltip` shows on hover and focus. */
export function IconButton({ type = 'button', tooltip, children, ...rest }: IconButtonProps) {
  return (
    <StyledIconButton type={type} {...rest}>
      {children}
      {tooltip && (
        <Tip data-tooltip="" aria-hidden="true">
          {tooltip}
        </Tip>
      )}
    </StyledIconButton>
  );
}
