/**
 * Composition root of the top-up area: the real actors of machines/topup, each one call of
 * src/api/topup.ts. Keys are the machine's actor names (its `setup({ actors })`).
 */
import { fromPromise } from 'xstate';
import type {
  CreateRechargeInput,
  CreateRechargeOutput,
  ListCarriersInput,
  ListCarriersOutput,
  ListValuesInput,
  ListValuesOutput,
} from '../../../machines/topup/mobile-top-up.machine';
import { createRecharge, listTopupCarriers, listTopupValues } from '../../api/topup';
import type { FlowActors } from '../../runtime/flow-actors';

/** Actors of machines/topup/mobile-top-up.machine.ts. */
export const mobileTopUpActors = {
  listCarriers: fromPromise<ListCarriersOutput, ListCarriersInput>(({ input, signal }) =>
    listTopupCarriers(input.areaCode, { signal }),
  ),
  listValues: fromPromise<ListValuesOutput, ListValuesInput>(({ input, signal }) =>
    listTopupValues(input.areaCode, input.carrierId, { signal }),
  ),
  createRecharge: fromPromise<CreateRechargeOutput, CreateRechargeInput>(({ input, signal }) =>
    createRecharge(input.accountHolderId, input.accountId, input.body, { signal }),
  ),
};

/** What the top-up page receives through FlowActorsProvider (src/app/routes.tsx). */
export const topupFlowActors = {
  'mobile-top-up': mobileTopUpActors,
} satisfies Partial<FlowActors>;
