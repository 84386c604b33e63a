/**
 * Printing the statement and its receipts (1-access-shell-statement.md §2 "Buttons EXPORTAR and
 * IMPRIMIR"; §8 "Print failure: logged only").
 *
 * The screen's list is windowed (only the rows in view exist), so a printout needs every row: the
 * page renders a plain print table while printing. "While printing" is known three ways: the
 * IMPRIMIR button (rendered synchronously before window.print), the browser's beforeprint and
 * afterprint events (Ctrl+P), and a print media query change (emulated print media in tests).
 */
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/** Calls window.print(); a failure is logged, never thrown (§8). Returns whether it ran. */
export function printWindow(): boolean {
  try {
    if (typeof window.print !== 'function') throw new Error('window.print is not available');
    window.print();
    return true;
  } catch (error) {
    console.error('[statement] print failed', error);
    return false;
  }
}

/**
 * Whether the page is being printed, and a `print()` that renders the print-only content first.
 * `enabled` false ignores the browser's print events (a receipt dialog prints itself).
 */
export function usePrintMode(enabled = true): { printing: boolean; print: () => void } {
  const [printing, setPrinting] = useState(false);

  useEffect(() => {
    if (!enabled || typeof window === 'undefined') return undefined;
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    const query = typeof window.matchMedia === 'function' ? window.matchMedia('print') : null;
    const onMedia = (e: MediaQueryListEvent) => setPrinting(e.matches);
    query?.addEventListener?.('change', onMedia);
    if (query?.matches) setPrinting(true);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
      query?.removeEventListener?.('change', onMedia);
    };
  }, [enabled]);

  const print = () => {
    flushSync(() => setPrinting(true));
    printWindow();
    // Browsers that print asynchronously send afterprint; the rest return from print() when done.
    setPrinting(false);
  };

  return { printing, print };
}
