/**
 * Composition root of the transfers area: the real actors of machines/transfers, each one operation
 * of the contract (src/api/operation.ts). Keys are the machines' actor names (their
 * `setup({ actors })`); the security-code child is given with its own actor, so every flow that
 * invokes it checks codes the same way.
 */
import { securityCodeMachine } from '../../../machines/transfers/security-code.machine';
import { movementHeader } from '../../api/movement-call';
import { fromOperation } from '../../api/operation';
import type { ActorsOf, FlowActors } from '../../runtime/flow-actors';

/** The security-code child with its real call (machines/transfers/security-code.machine.ts). */
export const securityCodeActor = securityCodeMachine.provide({
  actors: {
    validateTotp: fromOperation('validateTotp', ({ accountId, body }) => ({ path: { accountId }, body })),
  } satisfies ActorsOf<typeof securityCodeMachine>,
});

/** Actors of machines/transfers/bank-transfer.machine.ts. */
export const bankTransferActors = {
  securityCode: securityCodeActor,
  createWithdrawal: fromOperation('createWithdrawal', (input) => ({
    path: { accountId: input.accountId },
    header: movementHeader(input),
    body: input.body,
  })),
  createRecipient: fromOperation('createRecipient', ({ body }) => ({ body })),
} satisfies FlowActors['bank-transfer'];

/** Actors of machines/transfers/company-transfer.machine.ts. */
export const companyTransferActors = {
  securityCode: securityCodeActor,
  lookupContact: fromOperation('getContactUser', ({ cnpj }) => ({
    path: { cnpjOrId: cnpj },
    query: { isAddFavored: false },
  })),
  createPayment: fromOperation('createPayment', (input) => ({
    header: movementHeader(input),
    body: input.body,
  })),
} satisfies FlowActors['company-transfer'];

/** What the transfer pages receive through FlowActorsProvider (src/app/routes.tsx). */
export const transferFlowActors = {
  'bank-transfer': bankTransferActors,
  'company-transfer': companyTransferActors,
} satisfies Partial<FlowActors>;
