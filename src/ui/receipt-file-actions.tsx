/**
 * Download and share of a movement's receipt on its success screen (issue 32; the buttons and
 * what they do: src/ui/receipt-file-buttons.tsx). They load when the success screen is drawn, not
 * with the page, so a movement's first load does not carry them.
 */
import { lazy, Suspense } from 'react';
import type { ReceiptFileActionsProps } from './receipt-file-buttons';

export type { ReceiptFileActionsProps };

const Buttons = lazy(() => import('./receipt-file-buttons'));

export function ReceiptFileActions(props: ReceiptFileActionsProps) {
  return (
    <Suspense fallback={null}>
      <Buttons {...props} />
    </Suspense>
  );
}
