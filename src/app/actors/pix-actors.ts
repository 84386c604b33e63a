/**
 * Composition root of the Pix hub and key management (3-pix-part-one.md §2, §7): the real actors of
 * machines/pix/{pix-hub,pix-keys,pix-key-register}.machine.ts, each one call of src/api.
 */
import { fromPromise } from 'xstate';
import { pixKeyRegisterMachine } from '../../../machines/pix/pix-key-register.machine';
import { callOperation, fromOperation } from '../../api/operation';
import type { ActorsOf, FlowActors } from '../../runtime/flow-actors';
import { pixReceiveActors } from './pix-receive-actors';

/** Actors of machines/pix/pix-hub.machine.ts. */
export const pixHubActors = {
  // null until the holder closes the tutorial.
  getPixTutorial: fromOperation('getPixTutorial', ({ accountId }) => ({ path: { accountId } })),
  closePixTutorial: fromOperation('closePixTutorial', (body) => ({ body })),
  // The device flag of the session (getMe's deviceValidated; docs/JOURNAL.md "Pix keys"). An answer
  // without it says nothing against the device: validated.
  getDeviceStatus: fromPromise(async ({ signal }) => {
    const me = await callOperation('getMe', {}, { signal });
    return { validated: me.deviceValidated !== false };
  }),
} satisfies FlowActors['pix-hub'];

/** Actors of machines/pix/pix-key-register.machine.ts. */
export const pixKeyRegisterActors = {
  checkPixKeys: fromOperation('checkPixKeys', (body) => ({ body })),
  // A CPF, CNPJ or random key.
  createPixKey: fromOperation('createPixKey', ({ accountId, body }) => ({ path: { accountId }, body })),
  // A phone or e-mail key, which then awaits its 'Código de Chave'.
  registerAlias: fromOperation('registerAlias', ({ accountId, body }) => ({ path: { accountId }, body })),
  requestAliasCode: fromOperation('requestAliasValidationCode', ({ accountId, body }) => ({
    path: { accountId },
    body,
  })),
  validateAliasOtp: fromOperation('validateAliasOtp', ({ accountId, alias, body }) => ({
    path: { accountId, alias },
    body,
  })),
} satisfies ActorsOf<typeof pixKeyRegisterMachine>;

/** Actors of machines/pix/pix-keys.machine.ts; the register dialog is its child, given its own. */
export const pixKeysActors = {
  listAliases: fromOperation('listAliases', ({ accountId }) => ({ path: { accountId } })),
  // The key is URL-encoded by the client.
  deletePixKey: fromOperation('deletePixKey', ({ accountId, key }) => ({
    path: { accountId, key },
    query: { reason: 'USER_REQUESTED' as const },
  })),
  registerKey: pixKeyRegisterMachine.provide({ actors: pixKeyRegisterActors }),
} satisfies FlowActors['pix-keys'];

/** What the Pix pages receive through FlowActorsProvider (src/app/routes.tsx). */
export const pixFlowActors = {
  'pix-hub': pixHubActors,
  'pix-keys': pixKeysActors,
  'pix-receive': pixReceiveActors,
} satisfies Partial<FlowActors>;
