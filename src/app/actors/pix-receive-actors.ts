/**
 * Composition root of receive by QR (/PixReceive; 3-pix-part-one.md §2 Receive, §7; issue 17): the
 * actors machines/pix/pix-receive.machine.ts declares: the keys with the call of key management
 * (src/api/pix-keys.ts), the charges with src/api/pix-receive.ts. Listed in the Pix area's table
 * (pix-actors.ts), which the route loads with the page.
 */
import { fromPromise } from 'xstate';
import type { ListAliasesInput, ListAliasesOutput } from '../../../machines/pix/pix-keys.machine';
import type {
  CreateDueDateChargeInput,
  CreateDueDateChargeOutput,
  CreateImmediateChargeInput,
  CreateImmediateChargeOutput,
  CreateStaticChargeInput,
  CreateStaticChargeOutput,
} from '../../../machines/pix/pix-receive.machine';
import { listAliases } from '../../api/pix-keys';
import { createDueDateCharge, createImmediateCharge, createStaticCharge } from '../../api/pix-receive';

/** Actors of machines/pix/pix-receive.machine.ts. */
export const pixReceiveActors = {
  // The call of key management (/ManageKeys), for the account's active keys.
  listAliases: fromPromise<ListAliasesOutput, ListAliasesInput>(({ input, signal }) =>
    listAliases(input.accountId, { signal }),
  ),
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
