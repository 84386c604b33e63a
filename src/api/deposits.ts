/**
 * Tag `deposits` of the contract (2-money-movement.md §7): issuing a deposit boleto, the paged list
 * of them and the boleto's PDF (served under the API base with the session, so fetched here and
 * never linked bare).
 */
import type { components } from '../../openapi/portal';
import { api, call, deviceHeader, type CallOptions } from './client';

type Schemas = components['schemas'];

/** POST /deposit: the same externalIdentifier with the same body answers the same boleto. */
export function createDeposit(
  body: Schemas['DepositRequest'],
  opts: CallOptions = {},
): Promise<Schemas['Deposit']> {
  return call('createDeposit', () =>
    api.POST('/deposit', { params: { header: deviceHeader() }, body, signal: opts.signal }),
  );
}

/** POST /Deposits/ListWithPagination/{dataset}. */
export function listDepositsPaged(
  dataset: string,
  body: Schemas['PagingRequest'],
  opts: CallOptions = {},
): Promise<Schemas['DepositPage']> {
  return call('listDepositsPaged', () =>
    api.POST('/Deposits/ListWithPagination/{dataset}', {
      params: { header: deviceHeader(), path: { dataset } },
      body,
      signal: opts.signal,
    }),
  );
}

/** GET /boletopdf/{idDeposit}: the boleto's A4 PDF. */
export async function getBoletoPdf(idDeposit: number, opts: CallOptions = {}): Promise<Blob> {
  const blob: unknown = await call('getBoletoPdf', () =>
    api.GET('/boletopdf/{idDeposit}', {
      params: { header: deviceHeader(), path: { idDeposit } },
      parseAs: 'blob',
      signal: opts.signal,
    }),
  );
  if (!(blob instanceof Blob)) throw new TypeError('getBoletoPdf: the answer is not a PDF');
  return blob;
}
