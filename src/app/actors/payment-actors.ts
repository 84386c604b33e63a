/**
 * Composition root of the bill-payment area: the real actors of machines/payments, each one call
 * of src/api. The security-code child is the transfers' one (the same dialog and check for every
 * movement, docs/JOURNAL.md "Money movements").
 */
import { fromPromise } from 'xstate';
import type {
  GetBillDetailsInput,
  GetBillDetailsOutput,
  PayBillInput,
  PayBillOutput,
} from '../../../machines/payments/bill-payment.machine';
import { getBillDetails } from '../../api/bills';
import { createWithdrawal } from '../../api/transfers';
import type { FlowActors } from '../../runtime/flow-actors';
import { securityCodeActor } from './transfer-actors';

/** Actors of machines/payments/bill-payment.machine.ts. */
export const billPaymentActors = {
  securityCode: securityCodeActor,
  getBillDetails: fromPromise<GetBillDetailsOutput, GetBillDetailsInput>(({ input, signal }) =>
    getBillDetails(input.body, { signal }),
  ),
  payBill: fromPromise<PayBillOutput, PayBillInput>(({ input, signal }) =>
    createWithdrawal(
      input.accountId,
      input.body,
      { transactionSignature: input.transactionSignature, confirmationToken: input.confirmationToken },
      { signal },
    ),
  ),
};

/** What the bill-payment page receives through FlowActorsProvider (src/app/routes.tsx). */
export const paymentFlowActors = {
  'bill-payment': billPaymentActors,
} satisfies Partial<FlowActors>;
