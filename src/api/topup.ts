/**
 * Tag `topup` of the contract (2-money-movement.md §7): the carriers of an area code, their value
 * options and the top-up itself (no security code: openapi/portal.yaml createRecharge).
 */
import type { components } from '../../openapi/portal';
import { api, call, deviceHeader, type CallOptions } from './client';

type Schemas = components['schemas'];

/** GET /country/BRA/area-code/{areaCode}/operators; `areaCode` is the DDD prefixed with 0. */
export function listTopupCarriers(areaCode: string, opts: CallOptions = {}): Promise<Schemas['Carrier'][]> {
  return call('listTopupCarriers', () =>
    api.GET('/country/BRA/area-code/{areaCode}/operators', {
      params: { header: deviceHeader(), path: { areaCode } },
      signal: opts.signal,
    }),
  );
}

/** GET /country/BRA/area-code/{areaCode}/operator/{carrierId}/values. */
export function listTopupValues(
  areaCode: string,
  carrierId: string,
  opts: CallOptions = {},
): Promise<Schemas['TopupValue'][]> {
  return call('listTopupValues', () =>
    api.GET('/country/BRA/area-code/{areaCode}/operator/{carrierId}/values', {
      params: { header: deviceHeader(), path: { areaCode, carrierId } },
      signal: opts.signal,
    }),
  );
}

/** POST /client/{accountHolderId}/account/{accountId}/recharge; a repeated externalIdentifier gets the first answer. */
export function createRecharge(
  accountHolderId: string,
  accountId: string,
  body: Schemas['RechargeRequest'],
  opts: CallOptions = {},
): Promise<Schemas['TransactionResult']> {
  return call('createRecharge', () =>
    api.POST('/client/{accountHolderId}/account/{accountId}/recharge', {
      params: { header: deviceHeader(), path: { accountHolderId, accountId } },
      body,
      signal: opts.signal,
    }),
  );
}
