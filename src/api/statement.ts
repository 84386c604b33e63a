/** Tag `statement` of the contract: statement, export rows, balance and receipts. */
import type { components } from '../../openapi/portal';
import { api, call, deviceHeader, type CallOptions } from './client';

type Schemas = components['schemas'];
export type Statement = Schemas['Statement'];
export type StatementEntry = Schemas['StatementEntry'];
export type ExportedStatementRow = Schemas['ExportedStatementRow'];
export type Balances = Schemas['Balances'];
export type Balance = Schemas['Balance'];
export type TransactionDetail = Schemas['TransactionDetail'];

/** A statement period: days as YYYY-MM-DD, both inclusive; `isPix` for the Pix statement. */
export interface StatementPeriod {
  start: string;
  ending: string;
  isPix?: boolean;
}

/** GET /accounts/{accountId}/statement?start&ending[&isPix=true]. */
export function getStatement(
  accountId: string,
  period: StatementPeriod,
  opts: CallOptions = {},
): Promise<Statement> {
  return call('getStatement', () =>
    api.GET('/accounts/{accountId}/statement', {
      params: { header: deviceHeader(), path: { accountId }, query: period },
      signal: opts.signal,
    }),
  );
}

/**
 * GET /accounts/{accountId}/reportStatement: rows for export. The caller checks that the result is
 * a list (§8: 'Erro na exportação- Aguarde e tente novamente' otherwise), since a real bank may not
 * honour the contract.
 */
export function getReportStatement(
  accountId: string,
  period: StatementPeriod,
  opts: CallOptions = {},
): Promise<ExportedStatementRow[]> {
  return call('getReportStatement', () =>
    api.GET('/accounts/{accountId}/reportStatement', {
      params: { header: deviceHeader(), path: { accountId }, query: period },
      signal: opts.signal,
    }),
  );
}

/** GET /client/{accountId}/balance: the balances (the portal shows balanceType REAL). */
export function getBalance(accountId: string, opts: CallOptions = {}): Promise<Balances> {
  return call('getBalance', () =>
    api.GET('/client/{accountId}/balance', {
      params: { header: deviceHeader(), path: { accountId } },
      signal: opts.signal,
    }),
  );
}

/** The ids that locate one transaction. */
export interface TransactionRef {
  accountHolderId: string;
  accountId: string;
  transactionId: string;
}

/** GET /client/{accountHolderId}/account/{accountId}/transaction/{transactionId}: receipt data. */
export function getTransactionDetail(
  ref: TransactionRef,
  opts: CallOptions = {},
): Promise<TransactionDetail> {
  return call('getTransactionDetail', () =>
    api.GET('/client/{accountHolderId}/account/{accountId}/transaction/{transactionId}', {
      params: { header: deviceHeader(), path: ref },
      signal: opts.signal,
    }),
  );
}
