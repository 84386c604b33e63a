/**
 * Composition root of the bill-payment area: the real actors of machines/payments, each one
 * operation of the contract (src/api/operation.ts). The security-code child is the transfers' one
 * (the same dialog and check for every movement, docs/JOURNAL.md "Money movements").
 */
import { movementHeader } from '../../api/movement-call';
import { fromOperation } from '../../api/operation';
import type { FlowActors } from '../../runtime/flow-actors';
import { securityCodeActor } from './transfer-actors';

/** Actors of machines/payments/bill-payment.machine.ts. */
export const billPaymentActors = {
  securityCode: securityCodeActor,
  getBillDetails: fromOperation('getBillDetails', ({ body }) => ({ body })),
  // Paying a bill is a withdrawal (withdrawType Boleto or Utilities).
  payBill: fromOperation('createWithdrawal', (input) => ({
    path: { accountId: input.accountId },
    header: movementHeader(input),
    body: input.body,
  })),
} satisfies FlowActors['bill-payment'];

/** What the bill-payment page receives through FlowActorsProvider (src/app/routes.tsx). */
export const paymentFlowActors = {
  'bill-payment': billPaymentActors,
} satisfies Partial<FlowActors>;
