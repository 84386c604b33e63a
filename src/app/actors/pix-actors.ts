/**
 * Composition root of the Pix hub and key management (3-pix-part-one.md §2, §7): the real actors of
 * machines/pix/{pix-hub,pix-keys,pix-key-register}.machine.ts, each one call of src/api.
 */
import { fromPromise } from 'xstate';
import type {
  ClosePixTutorialInput,
  ClosePixTutorialOutput,
  GetDeviceStatusInput,
  GetDeviceStatusOutput,
  GetPixTutorialInput,
  GetPixTutorialOutput,
} from '../../../machines/pix/pix-hub.machine';
import {
  pixKeyRegisterMachine,
  type CheckPixKeysInput,
  type CheckPixKeysOutput,
  type CreatePixKeyInput,
  type CreatePixKeyOutput,
  type RegisterAliasInput,
  type RegisterAliasOutput,
  type RequestAliasCodeInput,
  type RequestAliasCodeOutput,
  type ValidateAliasOtpInput,
  type ValidateAliasOtpOutput,
} from '../../../machines/pix/pix-key-register.machine';
import type {
  DeletePixKeyInput,
  DeletePixKeyOutput,
  ListAliasesInput,
  ListAliasesOutput,
} from '../../../machines/pix/pix-keys.machine';
import { getMe } from '../../api/access';
import {
  checkPixKeys,
  closePixTutorial,
  createPixKey,
  deletePixKey,
  getPixTutorial,
  listAliases,
  registerAlias,
  requestAliasValidationCode,
  validateAliasOtp,
} from '../../api/pix-keys';
import type { FlowActors } from '../../runtime/flow-actors';
import { pixReceiveActors } from './pix-receive-actors';

/** Actors of machines/pix/pix-hub.machine.ts. */
export const pixHubActors = {
  getPixTutorial: fromPromise<GetPixTutorialOutput, GetPixTutorialInput>(({ input, signal }) =>
    getPixTutorial(input.accountId, { signal }),
  ),
  closePixTutorial: fromPromise<ClosePixTutorialOutput, ClosePixTutorialInput>(({ input, signal }) =>
    closePixTutorial(input, { signal }),
  ),
  // The device flag of the session (getMe's deviceValidated; docs/DESIGN.md "Pix keys"). An answer
  // without it says nothing against the device: validated.
  getDeviceStatus: fromPromise<GetDeviceStatusOutput, GetDeviceStatusInput>(async ({ signal }) => {
    const me = await getMe({ signal });
    return { validated: me.deviceValidated !== false };
  }),
};

/** Actors of machines/pix/pix-key-register.machine.ts. */
export const pixKeyRegisterActors = {
  checkPixKeys: fromPromise<CheckPixKeysOutput, CheckPixKeysInput>(({ input, signal }) =>
    checkPixKeys(input, { signal }),
  ),
  createPixKey: fromPromise<CreatePixKeyOutput, CreatePixKeyInput>(({ input, signal }) =>
    createPixKey(input.accountId, input.body, { signal }),
  ),
  registerAlias: fromPromise<RegisterAliasOutput, RegisterAliasInput>(({ input, signal }) =>
    registerAlias(input.accountId, input.body, { signal }),
  ),
  requestAliasCode: fromPromise<RequestAliasCodeOutput, RequestAliasCodeInput>(({ input, signal }) =>
    requestAliasValidationCode(input.accountId, input.body, { signal }),
  ),
  validateAliasOtp: fromPromise<ValidateAliasOtpOutput, ValidateAliasOtpInput>(({ input, signal }) =>
    validateAliasOtp(input.accountId, input.alias, input.body, { signal }),
  ),
};

/** Actors of machines/pix/pix-keys.machine.ts; the register dialog is its child, given its own. */
export const pixKeysActors = {
  listAliases: fromPromise<ListAliasesOutput, ListAliasesInput>(({ input, signal }) =>
    listAliases(input.accountId, { signal }),
  ),
  deletePixKey: fromPromise<DeletePixKeyOutput, DeletePixKeyInput>(({ input, signal }) =>
    deletePixKey(input.accountId, input.key, { signal }),
  ),
  registerKey: pixKeyRegisterMachine.provide({ actors: pixKeyRegisterActors }),
};

/** What the Pix pages receive through FlowActorsProvider (src/app/routes.tsx). */
export const pixFlowActors = {
  'pix-hub': pixHubActors,
  'pix-keys': pixKeysActors,
  'pix-receive': pixReceiveActors,
} satisfies Partial<FlowActors>;
