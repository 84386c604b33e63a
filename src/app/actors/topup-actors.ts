/**
 * Composition root of the top-up area: the real actors of machines/topup, each one operation of
 * the contract (src/api/operation.ts). Keys are the machine's actor names (its `setup({ actors })`).
 */
import { fromOperation } from '../../api/operation';
import type { FlowActors } from '../../runtime/flow-actors';

/** Actors of machines/topup/mobile-top-up.machine.ts (`areaCode` is the DDD prefixed with 0). */
export const mobileTopUpActors = {
  listCarriers: fromOperation('listTopupCarriers', ({ areaCode }) => ({ path: { areaCode } })),
  listValues: fromOperation('listTopupValues', ({ areaCode, carrierId }) => ({
    path: { areaCode, carrierId },
  })),
  // No security code: openapi/portal.yaml createRecharge; a repeated externalIdentifier gets the first answer.
  createRecharge: fromOperation('createRecharge', ({ accountHolderId, accountId, body }) => ({
    path: { accountHolderId, accountId },
    body,
  })),
} satisfies FlowActors['mobile-top-up'];

/** What the top-up page receives through FlowActorsProvider (src/app/routes.tsx). */
export const topupFlowActors = {
  'mobile-top-up': mobileTopUpActors,
} satisfies Partial<FlowActors>;
