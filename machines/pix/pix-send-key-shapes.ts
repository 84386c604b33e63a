/**
 * The shapes of machines/pix/pix-send-key.machine.ts: the saved recipient's call, the payer, the
 * flow's input, context, events, tags and how it ends (the contract's schemas).
 */
import type { components } from '../../openapi/portal';
import type { CallError } from '../kernel/call-error.ts';
import type { IdGenerator } from '../kernel/ids.ts';
import type { SecurityCodeReason } from '../transfers/security-code.machine.ts';
import type { PixSettlementOutput } from './pix-settlement.machine.ts';

type Schemas = components['schemas'];
export type DictKeyType = Schemas['DictKeyType'];

/** GET /recipients/{idRecipient}. */
export interface GetRecipientInput {
  idRecipient: number;
}
export type GetRecipientOutput = Schemas['Recipient'];

/** The payer: the session's account and client (the debtor of the pacs.008). */
export interface PixPayer {
  name: string;
  taxId: string;
  branch: string;
  accountNumber: string;
  accountType: Schemas['PixAccountType'];
}

export interface PixSendKeyInput {
  accountId: string;
  payer: PixPayer;
  /** This bank's ISPB (config serviceProviderId): a key held here takes the internal path. */
  ispb: string;
  /** Today in São Paulo (YYYY-MM-DD): the earliest schedule date. */
  today: string;
  /** The moment the ids are written with (the end-to-end id's UTC minute). */
  now: () => Date;
  newId: IdGenerator;
  /** enabledPixSchedule. */
  scheduleEnabled: boolean;
  /** The holder's mobile phone (sent as phoneNumber). */
  phoneNumber?: string;
}

export type PixSendKeyOutput = { to: '/Statement' } | { to: '/' };

/** The payment as the confirmation shows it and the bodies carry it. */
export interface PixSendKeyPayment {
  amount: number;
  description: string;
}

export interface PixSendKeyContext {
  accountId: string;
  payer: PixPayer;
  ispb: string;
  today: string;
  now: () => Date;
  newId: IdGenerator;
  scheduleEnabled: boolean;
  recipientId: number | null;
  phoneNumber: string | null;
  /** The key's type, detected from what was typed (or the payer's switch), then the DICT's. */
  keyType: DictKeyType | null;
  /** The key in the DICT form (normalised from what was typed). */
  key: string | null;
  entry: Schemas['DictEntry'] | null;
  payment: PixSendKeyPayment | null;
  /** The saved recipient's nickname offer and the schedule date chosen on confirming. */
  saveNickname: string | null;
  scheduleDate: string | null;
  externalIdentifier: string | null;
  msgId: string | null;
  endToEndId: string | null;
  /** When the ids were written (the pacs.008's creationDateTime). */
  idsAt: string | null;
  signature: string | null;
  request:
    | { kind: 'internal'; body: Schemas['InternalPixRequest'] }
    | { kind: 'interbank'; body: Schemas['WithdrawRequest'] }
    | null;
  confirmationToken: string | null;
  securityReason: SecurityCodeReason;
  error: CallError | null;
  settlement: PixSettlementOutput | null;
  scheduleId: number | null;
}

export type PixSendKeyEvent =
  | { type: 'recipient.open'; idRecipient: number }
  /** The key as typed or pasted; `keyType` when the payer switched the detected type (CPF ↔ phone). */
  | { type: 'key.submit'; value: string; keyType?: DictKeyType | null }
  | { type: 'wizard.previous' }
  | { type: 'payment.submit'; amount: string; description: string }
  | { type: 'confirm.accept'; save: boolean; nickname: string; scheduleDate: string }
  | { type: 'confirm.cancel' }
  | { type: 'totp.cancel' }
  | { type: 'retry' }
  | { type: 'result.close' }
  | { type: 'result.correct' };

export type PixSendKeyTag = 'busy' | 'dialog';
