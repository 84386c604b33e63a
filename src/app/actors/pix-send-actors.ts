/**
 * Composition root of the Pix send flows (3-pix-part-one.md §2 Send by key, Send by manual data,
 * Copy and paste; §4; §7; issue 16): each operation of the send flows once, as the actor the send
 * machines declare (machines/pix/pix-send-calls.ts), and the settlement child
 * (machines/pix/pix-settlement.machine.ts) with its two status calls. A send flow's table takes
 * what its machine declares from `pixSendCalls`, plus `pixSettlement`. Every movement carries
 * S-Transaction and S-Confirmation (src/api/movement-call.ts); a repeated externalIdentifier gets
 * the bank's first answer.
 */
import { buildPaymentStatusRequest } from '../../../machines/pix/pix-send-rules';
import { pixSettlementMachine } from '../../../machines/pix/pix-settlement.machine';
import { movementHeader } from '../../api/movement-call';
import { fromOperation } from '../../api/operation';
import { config } from '../../runtime/config';
import type { ActorsOf, FlowActors } from '../../runtime/flow-actors';
import { securityCodeActor } from './transfer-actors';

/** Actors of machines/pix/pix-settlement.machine.ts. */
export const pixSettlementActors = {
  // ACSP, ACSC or RJCT (with the reason).
  checkPixTransaction: fromOperation('checkPixTransaction', ({ endToEndId }) => ({ path: { endToEndId } })),
  // The fallback (ERR when unavailable). Its body names this institution (serviceProviderId) as the
  // sender, at this moment.
  queryPixPaymentStatus: fromOperation('queryPixPaymentStatus', ({ endToEndId }) => ({
    body: buildPaymentStatusRequest(config.serviceProviderId, endToEndId, new Date()),
  })),
} satisfies ActorsOf<typeof pixSettlementMachine>;

/** The settlement child every send flow invokes as `pixSettlement`. */
export const pixSettlement = pixSettlementMachine.provide({ actors: pixSettlementActors });

/** The calls of the send flows, by the actor names of machines/pix/pix-send-calls.ts. */
export const pixSendCalls = {
  // POST /account/{accountId}/withdraw with one pacs.008 (by key DICT or manual data MANU): the
  // same operation, body and headers as a TED.
  createPixWithdrawal: fromOperation('createWithdrawal', (input) => ({
    path: { accountId: input.accountId },
    header: movementHeader(input),
    body: input.body,
  })),
  // A key held at this bank (credited at once).
  createInternalPix: fromOperation('createInternalPix', (input) => ({
    path: { accountId: input.accountId },
    header: movementHeader(input),
    body: input.body,
  })),
  // Pays a decoded code (QRES / QRDN).
  payPixQrCode: fromOperation('payPixQrCode', (input) => ({
    path: { accountId: input.accountId },
    header: movementHeader(input),
    body: input.body,
  })),
  // The Pix participants (unsorted; the view sorts by name).
  listPsps: fromOperation('listPsps', () => ({})),
  // A pasted BR Code, decoded and checked by the bank.
  decodePixQrCode: fromOperation('decodePixQrCode', ({ body }) => ({ body })),
  // A key's DICT entry before paying it (the owner's CPF masked); 404 when not found or not ACTIVE,
  // 429 past the lookup budget (issue 16, send by key).
  lookupPixKey: fromOperation('lookupPixKey', ({ key, payerId }) => ({
    query: { keyId: key, payerId, includeStatistics: false },
  })),
} satisfies Pick<FlowActors['pix-send-key'], 'createPixWithdrawal' | 'createInternalPix' | 'lookupPixKey'> &
  Pick<FlowActors['pix-send-manual'], 'listPsps'> &
  Pick<FlowActors['pix-copy-paste'], 'decodePixQrCode' | 'payPixQrCode'>;

/** Actors of machines/pix/pix-send-key.machine.ts (/PixKey). */
export const pixSendKeyActors = {
  getRecipient: fromOperation('getRecipient', ({ idRecipient }) => ({ path: { idRecipient } })),
  lookupPixKey: pixSendCalls.lookupPixKey,
  createInternalPix: pixSendCalls.createInternalPix,
  createPixWithdrawal: pixSendCalls.createPixWithdrawal,
  securityCode: securityCodeActor,
  pixSettlement,
} satisfies FlowActors['pix-send-key'];

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
