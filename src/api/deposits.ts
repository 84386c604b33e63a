/**
 * Tag `deposits` of the contract (2-money-movement.md §7): the one call whose answer is not the
 * envelope, the boleto's PDF (served under the API base with the session, so fetched here and
 * never linked bare). Issuing and listing boletos are actors (src/app/actors/deposit-actors.ts).
 */
import { api, call, deviceHeader, type CallOptions } from './client';

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
