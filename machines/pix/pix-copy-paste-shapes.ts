/**
 * The shapes of machines/pix/pix-copy-paste.machine.ts: the calls' inputs and outputs
 * (pix-send-calls.ts), the flow's input, context, events, tags and where it ends.
 */
import type { components } from '../../openapi/portal';
import type { CallError } from '../kernel/call-error.ts';
import type { IdGenerator } from '../kernel/ids.ts';
import type { SecurityCodeReason } from '../transfers/security-code.machine.ts';
import type { DecodePixQrInput, DecodePixQrOutput, PayPixQrInput, PayPixQrOutput } from './pix-send-calls.ts';
import type { PixSettlementOutput } from './pix-settlement.machine.ts';

type Schemas = components['schemas'];

export type { DecodePixQrInput, DecodePixQrOutput, PayPixQrInput, PayPixQrOutput };

export interface PixCopyPasteInput {
  accountId: string;
  /** The holder's tax id (digits): `numero_documento_decodificador` of the decoding (§7). */
  taxId: string;
  /** Makes the externalIdentifier when the flow enters confirmation (machines/kernel/ids.ts). */
  newId: IdGenerator;
}

export interface PixCopyPasteContext {
  accountId: string;
  taxId: string;
  newId: IdGenerator;
  /** The code as last submitted, trimmed (the field shows it again after a failure). */
  code: string;
  /** Why the browser refused the code (a validator message key), null otherwise. */
  codeError: string | null;
  /** The bank's reading of the code (with the end-to-end id the payment is sent with). */
  decoded: DecodePixQrOutput | null;
  /** What is paid, in centavos: the code's amount, or the value typed for a code without one. */
  amountCents: number | null;
  /** Why the typed value was refused (a validator message key). */
  amountError: string | null;
  /** The payment as it is sent (built when the flow enters confirmation). */
  request: Schemas['PayPixQrRequest'] | null;
  signature: string | null;
  /** Fixed on entering confirmation, reused by every retry, dropped when nothing moved. */
  externalIdentifier: string | null;
  confirmationToken: string | null;
  securityReason: SecurityCodeReason;
  result: PayPixQrOutput | null;
  /** The end-to-end id of the payment the bank accepted (polled by pix-settlement). */
  endToEndId: string | null;
  settlement: PixSettlementOutput | null;
  error: CallError | null;
}

export type PixCopyPasteEvent =
  | { type: 'code.submit'; code: string }
  | { type: 'amount.submit'; amount: string }
  | { type: 'amount.cancel' }
  | { type: 'withdrawal.close' }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }
  | { type: 'totp.cancel' }
  | { type: 'retry' }
  | { type: 'result.close' };

export type PixCopyPasteTag = 'busy' | 'dialog';

/** Where the view goes when the flow ends (the machine never navigates). */
export interface PixCopyPasteOutput {
  to: '/Statement' | '/Pix';
}
