/**
 * The moment a Pix receipt shows (issue 32: the same Pix at 00:01:47 in the success dialog and at
 * 00:01:32 in its statement receipt). One instant, the bank's: when it made the payment
 * (`madeAt`, from its answer: the statement entry's time). Only when no answer gave it (the
 * fallback status call carries none) the moment the result was learnt stands in, taken once, not
 * each time the dialog draws.
 */
import { useRef } from 'react';
import type { PixSettlementOutput } from '../../../../machines/pix/pix-settlement.machine';

/** The receipt's instant (ISO) for a result view; null while there is no result. */
export function useReceiptInstant(
  view: string | null,
  settlement: Pick<PixSettlementOutput, 'madeAt'> | null,
): string | null {
  const learnt = useRef<string | null>(null);
  if (view !== null && view !== 'settling' && learnt.current === null)
    learnt.current = new Date().toISOString();
  return settlement?.madeAt ?? learnt.current;
}
