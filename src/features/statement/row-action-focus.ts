import { useEffect, useRef } from 'react';

/** The row action whose dialog is open: the entry's transaction id and the action's id. */
export interface RowActionTarget {
  transactionId: string | undefined;
  actionId: string;
}

/** The button to give focus back to: the action's, else the row's first button, else the list. */
function returnTarget(t: RowActionTarget): HTMLElement | null {
  const row = [...document.querySelectorAll<HTMLElement>('[data-entry-row]')].find(
    (r) => t.transactionId !== undefined && r.dataset['entryId'] === t.transactionId,
  );
  const action = [...(row?.querySelectorAll<HTMLElement>('[data-row-action]') ?? [])].find(
    (b) => b.dataset['rowAction'] === t.actionId,
  );
  return (
    action ??
    row?.querySelector<HTMLElement>('button') ??
    document.querySelector<HTMLElement>('[data-statement-body][tabindex], h1')
  );
}

/**
 * After a row action's dialog closes (the Pix refund, the fraud report), focus goes back to the
 * button that opened it (issue 32: it fell to <body>). The dialog gives focus back to its opener
 * when it can, but a refund reloads the list and its rows are drawn anew: once the list is
 * `listed` again (`entries` anew) and focus was left nowhere, the same action of the same entry takes it, or the
 * entry's first button when the action is no longer offered (fully refunded), or the list.
 */
export function useFocusBackToRow(
  actionId: string | undefined,
  transactionId: string | undefined,
  listed: boolean,
  entries: unknown,
): void {
  const pending = useRef<RowActionTarget | null>(null);
  const last = useRef<RowActionTarget | null>(null);
  useEffect(() => {
    if (actionId) {
      last.current = { actionId, transactionId };
      pending.current = null;
    } else if (last.current) {
      pending.current = last.current;
      last.current = null;
    }
  }, [actionId, transactionId]);
  useEffect(() => {
    if (!listed || !pending.current) return undefined;
    const target = pending.current;
    // After React has run the dialog's own clean-up, which gives focus back to its opener if it can.
    const timer = setTimeout(() => {
      const active = document.activeElement;
      if (!active || active === document.body) returnTarget(target)?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [actionId, listed, entries]);
}
