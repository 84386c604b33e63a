/**
 * Composition root of the receive area: the real actor of machines/receive/receive-check.machine.ts,
 * each one operation of the contract (src/api/operation.ts).
 */
import { fromOperation } from '../../api/operation';
import type { FlowActors } from '../../runtime/flow-actors';

/** Actors of machines/receive/receive-check.machine.ts. */
export const receiveCheckActors = {
  // POST /payments (DigitalCheck) into the caller's own account: no S-Transaction and no
  // S-Confirmation, the customer receives money (openapi createPayment). A repeated
  // externalIdentifier gets the first answer, so a retry never credits a check twice.
  redeemCheck: fromOperation('createPayment', ({ body }) => ({ body })),
  // Who issued the check, before it is received (issue 32 item 7): a read, nothing moves.
  lookUpCheck: fromOperation('getDigitalCheck', ({ accountId, document }) => ({
    path: { accountId },
    query: { document },
  })),
} satisfies FlowActors['receive-check'];

/** What /Receive receives through FlowActorsProvider (src/app/routes.tsx). */
export const receiveFlowActors = {
  'receive-check': receiveCheckActors,
} satisfies Partial<FlowActors>;
