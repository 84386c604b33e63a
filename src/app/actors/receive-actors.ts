/**
 * Composition root of the receive area: the real actor of machines/receive/receive-check.machine.ts,
 * one call of src/api.
 */
import { fromPromise } from 'xstate';
import type { RedeemCheckInput, RedeemCheckOutput } from '../../../machines/receive/receive-check.machine';
import { redeemDigitalCheck } from '../../api/transfers';
import type { FlowActors } from '../../runtime/flow-actors';

/** Actors of machines/receive/receive-check.machine.ts. */
export const receiveCheckActors = {
  redeemCheck: fromPromise<RedeemCheckOutput, RedeemCheckInput>(({ input, signal }) =>
    redeemDigitalCheck(input.body, { signal }),
  ),
};

/** What /Receive receives through FlowActorsProvider (src/app/routes.tsx). */
export const receiveFlowActors = {
  'receive-check': receiveCheckActors,
} satisfies Partial<FlowActors>;
