/**
 * The calls a Pix send flow declares (3-pix-part-one.md §7; contract tag pix-payments), typed once
 * so that /PixKey, /PixManual and /PixCopyPaste declare the same actors
 * (`mustProvide<PixWithdrawalOutput, PixWithdrawalInput>('createPixWithdrawal')`) and the
 * composition root implements each once (src/app/actors/pix-send-actors.ts `pixSendCalls`).
 * A movement's input carries its body as sent and the two security headers.
 */
import type { components } from '../../openapi/portal';

type Schemas = components['schemas'];

/** S-Transaction (machines/validators/transfer.ts) and S-Confirmation (the security code's token). */
export interface PixMovementHeaders {
  transactionSignature: string;
  confirmationToken: string;
}

/** createWithdrawal with the InstantPayment body (by key DICT, manual data MANU). */
export interface PixWithdrawalInput extends PixMovementHeaders {
  accountId: string;
  body: Schemas['WithdrawRequest'];
}
export type PixWithdrawalOutput = Schemas['WithdrawResult'];

/** createInternalPix (a key held at this bank). */
export interface InternalPixInput extends PixMovementHeaders {
  accountId: string;
  body: Schemas['InternalPixRequest'];
}
export type InternalPixOutput = Schemas['TransactionResult'];

/** payPixQrCode (copy-and-paste, QRES / QRDN). */
export interface PayPixQrInput extends PixMovementHeaders {
  accountId: string;
  body: Schemas['PayPixQrRequest'];
}
export type PayPixQrOutput = Schemas['WithdrawResult'];

/** listPsps (manual data's institutions). */
export type ListPspsInput = Record<string, never>;
export type ListPspsOutput = Schemas['PspList'];

/** decodePixQrCode (a pasted code). */
export interface DecodePixQrInput {
  body: Schemas['DecodePixQrRequest'];
}
export type DecodePixQrOutput = Schemas['DecodedPixQr'];

/** lookupPixKey (GET /PixIndiretoDict/GetLink): the key's DICT entry for a payment. */
export interface LookupPixKeyInput {
  key: string;
  /** The payer's tax id, digits only. */
  payerId: string;
}
export type LookupPixKeyOutput = Schemas['DictLookup'];
