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
import { loadOnce } from '../../runtime/load-once';
import { LoadingOverlay } from '../../ui/loading-overlay';
import type { RecipientBookDialogProps } from './recipient-book-dialog';

type BookDialog = ComponentType<RecipientBookDialogProps>;

const bookDialog = loadOnce<BookDialog>(() =>
  import('./recipient-book-dialog').then((m) => m.RecipientBookDialog),
);

/** Fetches the dialog's chunk once (a failed fetch is asked again by the next call). */
export const preloadRecipientBookDialog = bookDialog.load;

const lazyDialog = (): LazyExoticComponent<BookDialog> =>
  lazy(() => preloadRecipientBookDialog().then((dialog) => ({ default: dialog })));

let LazyDialog = lazyDialog();

/**
 * Forgets the loaded chunk, as a fresh page would have it: the view tests share one module
 * registry per worker (tests/setup/views.ts).
 */
export function forgetRecipientBookDialog(): void {
  bookDialog.forget();
  LazyDialog = lazyDialog();
}

/** {@link RecipientBookDialog}, fetched when first opened. */
export function RecipientBookPicker(props: RecipientBookDialogProps) {
  const { t } = useTranslation();
  if (!props.open) return null;
  const Dialog = bookDialog.loaded();
  if (Dialog) {
    return <Dialog {...props} />;
  }
  return (
    <Suspense fallback={<LoadingOverlay open label={t('COMMON.LOADING')} />}>
      <LazyDialog {...props} />
    </Suspense>
  );
}
