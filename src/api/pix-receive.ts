/**
 * Tag `pix-receive` of the contract (3-pix-part-one.md §7; issue 17): the three charges a holder
 * makes on one of their active keys. Each answers the BR Code and the bank's PNG of it.
 */
import type { components } from '../../openapi/portal';
import { api, call, deviceHeader, type CallOptions } from './client';

type Schemas = components['schemas'];

/** POST /PixIndiretoRecebimento/cobrancaimediata: an immediate charge (COB) with its amount. */
export function createImmediateCharge(
  body: Schemas['ImmediateChargeRequest'],
  opts: CallOptions = {},
): Promise<Schemas['ImmediateChargeResult']> {
  return call('createImmediateCharge', () =>
    api.POST('/PixIndiretoRecebimento/cobrancaimediata', {
      params: { header: deviceHeader() },
      body,
      signal: opts.signal,
    }),
  );
}

/** POST /PixIndiretoRecebimento/{accountId}/cobrancaVencimento: a due-date charge (COBV). */
export function createDueDateCharge(
  accountId: string,
  body: Schemas['DueDateChargeRequest'],
  opts: CallOptions = {},
): Promise<Schemas['DueDateChargeResult']> {
  return call('createDueDateCharge', () =>
    api.POST('/PixIndiretoRecebimento/{accountId}/cobrancaVencimento', {
      params: { header: deviceHeader(), path: { accountId } },
      body,
      signal: opts.signal,
    }),
  );
}

/** POST /PixIndiretoRecebimento/qrCodeEstatico: a static code for the key (no amount). */
export function createStaticCharge(
  body: Schemas['StaticChargeRequest'],
  opts: CallOptions = {},
): Promise<Schemas['StaticChargeResult']> {
  return call('createStaticCharge', () =>
    api.POST('/PixIndiretoRecebimento/qrCodeEstatico', {
      params: { header: deviceHeader() },
      body,
      signal: opts.signal,
    }),
  );
}
