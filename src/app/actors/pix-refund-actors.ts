/**
 * Composition root of the Pix refund dialog (row action of /PixExtractPage; 4-pix-part-two.md §2,
 * §3; issue 17): the refund call of src/api/pix-refunds.ts, the security code of every movement
 * and the settlement child every Pix send polls with (its return id is polled like a payment).
 */
import { fromPromise } from 'xstate';
import type { RefundPixInput, RefundPixOutput } from '../../../machines/pix/pix-refund.machine';
import { refundPixPayment } from '../../api/pix-refunds';
import type { FlowActors } from '../../runtime/flow-actors';
import { pixSettlement } from './pix-send-actors';
import { securityCodeActor } from './transfer-actors';

/** Actors of machines/pix/pix-refund.machine.ts. */
export const pixRefundActors = {
  refundPixPayment: fromPromise<RefundPixOutput, RefundPixInput>(({ input, signal }) =>
    refundPixPayment(
      input.accountId,
      input.body,
      { transactionSignature: input.transactionSignature, confirmationToken: input.confirmationToken },
      { signal },
    ),
  ),
  securityCode: securityCodeActor,
  pixSettlement,
};

/** What /PixExtractPage receives through FlowActorsProvider for its refund row action. */
export const pixRefundFlowActors = {
  'pix-refund': pixRefundActors,
} satisfies Partial<FlowActors>;
