/**
 * Tag `pix-statement` of the contract: the Pix statement, its export rows and the Pix receipt
 * (3-pix-part-one.md §2 Pix statement, §7; 4-pix-part-two.md §2).
 */
import type { components } from '../../openapi/portal';
import { api, call, deviceHeader, type CallOptions } from './client';

type Schemas = components['schemas'];
export type PixStatement = Schemas['PixStatement'];
export type PixStatementEntry = Schemas['PixStatementEntry'];
export type PixExportedStatementRow = Schemas['PixExportedStatementRow'];
/** A line of the Pix export: a Pix entry, or the account's balance or other movements around them. */
export type PixReportRow = Schemas['PixReportRow'];
export type PixReceipt = Schemas['PixReceipt'];

/** A statement period: days as YYYY-MM-DD, both inclusive. */
type Period = { start: string; ending: string };

/** GET /account/{accountId}/statementPix?start&ending: the Pix entries, newest first. */
export function getPixStatement(
  accountId: string,
  period: Period,
  opts: CallOptions = {},
): Promise<PixStatement> {
  return call('getPixStatement', () =>
    api.GET('/account/{accountId}/statementPix', {
      params: { header: deviceHeader(), path: { accountId }, query: period },
      signal: opts.signal,
    }),
  );
}

/**
 * GET /account/{accountId}/reportPix?start&ending: the Pix entries as export rows, oldest first,
 * framed by the account's balances (the contract's getPixReportStatement).
 */
export function getPixReportStatement(
  accountId: string,
  period: Period,
  opts: CallOptions = {},
): Promise<PixReportRow[]> {
  return call('getPixReportStatement', () =>
    api.GET('/account/{accountId}/reportPix', {
      params: { header: deviceHeader(), path: { accountId }, query: period },
      signal: opts.signal,
    }),
  );
}

/** GET /account/{accountId}/pix-receipt/{transactionId}: 'Comprovante de Transação PIX'. */
export function getPixReceipt(
  ref: { accountId: string; transactionId: string },
  opts: CallOptions = {},
): Promise<PixReceipt> {
  return call('getPixReceipt', () =>
    api.GET('/account/{accountId}/pix-receipt/{transactionId}', {
      params: { header: deviceHeader(), path: ref },
      signal: opts.signal,
    }),
  );
}
