/**
 * Composition root of the Pix send flows (3-pix-part-one.md §2 Send by key, Send by manual data,
 * Copy and paste; §4; §7; issue 16): each call of src/api/pix-send.ts once, as the actor the send
 * machines declare (machines/pix/pix-send-calls.ts), and the settlement child
 * (machines/pix/pix-settlement.machine.ts) with its two status calls. A send flow's table takes
 * what its machine declares from `pixSendCalls`, plus `pixSettlement`.
 */
import { fromPromise } from 'xstate';
import { buildPaymentStatusRequest } from '../../../machines/pix/pix-send-rules';
import type {
  DecodePixQrInput,
  DecodePixQrOutput,
  InternalPixInput,
  InternalPixOutput,
  ListPspsInput,
  ListPspsOutput,
  LookupPixKeyInput,
  LookupPixKeyOutput,
  PayPixQrInput,
  PayPixQrOutput,
  PixWithdrawalInput,
  PixWithdrawalOutput,
} from '../../../machines/pix/pix-send-calls';
import {
  pixSettlementMachine,
  type CheckPixTransactionInput,
  type CheckPixTransactionOutput,
  type QueryPixPaymentStatusInput,
  type QueryPixPaymentStatusOutput,
} from '../../../machines/pix/pix-settlement.machine';
import type { GetRecipientInput, GetRecipientOutput } from '../../../machines/pix/pix-send-key.machine';
import { lookupPixKey } from '../../api/pix-keys';
import { getRecipient } from '../../api/recipients';
import {
  checkPixTransaction,
  createInternalPix,
  createPixWithdrawal,
  decodePixQrCode,
  listPsps,
  payPixQrCode,
  queryPixPaymentStatus,
} from '../../api/pix-send';
import { config } from '../../runtime/config';
import type { FlowActors } from '../../runtime/flow-actors';
import { securityCodeActor } from './transfer-actors';

const headersOf = (i: { transactionSignature: string; confirmationToken: string }) => ({
  transactionSignature: i.transactionSignature,
  confirmationToken: i.confirmationToken,
});

/** Actors of machines/pix/pix-settlement.machine.ts. */
export const pixSettlementActors = {
  checkPixTransaction: fromPromise<CheckPixTransactionOutput, CheckPixTransactionInput>(({ input, signal }) =>
    checkPixTransaction(input.endToEndId, { signal }),
  ),
  // The fallback's body names this institution (serviceProviderId) as the sender, at this moment.
  queryPixPaymentStatus: fromPromise<QueryPixPaymentStatusOutput, QueryPixPaymentStatusInput>(
    ({ input, signal }) =>
      queryPixPaymentStatus(
        buildPaymentStatusRequest(config.serviceProviderId, input.endToEndId, new Date()),
        {
          signal,
        },
      ),
  ),
};

/** The settlement child every send flow invokes as `pixSettlement`. */
export const pixSettlement = pixSettlementMachine.provide({ actors: pixSettlementActors });

/** The calls of the send flows, by the actor names of machines/pix/pix-send-calls.ts. */
export const pixSendCalls = {
  createPixWithdrawal: fromPromise<PixWithdrawalOutput, PixWithdrawalInput>(({ input, signal }) =>
    createPixWithdrawal(input.accountId, input.body, headersOf(input), { signal }),
  ),
  createInternalPix: fromPromise<InternalPixOutput, InternalPixInput>(({ input, signal }) =>
    createInternalPix(input.accountId, input.body, headersOf(input), { signal }),
  ),
  payPixQrCode: fromPromise<PayPixQrOutput, PayPixQrInput>(({ input, signal }) =>
    payPixQrCode(input.accountId, input.body, headersOf(input), { signal }),
  ),
  listPsps: fromPromise<ListPspsOutput, ListPspsInput>(({ signal }) => listPsps({ signal })),
  decodePixQrCode: fromPromise<DecodePixQrOutput, DecodePixQrInput>(({ input, signal }) =>
    decodePixQrCode(input.body, { signal }),
  ),
  lookupPixKey: fromPromise<LookupPixKeyOutput, LookupPixKeyInput>(({ input, signal }) =>
    lookupPixKey(input.key, input.payerId, { signal }),
  ),
};

/** Actors of machines/pix/pix-send-key.machine.ts (/PixKey). */
export const pixSendKeyActors = {
  getRecipient: fromPromise<GetRecipientOutput, GetRecipientInput>(({ input, signal }) =>
    getRecipient(input.idRecipient, { signal }),
  ),
  lookupPixKey: pixSendCalls.lookupPixKey,
  createInternalPix: pixSendCalls.createInternalPix,
  createPixWithdrawal: pixSendCalls.createPixWithdrawal,
  securityCode: securityCodeActor,
  pixSettlement,
};

/** What the Pix send pages receive through FlowActorsProvider (src/app/routes.tsx). */
export const pixSendFlowActors = {
  'pix-settlement': pixSettlementActors,
  'pix-send-key': pixSendKeyActors,
  'pix-send-manual': {
    listPsps: pixSendCalls.listPsps,
    createPixWithdrawal: pixSendCalls.createPixWithdrawal,
    securityCode: securityCodeActor,
    pixSettlement,
  },
} satisfies Partial<FlowActors>;
