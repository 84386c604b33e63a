import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import styled, { css } from 'styled-components';
import { media } from './breakpoints';
import { IconButton } from './button';
import { focusableIn, trapTab } from './focus';
import { CoreIcon } from './core-icons';

export interface DialogProps {
  open: boolean;
  /** Called on Escape, on the close button and on a click on the backdrop (when dismissible). */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** The buttons at the bottom. */
  actions?: ReactNode;
  /**
   * Covers the whole viewport on every screen. On phones (below the `phone` breakpoint) every
   * dialog covers the screen anyway: a centred card loses its edges and buttons at 360 px.
   */
  fullScreen?: boolean;
  /** What receives focus on open; default: the first focusable control of the content. */
  initialFocus?: RefObject<HTMLElement | null>;
  /**
   * The title receives focus on open (a result to read first: on a phone, focus in a field below
   * would scroll the body down and raise the keyboard over the title). Wins over `initialFocus`.
   */
  focusTitle?: boolean;
  /** False while something must not be interrupted (a submission): Escape and backdrop do nothing. */
  dismissible?: boolean;
  /** 'alertdialog' for confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  'aria-describedby'?: string;
}

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.z.dialog};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.color.backdrop};
  ${media.phone} {
    padding: 0;
  }
`;

const coverScreen = css`
  position: fixed;
  inset: 0;
  width: 100%;
  height: 100%;
  max-height: none;
  border-radius: 0;
`;

const Panel = styled.div<{ $fullScreen: boolean }>`
  display: flex;
  flex-direction: column;
  max-height: 100%;
  width: min(560px, 100%);
  min-width: 0;
  background: ${({ theme }) => theme.color.surface};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.popup};
  outline: none;
  ${({ $fullScreen }) => $fullScreen && coverScreen}
  ${media.phone} {
    ${coverScreen}
    /* The dynamic viewport height: the address bar of a phone browser must not hide the buttons. */
    height: 100dvh;
  }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(3)} ${theme.space(3)} ${theme.space(6)}`};
  border-bottom: 1px solid ${({ theme }) => theme.color.divider};
  & > h2 {
    margin: 0;
    min-width: 0;
    font-size: ${({ theme }) => theme.font.size.lg};
    overflow-wrap: anywhere;
  }
  ${media.phone} {
    padding-left: ${({ theme }) => theme.space(4)};
  }
`;

const Body = styled.div`
  flex: 1 1 auto;
  overflow: auto;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: -2px;
  }
  padding: ${({ theme }) => theme.space(6)};
  ${media.phone} {
    padding: ${({ theme }) => theme.space(4)};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(6)} ${theme.space(4)}`};
  border-top: 1px solid ${({ theme }) => theme.color.divider};
  /* On a phone the buttons share the width: each stays a full-size target, none is cut off. */
  ${media.phone} {
    padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
    & > * {
      flex: 1 1 auto;
    }
  }
`;

/**
 * A modal dialog (role=dialog, aria-modal): focus moves in on open, Tab stays inside, Escape closes
 * and focus returns to the element that opened it.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  actions,
  fullScreen = false,
  initialFocus,
  focusTitle = false,
  dismissible = true,
  role = 'dialog',
  ...aria
}: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const target =
      (focusTitle ? titleRef.current : null) ??
      initialFocus?.current ??
      (bodyRef.current && focusableIn(bodyRef.current)[0]) ??
      panelRef.current;
    target?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [open, initialFocus, focusTitle]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (dismissible) onClose();
      return;
    }
    if (panelRef.current) trapTab(event, panelRef.current);
  };
  const onBackdrop = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget && dismissible && !fullScreen) onClose();
  };

  return createPortal(
    <Backdrop onMouseDown={onBackdrop}>
      <Panel
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={aria['aria-describedby']}
        tabIndex={-1}
        $fullScreen={fullScreen}
        onKeyDown={onKeyDown}
      >
        <Header>
          <h2 id={titleId} ref={titleRef} tabIndex={focusTitle ? -1 : undefined}>
            {title}
          </h2>
          <IconButton aria-label={t('SHELL.UI.CLOSE')} onClick={onClose} disabled={!dismissible}>
            <CoreIcon name="close" />
          </IconButton>
        </Header>
        {/* Focusable so a keyboard user can scroll a long body (a receipt) that holds no control. */}
        <Body ref={bodyRef} tabIndex={0}>
          {children}
        </Body>
        {actions && <Actions>{actions}</Actions>}
      </Panel>
    </Backdrop>,
    document.body,
  );
}
