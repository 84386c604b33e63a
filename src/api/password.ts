/**
 * Tag `password` of the contract: reset link, password creation from a link, change with the
 * current password, and the self-service change by e-mailed code (4-pix-part-two.md §7).
 */
import type { components } from '../../openapi/portal';
import { api, call, deviceHeader, type CallOptions } from './client';

type Schemas = components['schemas'];
export type Ack = Schemas['Ack'];
export type ResetPasswordResult = Schemas['ResetPasswordResult'];
export type SavePasswordRequest = Schemas['SavePasswordRequest'];
export type ChangePasswordRequest = Schemas['ChangePasswordRequest'];
export type VerifyEmailRequest = Schemas['VerifyEmailRequest'];
export type PasswordCodeSent = Schemas['PasswordCodeSent'];
export type VerifyPasswordChangeCodeRequest = Schemas['VerifyPasswordChangeCodeRequest'];
export type ChangePasswordWithCodeRequest = Schemas['ChangePasswordWithCodeRequest'];
export type HasValidCodeResult = Schemas['HasValidCodeResult'];
export type ValidResult = Schemas['ValidResult'];
export type TaxId = Schemas['TaxId'];

/** POST /resetPassword?taxId=: asks the bank to e-mail a reset link. */
export function resetPassword(taxId: TaxId, opts: CallOptions = {}): Promise<ResetPasswordResult> {
  return call('resetPassword', () =>
    api.POST('/resetPassword', { params: { header: deviceHeader(), query: { taxId } }, signal: opts.signal }),
  );
}

/** POST /SavePassword: creates (first access) or resets a password with the link's hash. */
export function savePassword(body: SavePasswordRequest, opts: CallOptions = {}): Promise<Ack> {
  return call('savePassword', () =>
    api.POST('/SavePassword', { params: { header: deviceHeader() }, body, signal: opts.signal }),
  );
}

/** POST /user/{username}/changePass: changes the password (also the forced first-access change). */
export function changePassword(
  username: string,
  body: ChangePasswordRequest,
  opts: CallOptions = {},
): Promise<Ack> {
  return call('changePassword', () =>
    api.POST('/user/{username}/changePass', {
      params: { header: deviceHeader(), path: { username } },
      body,
      signal: opts.signal,
    }),
  );
}

/** POST /VerifyEmail: checks that the e-mail belongs to the tax id (400 when it does not). */
export function verifyEmail(body: VerifyEmailRequest, opts: CallOptions = {}): Promise<ValidResult> {
  return call('verifyEmail', () =>
    api.POST('/VerifyEmail', { params: { header: deviceHeader() }, body, signal: opts.signal }),
  );
}

/** POST /SendPasswordChangeCode: e-mails a 6-digit code. */
export function sendPasswordChangeCode(
  body: VerifyEmailRequest,
  opts: CallOptions = {},
): Promise<PasswordCodeSent> {
  return call('sendPasswordChangeCode', () =>
    api.POST('/SendPasswordChangeCode', { params: { header: deviceHeader() }, body, signal: opts.signal }),
  );
}

/** POST /VerifyPasswordChangeCode: checks the e-mailed code (`valid`). */
export function verifyPasswordChangeCode(
  body: VerifyPasswordChangeCodeRequest,
  opts: CallOptions = {},
): Promise<ValidResult> {
  return call('verifyPasswordChangeCode', () =>
    api.POST('/VerifyPasswordChangeCode', { params: { header: deviceHeader() }, body, signal: opts.signal }),
  );
}

/** POST /ChangePasswordWithCode: sets the new password with the e-mailed code. */
export function changePasswordWithCode(
  body: ChangePasswordWithCodeRequest,
  opts: CallOptions = {},
): Promise<Ack> {
  return call('changePasswordWithCode', () =>
    api.POST('/ChangePasswordWithCode', { params: { header: deviceHeader() }, body, signal: opts.signal }),
  );
}

/** GET /HasValidPasswordChangeCode/{taxId}: whether an unexpired code exists. */
export function hasValidPasswordChangeCode(
  taxId: TaxId,
  opts: CallOptions = {},
): Promise<HasValidCodeResult> {
  return call('hasValidPasswordChangeCode', () =>
    api.GET('/HasValidPasswordChangeCode/{taxId}', {
      params: { header: deviceHeader(), path: { taxId } },
      signal: opts.signal,
    }),
  );
}
