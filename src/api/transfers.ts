/**
 * Tags `transfers` and `security` of the contract (2-money-movement.md §7): the money movements
 * with their S-Transaction and S-Confirmation headers, and the security-code check that gives the
 * confirmation token. The contact lookup and the recipients are src/api/recipients.ts.
 */
import type { components } from '../../openapi/portal';
import { api, call, deviceHeader, type CallOptions } from './client';
import { securedInit, type MovementHeaders } from './movement-call';

type Schemas = components['schemas'];

export type { MovementHeaders };

/** POST /account/{accountId}/withdraw: a TED, a bill or a Pix by key or manual data (one pacs.008); a repeated externalIdentifier gets the first answer. */
export function createWithdrawal(
  accountId: string,
  body: Schemas['WithdrawRequest'],
  headers: MovementHeaders,
  opts: CallOptions = {},
): Promise<Schemas['WithdrawResult']> {
  return call('createWithdrawal', () =>
    api.POST('/account/{accountId}/withdraw', securedInit(body, headers, opts, { accountId })),
  );
}

/** POST /payments (InternalTransfer): a transfer to another company account of the product. */
export function createPayment(
  body: Schemas['InternalTransferPayment'],
  headers: MovementHeaders,
  opts: CallOptions = {},
): Promise<Schemas['PaymentResult']> {
  return call('createPayment', () => api.POST('/payments', securedInit(body, headers, opts)));
}

/** POST /totp/validate/{accountId}: `result` and, when true, the movement's confirmation token. */
export function validateTotp(
  accountId: string,
  body: Schemas['TotpRequest'],
  opts: CallOptions = {},
): Promise<Schemas['TotpResult']> {
  return call('validateTotp', () =>
    api.POST('/totp/validate/{accountId}', {
      params: { header: deviceHeader(), path: { accountId } },
      body,
      signal: opts.signal,
    }),
  );
}

/**
 * POST /payments (DigitalCheck): receives a digital check into the caller's own account. No
 * S-Transaction and no S-Confirmation: the customer receives money (openapi createPayment). A
 * repeated externalIdentifier gets the first answer, so a retry never credits a check twice.
 */
export function redeemDigitalCheck(
  body: Schemas['DigitalCheckPayment'],
  opts: CallOptions = {},
): Promise<Schemas['PaymentResult']> {
  return call('createPayment', () =>
    api.POST('/payments', { params: { header: deviceHeader() }, body, signal: opts.signal }),
  );
}
