/**
 * The shapes of machines/pix/pix-key-register.machine.ts: the calls' inputs and outputs (the
 * contract's schemas), the dialog's input, context, events and how it ended.
 */
import type { components } from '../../openapi/portal';
import type { CallError } from '../kernel/call-error.ts';
import type { IdGenerator } from '../kernel/ids.ts';
import type { KeyChoice } from '../validators/pix-key.ts';

type Schemas = components['schemas'];

/** POST /PixIndiretoDict/KeyCheck. */
export type CheckPixKeysInput = Schemas['KeyCheckRequest'];
export type CheckPixKeysOutput = Schemas['KeyCheckResult'];
/** POST /PixIndiretoDict/createKey/{accountId}: CPF, CNPJ or EVP. */
export interface CreatePixKeyInput {
  accountId: string;
  body: Schemas['CreatePixKeyRequest'];
}
export type CreatePixKeyOutput = Schemas['CreatePixKeyResult'];
/** POST /account/{accountId}/postKey: phone or e-mail, then the code. */
export interface RegisterAliasInput {
  accountId: string;
  body: Schemas['AliasRegistrationRequest'];
}
export type RegisterAliasOutput = Schemas['AliasRegistrationResult'];
/** POST /account/{accountId}/postValidationKey: a new code. */
export interface RequestAliasCodeInput {
  accountId: string;
  body: Schemas['OtpAliasRef'];
}
export type RequestAliasCodeOutput = Schemas['AliasRegistrationResult'];
/** POST /account/{accountId}/aliases/{alias}/otp-validation. */
export interface ValidateAliasOtpInput {
  accountId: string;
  alias: string;
  body: Schemas['OtpValidationRequest'];
}
export type ValidateAliasOtpOutput = Schemas['Ack'];

export interface PixKeyRegisterInput {
  accountId: string;
  /** The client's own tax id: the CPF/CNPJ key. */
  taxId: string;
  newId: IdGenerator;
}

/** How the dialog ended, for the page's message. */
export type PixKeyRegisterResult =
  /** Created ACTIVE (CPF/CNPJ, EVP) or confirmed by its code (phone, e-mail): the save success. */
  | 'created'
  /** Phone or e-mail registered, its code not given yet: awaiting validation. */
  | 'pending'
  /** KeyCheck has_entry: the per-type warning. */
  | 'exists'
  /** KeyCheck with no result for the key: the save error. */
  | 'failed'
  /** Closed by the user before anything was registered. */
  | 'cancelled';

export interface PixKeyRegisterOutput {
  result: PixKeyRegisterResult;
  kind: KeyChoice | null;
  /** The key registered (or found), when there is one. */
  key: string | null;
}

export interface PixKeyRegisterContext {
  accountId: string;
  taxId: string;
  newId: IdGenerator;
  kind: KeyChoice | null;
  /** The phone or e-mail typed in the first step (kept through every step and failure). */
  entered: string;
  /** The key as sent (phone +55 and digits, e-mail lower case, tax id digits; EVP: '' until made). */
  key: string;
  /** createKey's or postKey's id, fixed when the key is confirmed (or the EVP chosen), reused by retries. */
  registrationId: string | null;
  /** The code being validated and its id (a new id per code submitted; a retry reuses it). */
  code: string;
  otpId: string | null;
  protocolId: string;
  error: CallError | null;
}

export type PixKeyRegisterEvent =
  | { type: 'key.choose'; kind: KeyChoice }
  | { type: 'key.enter'; value: string }
  | { type: 'key.confirm'; value: string }
  | { type: 'taxId.confirm' }
  | { type: 'step.back' }
  /** Sent by the key list's 'Validar' on a phone or e-mail key awaiting its code: straight to the code. */
  | { type: 'key.resume'; kind: 'PHONE' | 'EMAIL'; key: string }
  | { type: 'otp.submit'; code: string }
  | { type: 'otp.resend' }
  | { type: 'retry' }
  | { type: 'dialog.close' };

export type PixKeyRegisterEmitted = { type: 'code.sent' };

export type PixKeyRegisterTag = 'busy' | 'dialog';
