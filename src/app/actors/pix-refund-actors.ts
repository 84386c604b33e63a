/**
 * Composition root of the Pix refund dialog (row action of /PixExtractPage; 4-pix-part-two.md §2,
 * §3; issue 17): the refund operation (S-Transaction and S-Confirmation like every movement), the
 * security code of every movement and the settlement child every Pix send polls with (its return
 * id is polled like a payment).
 */
import type { FlowActors } from '../../runtime/flow-actors';
import { movementHeader } from '../../api/movement-call';
import { fromOperation } from '../../api/operation';
import { pixSettlement } from './pix-send-actors';
import { securityCodeActor } from './transfer-actors';

/** Actors of machines/pix/pix-refund.machine.ts. */
export const pixRefundActors = {
  refundPixPayment: fromOperation('refundPixPayment', (input) => ({
    path: { accountId: input.accountId },
    header: movementHeader(input),
    body: input.body,
  })),
  securityCode: securityCodeActor,
  pixSettlement,
} satisfies FlowActors['pix-refund'];

/** What /PixExtractPage receives through FlowActorsProvider for its refund row action. */
export const pixRefundFlowActors = {
  'pix-refund': pixRefundActors,
} satisfies Partial<FlowActors>;
