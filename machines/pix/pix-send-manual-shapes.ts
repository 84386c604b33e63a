/**
 * The shapes of machines/pix/pix-send-manual.machine.ts (3-pix-part-one.md §2 Send by manual data,
 * §5 Manual): the participants listed, the holder, its input, the data typed through the wizard's
 * steps (and the blank data it starts from), its context, events, tags and output.
 */
import type { components } from '../../openapi/portal';
import type { CallError } from '../kernel/call-error.ts';
import type { IdGenerator } from '../kernel/ids.ts';
import type { ManualAccountValues } from '../validators/pix-manual.ts';
import type { SecurityCodeReason } from '../transfers/security-code.machine.ts';
import type { PixSettlementOutput } from './pix-settlement.machine.ts';

type Schemas = components['schemas'];

/** A participant as the institution step lists it. */
export type PixInstitution = Schemas['Institution'];

/** The signed-in holder: the debtor of the pacs.008 and the recipient of a same-ownership send. */
export interface PixManualHolder {
  name: string;
  /** CPF or CNPJ, digits (and a CNPJ's letters) without a mask. */
  taxId: string;
  branch: string;
  accountNumber: string;
}

export interface PixSendManualInput {
  accountId: string;
  holder: PixManualHolder;
  /** This bank's ISPB (config serviceProviderId): the debtor agent and the ids' institution. */
  ownIspb: string;
  /** The holder's mobile phone, sent as `phoneNumber` (§7). */
  phoneNumber?: string;
  /** Makes the attempt's externalIdentifier, from which its message and end-to-end ids come. */
  newId: IdGenerator;
  /** The clock of the end-to-end id's minute (given, so that the machine stays deterministic). */
  now: () => Date;
}

/** What the wizard has collected; '' while a step was not reached. */
export interface PixManualData extends ManualAccountValues {
  sameOwnership: boolean | null;
  name: string;
  document: string;
  amount: string;
  description: string;
}

export interface PixSendManualContext {
  accountId: string;
  holder: PixManualHolder;
  ownIspb: string;
  phoneNumber: string | null;
  newId: IdGenerator;
  now: () => Date;
  data: PixManualData;
  /** listPsps sorted by name (pt-BR collation); null until loaded. */
  institutions: PixInstitution[] | null;
  request: Schemas['WithdrawRequest'] | null;
  signature: string | null;
  externalIdentifier: string | null;
  confirmationToken: string | null;
  securityReason: SecurityCodeReason;
  /** The end-to-end id of the payment the bank accepted (polled by pix-settlement). */
  endToEndId: string | null;
  transactionId: string | null;
  settlement: PixSettlementOutput | null;
  error: CallError | null;
}

export type PixSendManualEvent =
  | { type: 'ownership.choose'; same: boolean }
  | { type: 'name.submit'; name: string }
  | { type: 'document.submit'; document: string }
  | { type: 'institution.choose'; ispb: string }
  | { type: 'accountType.choose'; accountType: string }
  | { type: 'agency.submit'; agency: string }
  | { type: 'account.submit'; account: string; digit: string }
  | { type: 'amount.submit'; amount: string; description: string }
  | { type: 'step.back' }
  | { type: 'confirm.accept' }
  | { type: 'confirm.cancel' }
  | { type: 'totp.cancel' }
  | { type: 'retry' }
  | { type: 'result.close' }
  /** After a rejection: back to the step its reason points at, everything typed kept (issue 32). */
  | { type: 'result.correct' };

export type PixSendManualTag = 'busy' | 'dialog';

/** Where the view goes when the flow ends (the machine never navigates). */
export interface PixSendManualOutput {
  to: '/Statement';
}

export const EMPTY_MANUAL_DATA: Readonly<PixManualData> = Object.freeze({
  sameOwnership: null,
  name: '',
  document: '',
  ispb: '',
  accountType: '',
  agency: '',
  account: '',
  digit: '',
  amount: '',
  description: '',
});
