/**
 * Tag `bills` of the contract (2-money-movement.md §7 POST /bills): the bank reads a bill by its
 * digits. Paying it is a withdrawal (src/api/transfers.ts `createWithdrawal`, withdrawType Boleto
 * or Utilities).
 */
import type { components } from '../../openapi/portal';
import { api, call, deviceHeader, type CallOptions } from './client';

type Schemas = components['schemas'];

/** POST /bills: the beneficiary and payment details of a bank slip or utility code. */
export function getBillDetails(
  body: Schemas['BillLookupRequest'],
  opts: CallOptions = {},
): Promise<Schemas['BillDetails']> {
  return call('getBillDetails', () =>
    api.POST('/bills', { params: { header: deviceHeader() }, body, signal: opts.signal }),
  );
}
