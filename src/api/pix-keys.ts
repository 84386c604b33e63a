/**
 * Tag `pix-keys` of the contract, and the Pix tutorial calls of tag `client` (3-pix-part-one.md §7):
 * the account's keys, their removal, KeyCheck, registration (createKey for CPF/CNPJ/EVP, postKey and
 * the 'Código de Chave' for phone and e-mail) and the tutorial lookup and close.
 */
import type { components } from '../../openapi/portal';
import { api, call, deviceHeader, type CallOptions } from './client';

type Schemas = components['schemas'];

/** GET /account/{accountId}/aliases: every key of the account not removed. */
export function listAliases(accountId: string, opts: CallOptions = {}): Promise<Schemas['PixAlias'][]> {
  return call('listAliases', () =>
    api.GET('/account/{accountId}/aliases', {
      params: { header: deviceHeader(), path: { accountId } },
      signal: opts.signal,
    }),
  );
}

/** DELETE /account/{accountId}/key/{key}?reason=USER_REQUESTED (the key URL-encoded by the client). */
export function deletePixKey(
  accountId: string,
  key: string,
  opts: CallOptions = {},
): Promise<Schemas['StatusCodeResult']> {
  return call('deletePixKey', () =>
    api.DELETE('/account/{accountId}/key/{key}', {
      params: { header: deviceHeader(), path: { accountId, key }, query: { reason: 'USER_REQUESTED' } },
      signal: opts.signal,
    }),
  );
}

/** POST /PixIndiretoDict/KeyCheck. */
export function checkPixKeys(
  body: Schemas['KeyCheckRequest'],
  opts: CallOptions = {},
): Promise<Schemas['KeyCheckResult']> {
  return call('checkPixKeys', () =>
    api.POST('/PixIndiretoDict/KeyCheck', { params: { header: deviceHeader() }, body, signal: opts.signal }),
  );
}

/** POST /PixIndiretoDict/createKey/{accountId}: a CPF, CNPJ or random key. */
export function createPixKey(
  accountId: string,
  body: Schemas['CreatePixKeyRequest'],
  opts: CallOptions = {},
): Promise<Schemas['CreatePixKeyResult']> {
  return call('createPixKey', () =>
    api.POST('/PixIndiretoDict/createKey/{accountId}', {
      params: { header: deviceHeader(), path: { accountId } },
      body,
      signal: opts.signal,
    }),
  );
}

/** POST /account/{accountId}/postKey: a phone or e-mail key, which then awaits its code. */
export function registerAlias(
  accountId: string,
  body: Schemas['AliasRegistrationRequest'],
  opts: CallOptions = {},
): Promise<Schemas['AliasRegistrationResult']> {
  return call('registerAlias', () =>
    api.POST('/account/{accountId}/postKey', {
      params: { header: deviceHeader(), path: { accountId } },
      body,
      signal: opts.signal,
    }),
  );
}

/** POST /account/{accountId}/postValidationKey: a new 'Código de Chave'. */
export function requestAliasValidationCode(
  accountId: string,
  body: Schemas['OtpAliasRef'],
  opts: CallOptions = {},
): Promise<Schemas['AliasRegistrationResult']> {
  return call('requestAliasValidationCode', () =>
    api.POST('/account/{accountId}/postValidationKey', {
      params: { header: deviceHeader(), path: { accountId } },
      body,
      signal: opts.signal,
    }),
  );
}

/** POST /account/{accountId}/aliases/{alias}/otp-validation. */
export function validateAliasOtp(
  accountId: string,
  alias: string,
  body: Schemas['OtpValidationRequest'],
  opts: CallOptions = {},
): Promise<Schemas['Ack']> {
  return call('validateAliasOtp', () =>
    api.POST('/account/{accountId}/aliases/{alias}/otp-validation', {
      params: { header: deviceHeader(), path: { accountId, alias } },
      body,
      signal: opts.signal,
    }),
  );
}

/** GET /pixTutorials/GetByUserAccountId/{accountId}: null until the holder closes it. */
export function getPixTutorial(
  accountId: string,
  opts: CallOptions = {},
): Promise<Schemas['PixTutorial'] | null> {
  return call('getPixTutorial', () =>
    api.GET('/pixTutorials/GetByUserAccountId/{accountId}', {
      params: { header: deviceHeader(), path: { accountId } },
      signal: opts.signal,
    }),
  );
}

/** POST /pixTutorials/CloseTutorial. */
export function closePixTutorial(
  body: Schemas['CloseTutorialRequest'],
  opts: CallOptions = {},
): Promise<Schemas['PixTutorial']> {
  return call('closePixTutorial', () =>
    api.POST('/pixTutorials/CloseTutorial', {
      params: { header: deviceHeader() },
      body,
      signal: opts.signal,
    }),
  );
}

/**
 * GET /PixIndiretoDict/GetLink: a key's DICT entry before paying it (the owner's CPF masked); 404
 * when not found or not ACTIVE, 429 past the lookup budget (issue 16, send by key).
 */
export function lookupPixKey(
  keyId: string,
  payerId: string,
  opts: CallOptions = {},
): Promise<Schemas['DictLookup']> {
  return call('lookupPixKey', () =>
    api.GET('/PixIndiretoDict/GetLink', {
      params: { header: deviceHeader(), query: { keyId, payerId, includeStatistics: false } },
      signal: opts.signal,
    }),
  );
}
