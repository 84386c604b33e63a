/**
 * Composition root of the statement area: the real actors of machines/statement, each one call of
 * src/api. Views give them to their machine with `machine.provide({ actors })`; tests give fakes
 * the same way. Keys are the machines' actor names (their `setup({ actors })`). The actors that
 * are the browser's business (writing the export file, the receipt PDF, printing) are provided
 * by the views themselves.
 */
import { fromPromise } from 'xstate';
import type { FlowActors } from '../../runtime/flow-actors';
import {
  accountSummaryMachine,
  type LoadBalanceInput,
  type LoadBalanceOutput,
  type LoadClientInput,
  type LoadClientOutput,
} from '../../../machines/statement/account-summary.machine';
import type { FetchReportInput, FetchReportOutput } from '../../../machines/statement/export.machine';
import type {
  LoadTransactionDetailInput,
  LoadTransactionDetailOutput,
} from '../../../machines/statement/receipt.machine';
import type { LoadStatementInput, LoadStatementOutput } from '../../../machines/statement/statement.machine';
import { getClient } from '../../api/clients';
import { getBalance, getReportStatement, getStatement, getTransactionDetail } from '../../api/statement';

/** Actors of machines/statement/account-summary.machine.ts. */
export const accountSummaryActors = {
  loadClient: fromPromise<LoadClientOutput, LoadClientInput>(({ input, signal }) =>
    getClient(input.accountId, { signal }),
  ),
  loadBalance: fromPromise<LoadBalanceOutput, LoadBalanceInput>(({ input, signal }) =>
    getBalance(input.accountId, { signal }),
  ),
};

/** Actors of machines/statement/statement.machine.ts (the header child included). */
export const statementActors = {
  loadStatement: fromPromise<LoadStatementOutput, LoadStatementInput>(({ input, signal }) =>
    getStatement(input.accountId, { start: input.start, ending: input.ending }, { signal }),
  ),
  accountSummary: accountSummaryMachine.provide({ actors: accountSummaryActors }),
};

/** Actors of machines/statement/receipt.machine.ts that call the bank. */
export const receiptActors = {
  loadTransactionDetail: fromPromise<LoadTransactionDetailOutput, LoadTransactionDetailInput>(
    ({ input, signal }) => getTransactionDetail(input, { signal }),
  ),
};

/** Actors of machines/statement/export.machine.ts that call the bank. */
export const exportActors = {
  fetchReport: fromPromise<FetchReportOutput, FetchReportInput>(({ input, signal }) =>
    getReportStatement(input.accountId, { start: input.start, ending: input.ending }, { signal }),
  ),
};

/** What the statement area's pages receive through FlowActorsProvider (src/app/routes.tsx). */
export const statementFlowActors = {
  statement: statementActors,
  receipt: receiptActors,
  export: exportActors,
} satisfies Partial<FlowActors>;
