/**
 * Tags `transfers` and `security` of the contract (2-money-movement.md §7): the money movements
 * with their S-Transaction and S-Confirmation headers, and the security-code check that gives the
 * confirmation token. The contact lookup and the recipients are src/api/recipients.ts.
 */
import type { components } from '../../openapi/portal';
import { api, call, deviceHeader, type CallOptions } from './client';

type Schemas = components['schemas'];

/** The headers of a movement confirmed by the security code. */
export interface MovementHeaders {
  /** S-Transaction: machines/validators/transfer.ts `transactionSignature`, the one place it is computed. */
  transactionSignature: string;
  /** S-Confirmation: the token validateTotp gave for this signature. */
  confirmationToken: string;
}

/** POST /account/{accountId}/withdraw: a TED (or a bill); a repeated externalIdentifier gets the first answer. */
export function createWithdrawal(
  accountId: string,
  body: Schemas['WithdrawRequest'],
  headers: MovementHeaders,
  opts: CallOptions = {},
): Promise<Schemas['WithdrawResult']> {
  return call('createWithdrawal', () =>
    api.POST('/account/{accountId}/withdraw', {
      params: {
        header: {
          ...deviceHeader(),
          'S-Transaction': headers.transactionSignature,
          'S-Confirmation': headers.confirmationToken,
        },
        path: { accountId },
      },
      body,
      signal: opts.signal,
    }),
  );
}

/** POST /payments (InternalTransfer): a transfer to another company account of the product. */
export function createPayment(
  body: Schemas['InternalTransferPayment'],
  headers: MovementHeaders,
  opts: CallOptions = {},
): Promise<Schemas['PaymentResult']> {
  return call('createPayment', () =>
    api.POST('/payments', {
      params: {
        header: {
          ...deviceHeader(),
          'S-Transaction': headers.transactionSignature,
          'S-Confirmation': headers.confirmationToken,
        },
      },
      body,
      signal: opts.signal,
    }),
  );
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
