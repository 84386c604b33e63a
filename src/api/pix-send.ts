/**
 * Tag `pix-payments` of the contract (3-pix-part-one.md §7; issue 16): sending a Pix by key or
 * manual data (createWithdrawal with the InstantPayment body), internal Pix, the status polls
 * (checkPixTransaction and the fallback queryPixPaymentStatus), the participants for manual data,
 * and decoding / paying a pasted code. Every movement carries S-Transaction (the signature of
 * machines/validators/transfer.ts, the one place it is computed) and S-Confirmation (the security
 * code's token); a repeated externalIdentifier gets the bank's first answer.
 */
import type { components } from '../../openapi/portal';
import { api, call, deviceHeader, type CallOptions } from './client';
import { securedInit, type MovementHeaders } from './movement-call';

type Schemas = components['schemas'];

/**
 * POST /account/{accountId}/withdraw with one pacs.008 (by key DICT or manual data MANU): the same
 * operation, body and headers as a TED, so the same function.
 */
export { createWithdrawal as createPixWithdrawal } from './transfers';

/** POST /account/{accountId}/internal-pix: a key held at this bank (credited at once). */
export function createInternalPix(
  accountId: string,
  body: Schemas['InternalPixRequest'],
  headers: MovementHeaders,
  opts: CallOptions = {},
): Promise<Schemas['TransactionResult']> {
  return call('createInternalPix', () =>
    api.POST('/account/{accountId}/internal-pix', securedInit(body, headers, opts, { accountId })),
  );
}

/** GET /PixPaymentIssuance/checkTransaction/{endToEndId}: ACSP, ACSC or RJCT (with the reason). */
export function checkPixTransaction(
  endToEndId: string,
  opts: CallOptions = {},
): Promise<Schemas['TransactionStatusResult']> {
  return call('checkPixTransaction', () =>
    api.GET('/PixPaymentIssuance/checkTransaction/{endToEndId}', {
      params: { header: deviceHeader(), path: { endToEndId } },
      signal: opts.signal,
    }),
  );
}

/** POST /PixPaymentIssuance/status: the fallback status (ERR when unavailable). */
export function queryPixPaymentStatus(
  body: Schemas['PaymentStatusRequest'],
  opts: CallOptions = {},
): Promise<Schemas['PaymentStatusResult']> {
  return call('queryPixPaymentStatus', () =>
    api.POST('/PixPaymentIssuance/status', { params: { header: deviceHeader() }, body, signal: opts.signal }),
  );
}

/** GET /instant-payments/BRA/psps: the Pix participants (unsorted; the view sorts by name). */
export function listPsps(opts: CallOptions = {}): Promise<Schemas['PspList']> {
  return call('listPsps', () =>
    api.GET('/instant-payments/BRA/psps', { params: { header: deviceHeader() }, signal: opts.signal }),
  );
}

/** POST /PixIndiretoRecebimento/decodingQrCode: a pasted BR Code, decoded and checked by the bank. */
export function decodePixQrCode(
  body: Schemas['DecodePixQrRequest'],
  opts: CallOptions = {},
): Promise<Schemas['DecodedPixQr']> {
  return call('decodePixQrCode', () =>
    api.POST('/PixIndiretoRecebimento/decodingQrCode', {
      params: { header: deviceHeader() },
      body,
      signal: opts.signal,
    }),
  );
}

/** POST /account/{accountId}/postPixReceive: pays a decoded code (QRES / QRDN). */
export function payPixQrCode(
  accountId: string,
  body: Schemas['PayPixQrRequest'],
  headers: MovementHeaders,
  opts: CallOptions = {},
): Promise<Schemas['WithdrawResult']> {
  return call('payPixQrCode', () =>
    api.POST('/account/{accountId}/postPixReceive', securedInit(body, headers, opts, { accountId })),
  );
}
