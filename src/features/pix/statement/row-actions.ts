/**
 * The row actions of the Pix statement (/PixExtractPage; 3-pix-part-one.md §2 Pix statement, §5
 * "Statement row actions"): the slot the page renders per row, after the row's receipt button.
 *
 * Each action is one entry: its id, the i18n key (pix.json) of its icon button's accessible name,
 * its icon, the rule that shows it (machines/pix/pix-statement-rules.ts) and its dialog, imported
 * lazily so its code loads on first use. An action is added here once its dialog exists, so the
 * refund and fraud icons appear only with their dialogs. The receipt is not in this list: it is
 * the statement table's own receipt column (the same button and dialog as /Statement, in its Pix
 * variant), which this area may not import.
 *
 * The page (src/features/statement/pix-statement-page.tsx) receives this list from the route
 * (src/app/pix-statement-route.tsx), since the two areas may not import each other.
 */
import { lazy } from 'react';
import { canRefund, canReport, type PixStatementEntry } from '../../../../machines/pix/pix-statement-rules';
import type { RowAction, RowDialogProps } from '../../../ui/row-actions';

export type { PixStatementEntry };

/** What a row action's dialog receives: the entry, and `onClose(changed)` (true: the list reloads). */
export type PixRowDialogProps = RowDialogProps<PixStatementEntry>;

/** One row action of the Pix statement. */
export type PixRowAction = RowAction<PixStatementEntry>;

/** The row actions, in the order their icons appear after the receipt button. */
export const PIX_ROW_ACTIONS: readonly PixRowAction[] = [
  // 4-pix-part-two.md §2 refund dialog, §5 Refund: a received Pix within 90 days, not fully refunded.
  {
    id: 'refund',
    labelKey: 'PIX.REFUND.ACTION',
    tipKey: 'PIX.REFUND.ACTION_TIP',
    icon: 'refund',
    available: canRefund,
    Dialog: lazy(() => import('./pix-refund-dialog')),
  },

  // 'report' (3-pix-part-one.md §2 Report infraction dialog; canReport).
  {
    id: 'report',
    labelKey: 'PIX_INFRACTION.ROW_ACTION',
    tipKey: 'PIX_INFRACTION.ROW_ACTION_TIP',
    icon: 'report',
    available: canReport,
    Dialog: lazy(() => import('./pix-infraction-dialog')),
  },
];
