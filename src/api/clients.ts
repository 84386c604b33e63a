/**
 * Tag `client` of the contract: the account holder's client record. (Named clients.ts so it does
 * not clash with client.ts, the HTTP client.)
 */
import type { components } from '../../openapi/portal';
import { api, call, deviceHeader, type CallOptions } from './client';

type Schemas = components['schemas'];
export type Client = Schemas['Client'];
export type ClientWithAccount = Schemas['ClientWithAccount'];
export type UpdateClientRequest = Schemas['UpdateClientRequest'];

/** GET /client/{accountId}: the client and its account number. */
export function getClient(accountId: string, opts: CallOptions = {}): Promise<ClientWithAccount> {
  return call('getClient', () =>
    api.GET('/client/{accountId}', {
      params: { header: deviceHeader(), path: { accountId } },
      signal: opts.signal,
    }),
  );
}

/** POST /client/{accountHolderId}/account/{accountId}: updates the client (after an address edit). */
export function updateClient(
  accountHolderId: string,
  accountId: string,
  body: UpdateClientRequest,
  opts: CallOptions = {},
): Promise<Client> {
  return call('updateClient', () =>
    api.POST('/client/{accountHolderId}/account/{accountId}', {
      params: { header: deviceHeader(), path: { accountHolderId, accountId } },
      body,
      signal: opts.signal,
    }),
  );
}

export type PixTutorial = Schemas['PixTutorial'];

/**
 * GET /pixTutorials/GetByUserAccountId/{accountId}: whether the Pix tutorial is shown. Null (no
 * record yet) also means "show it".
 */
export function getPixTutorial(accountId: string, opts: CallOptions = {}): Promise<PixTutorial | null> {
  return call('getPixTutorial', () =>
    api.GET('/pixTutorials/GetByUserAccountId/{accountId}', {
      params: { header: deviceHeader(), path: { accountId } },
      signal: opts.signal,
    }),
  );
}

/** POST /pixTutorials/CloseTutorial: records that the tutorial was dismissed. */
export function closePixTutorial(accountId: string, opts: CallOptions = {}): Promise<PixTutorial> {
  return call('closePixTutorial', () =>
    api.POST('/pixTutorials/CloseTutorial', {
      params: { header: deviceHeader() },
      body: { userAccountId: accountId },
      signal: opts.signal,
    }),
  );
}
