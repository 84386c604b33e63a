/**
 * The recipient book's dialog on the transfer screens (./recipient-book-dialog.tsx), loaded when
 * the customer opens it (issue 26: the book and its rows are 12 KB gzipped that /TransferToBank
 * and /TransferToBrinks do not draw at first paint). The button that opens it prefetches it on
 * hover and focus (`preloadRecipientBookDialog`), so it usually opens at once; until it is there a
 * live status says 'Carregando...'. A failed fetch (offline, a new deploy) reaches the shell's
 * error boundary, as any page chunk's does, and the next opening asks again.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingOverlay } from '../../ui/loading-overlay';
import type { RecipientBookDialogProps } from './recipient-book-dialog';

type BookDialog = ComponentType<RecipientBookDialogProps>;

let loaded: BookDialog | undefined;
let pending: Promise<BookDialog> | undefined;

/** Fetches the dialog's chunk once (a failed fetch is asked again by the next call). */
export function preloadRecipientBookDialog(): Promise<BookDialog> {
  if (!pending) {
    pending = import('./recipient-book-dialog').then((m) => (loaded = m.RecipientBookDialog));
    pending.catch(() => (pending = undefined));
  }
  return pending;
}

const lazyDialog = (): LazyExoticComponent<BookDialog> =>
  lazy(() => preloadRecipientBookDialog().then((dialog) => ({ default: dialog })));

let LazyDialog = lazyDialog();

/**
 * Forgets the loaded chunk, as a fresh page would have it: the view tests share one module
 * registry per worker (tests/setup/views.ts).
 */
export function forgetRecipientBookDialog(): void {
  loaded = undefined;
  pending = undefined;
  LazyDialog = lazyDialog();
}

/** {@link RecipientBookDialog}, fetched when first opened. */
export function RecipientBookPicker(props: RecipientBookDialogProps) {
  const { t } = useTranslation();
  if (!props.open) return null;
  if (loaded) {
    const Dialog = loaded;
    return <Dialog {...props} />;
  }
  return (
    <Suspense fallback={<LoadingOverlay open label={t('COMMON.LOADING')} />}>
      <LazyDialog {...props} />
    </Suspense>
  );
}
