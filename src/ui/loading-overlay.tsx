import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from './button';
import { Spinner } from './spinner';

/** After this long a wait says so and, when it can, offers a way out (DESIGN.md: no endless spinner). */
export const STILL_WORKING_AFTER_MS = 15_000;

export interface LoadingOverlayProps {
  open: boolean;
  /** What is happening ('Carregando extrato...'); defaults to a generic text. */
  label?: ReactNode;
  /** Delay before the 'still working' message, in ms. */
  stillWorkingAfter?: number;
  /** When given, a cancel button appears with the 'still working' message. */
  onCancel?: () => void;
  /** Covers the nearest positioned ancestor instead of the viewport. */
  inline?: boolean;
}

const Cover = styled.div<{ $inline: boolean }>`
  position: ${({ $inline }) => ($inline ? 'absolute' : 'fixed')};
  inset: 0;
  z-index: ${({ theme }) => theme.z.overlay};
  display: flex;
  align-items: center;
  justify-content: center;
  background: rgba(244, 247, 250, 0.85);
`;

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 360px;
  padding: ${({ theme }) => theme.space(6)};
  text-align: center;
  color: ${({ theme }) => theme.color.primary};
  & > p {
    margin: 0;
    color: ${({ theme }) => theme.color.text};
  }
`;

function Content({ label, stillWorkingAfter, onCancel }: Omit<LoadingOverlayProps, 'open' | 'inline'>) {
  const { t } = useTranslation();
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), stillWorkingAfter);
    return () => clearTimeout(timer);
  }, [stillWorkingAfter]);
  return (
    <Box role="status" aria-live="polite">
      <Spinner $size={40} />
      <p>{label ?? t('SHELL.UI.LOADING')}</p>
      {slow && <p>{t('SHELL.UI.STILL_WORKING')}</p>}
      {slow && onCancel && (
        <Button variant="secondary" onClick={onCancel}>
          {t('SHELL.UI.CANCEL')}
        </Button>
      )}
    </Box>
  );
}

/**
 * A busy cover with a live status. Bounded: after `stillWorkingAfter` it says the wait is longer
 * than usual and offers `onCancel` when given. The timer restarts each time it opens.
 */
export function LoadingOverlay({
  open,
  inline = false,
  stillWorkingAfter = STILL_WORKING_AFTER_MS,
  ...rest
}: LoadingOverlayProps) {
  if (!open) return null;
  return (
    <Cover $inline={inline} aria-busy="true">
      <Content stillWorkingAfter={stillWorkingAfter} {...rest} />
    </Cover>
  );
}
