/**
 * Tag `pix-refunds` of the contract (3-pix-part-one.md §7 POST /PixPaymentReturn/paymentReturn/{id};
 * 4-pix-part-two.md §3 Pix refund request/response; issue 17): refunding all or part of a received
 * Pix. A movement like every Pix sent: S-Transaction (`trunc(valor)|accountId|transactionId`,
 * machines/validators/transfer.ts) and S-Confirmation (the security code's token); a repeated
 * externalIdentifier gets the bank's first answer. The outcome is polled with checkPixTransaction
 * (src/api/pix-send.ts) on the answer's return id (D…).
 */
import type { components } from '../../openapi/portal';
import { api, call, deviceHeader, type CallOptions } from './client';
import type { MovementHeaders } from './transfers';

type Schemas = components['schemas'];

/** POST /PixPaymentReturn/paymentReturn/{accountId}: the refund, answered with its return id. */
export function refundPixPayment(
  accountId: string,
  body: Schemas['RefundRequest'],
  headers: MovementHeaders,
  opts: CallOptions = {},
): Promise<Schemas['RefundResult']> {
  return call('refundPixPayment', () =>
    api.POST('/PixPaymentReturn/paymentReturn/{accountId}', {
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
