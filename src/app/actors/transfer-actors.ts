/**
 * Composition root of the transfers area: the real actors of machines/transfers, each one call of
 * src/api. Keys are the machines' actor names (their `setup({ actors })`); the security-code child
 * is given with its own actor, so every flow that invokes it checks codes the same way.
 */
import { fromPromise } from 'xstate';
import type {
  CreateRecipientInput,
  CreateRecipientOutput,
  CreateWithdrawalInput,
  CreateWithdrawalOutput,
} from '../../../machines/transfers/bank-transfer.machine';
import type {
  CreatePaymentInput,
  CreatePaymentOutput,
  LookupContactInput,
  LookupContactOutput,
} from '../../../machines/transfers/company-transfer.machine';
import {
  securityCodeMachine,
  type ValidateTotpInput,
  type ValidateTotpOutput,
} from '../../../machines/transfers/security-code.machine';
import { createRecipient, getContactUser } from '../../api/recipients';
import type { FlowActors } from '../../runtime/flow-actors';
import { createPayment, createWithdrawal, validateTotp } from '../../api/transfers';

/** The security-code child with its real call (machines/transfers/security-code.machine.ts). */
export const securityCodeActor = securityCodeMachine.provide({
  actors: {
    validateTotp: fromPromise<ValidateTotpOutput, ValidateTotpInput>(({ input, signal }) =>
      validateTotp(input.accountId, input.body, { signal }),
    ),
  },
});

/** Actors of machines/transfers/bank-transfer.machine.ts. */
export const bankTransferActors = {
  securityCode: securityCodeActor,
  createWithdrawal: fromPromise<CreateWithdrawalOutput, CreateWithdrawalInput>(({ input, signal }) =>
    createWithdrawal(
      input.accountId,
      input.body,
      { transactionSignature: input.transactionSignature, confirmationToken: input.confirmationToken },
      { signal },
    ),
  ),
  createRecipient: fromPromise<CreateRecipientOutput, CreateRecipientInput>(({ input, signal }) =>
    createRecipient(input.body, { signal }),
  ),
};

/** Actors of machines/transfers/company-transfer.machine.ts. */
export const companyTransferActors = {
  securityCode: securityCodeActor,
  lookupContact: fromPromise<LookupContactOutput, LookupContactInput>(({ input, signal }) =>
    getContactUser(input.cnpj, false, { signal }),
  ),
  createPayment: fromPromise<CreatePaymentOutput, CreatePaymentInput>(({ input, signal }) =>
    createPayment(
      input.body,
      { transactionSignature: input.transactionSignature, confirmationToken: input.confirmationToken },
      { signal },
    ),
  ),
};

/** What the transfer pages receive through FlowActorsProvider (src/app/routes.tsx). */
export const transferFlowActors = {
  'bank-transfer': bankTransferActors,
  'company-transfer': companyTransferActors,
} satisfies Partial<FlowActors>;
