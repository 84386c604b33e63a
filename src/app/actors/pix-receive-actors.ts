/**
 * Composition root of receive by QR (/PixReceive; 3-pix-part-one.md §2 Receive, §7; issue 17): the
 * actors machines/pix/pix-receive.machine.ts declares. The keys are read with the call of key
 * management (pix-actors.ts), the charges with src/api/pix-receive.ts.
 */
import { fromPromise } from 'xstate';
import type {
  CreateDueDateChargeInput,
  CreateDueDateChargeOutput,
  CreateImmediateChargeInput,
  CreateImmediateChargeOutput,
  CreateStaticChargeInput,
  CreateStaticChargeOutput,
} from '../../../machines/pix/pix-receive.machine';
import { createDueDateCharge, createImmediateCharge, createStaticCharge } from '../../api/pix-receive';
import type { FlowActors } from '../../runtime/flow-actors';
import { pixKeysActors } from './pix-actors';

/** Actors of machines/pix/pix-receive.machine.ts. */
export const pixReceiveActors = {
  listAliases: pixKeysActors.listAliases,
  createImmediateCharge: fromPromise<CreateImmediateChargeOutput, CreateImmediateChargeInput>(
    ({ input, signal }) => createImmediateCharge(input.body, { signal }),
  ),
  createDueDateCharge: fromPromise<CreateDueDateChargeOutput, CreateDueDateChargeInput>(({ input, signal }) =>
    createDueDateCharge(input.accountId, input.body, { signal }),
  ),
  createStaticCharge: fromPromise<CreateStaticChargeOutput, CreateStaticChargeInput>(({ input, signal }) =>
    createStaticCharge(input.body, { signal }),
  ),
};

/** What the receive page receives through FlowActorsProvider (src/app/routes.tsx). */
export const pixReceiveFlowActors = {
  'pix-receive': pixReceiveActors,
} satisfies Partial<FlowActors>;
