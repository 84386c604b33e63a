import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { media } from './breakpoints';
import { IconButton } from './button';
import { CoreIcon, type CoreIconName } from './core-icons';

/** The kind of a toast: errors and warnings interrupt (role=alert), the rest are polite (role=status). */
export type ToastKind = 'success' | 'error' | 'warning' | 'info';

export interface ToastOptions {
  message: ReactNode;
  kind?: ToastKind;
  /** How long it stays, in ms; clamped to [TOAST_MIN_MS, TOAST_MAX_MS]. */
  duration?: number;
}

/** What `useToast()` gives. Each call returns the toast's id. */
export interface ToastApi {
  show: (options: ToastOptions) => string;
  success: (message: ReactNode, duration?: number) => string;
  error: (message: ReactNode, duration?: number) => string;
  warning: (message: ReactNode, duration?: number) => string;
  info: (message: ReactNode, duration?: number) => string;
  dismiss: (id: string) => void;
}

/**
 * 1-access-shell-statement.md §9: at most 3 toasts. The spec puts them top centre; there they
 * covered each page's title and, on phones, the top bar's menu, bell and user menu, so they sit at
 * the bottom centre instead, above the chat button (docs/JOURNAL.md, "Toasts at the bottom").
 */
export const MAX_TOASTS = 3;
export const TOAST_MIN_MS = 2_000;
export const TOAST_MAX_MS = 10_000;
const DEFAULT_MS: Record<ToastKind, number> = { success: 5_000, info: 5_000, warning: 8_000, error: 8_000 };
const ICONS: Record<ToastKind, CoreIconName> = {
  success: 'check',
  info: 'info',
  warning: 'error',
  error: 'error',
};

interface Toast {
  id: string;
  kind: ToastKind;
  message: ReactNode;
  duration: number;
  /** Bumped when the same message is shown again: restarts its timer instead of stacking a copy. */
  version: number;
}

const ToastContext = createContext<ToastApi | null>(null);

const Region = styled.div`
  position: fixed;
  /* Above the 56 px chat button and its 24 px margin, so neither covers the other. */
  bottom: ${({ theme }) => theme.space(22)};
  left: 50%;
  transform: translateX(-50%);
  z-index: ${({ theme }) => theme.z.toast};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  width: min(560px, calc(100vw - 32px));
  pointer-events: none;
  ${media.phone} {
    bottom: ${({ theme }) => theme.space(17)};
    width: calc(100vw - 24px);
  }
`;

const Item = styled.div<{ $kind: ToastKind }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(2)} ${theme.space(2)} ${theme.space(4)}`};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.popup};
  pointer-events: auto;
  color: ${({ theme }) => theme.color.text};
  background: ${({ theme, $kind }) =>
    ({
      success: theme.color.successSoft,
      error: theme.color.dangerSoft,
      warning: theme.color.warningSoft,
      info: theme.color.infoSoft,
    })[$kind]};
  border-left: 6px solid
    ${({ theme, $kind }) => ({ success: theme.color.success, error: theme.color.danger, warning: theme.color.warning, info: theme.color.info })[$kind]};
  & > p {
    flex: 1;
    margin: 0;
  }
`;

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: string) => void }) {
  const { t } = useTranslation();
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return undefined;
    const timer = setTimeout(() => onDismiss(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [paused, toast.id, toast.duration, toast.version, onDismiss]);
  const urgent = toast.kind === 'error' || toast.kind === 'warning';
  return (
    <Item
      $kind={toast.kind}
      role={urgent ? 'alert' : 'status'}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <CoreIcon name={ICONS[toast.kind]} />
      <p>{toast.message}</p>
      <IconButton aria-label={t('SHELL.UI.CLOSE_MESSAGE')} onClick={() => onDismiss(toast.id)}>
        <CoreIcon name="close" size={20} />
      </IconButton>
    </Item>
  );
}

const clamp = (ms: number) => Math.min(TOAST_MAX_MS, Math.max(TOAST_MIN_MS, ms));

/** Holds the toasts; renders at most {@link MAX_TOASTS} at the top centre, dropping the oldest. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  // The list is also kept in a ref so show() can decide about duplicates synchronously.
  const list = useRef<Toast[]>([]);
  const counter = useRef(0);

  const update = useCallback((next: (current: Toast[]) => Toast[]) => {
    list.current = next(list.current);
    setToasts(list.current);
  }, []);

  const dismiss = useCallback(
    (id: string) => update((current) => current.filter((x) => x.id !== id)),
    [update],
  );

  const show = useCallback(
    ({ message, kind = 'info', duration }: ToastOptions) => {
      const same = list.current.find(
        (x) => x.kind === kind && typeof message === 'string' && x.message === message,
      );
      if (same) {
        update((current) => current.map((x) => (x.id === same.id ? { ...x, version: x.version + 1 } : x)));
        return same.id;
      }
      counter.current += 1;
      const fresh: Toast = {
        id: `toast-${counter.current}`,
        kind,
        message,
        duration: clamp(duration ?? DEFAULT_MS[kind]),
        version: 0,
      };
      update((current) => [...current, fresh].slice(-MAX_TOASTS));
      return fresh.id;
    },
    [update],
  );

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      success: (message, duration) => show({ message, kind: 'success', duration }),
      error: (message, duration) => show({ message, kind: 'error', duration }),
      warning: (message, duration) => show({ message, kind: 'warning', duration }),
      info: (message, duration) => show({ message, kind: 'info', duration }),
    }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <Region data-toast-region="">
        {toasts.map((x) => (
          <ToastItem key={x.id} toast={x} onDismiss={dismiss} />
        ))}
      </Region>
    </ToastContext.Provider>
  );
}

/** Shows toasts; must be used under {@link ToastProvider}. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() needs a <ToastProvider> above it');
  return api;
}
