/**
 * Composition root of the statement area: the real actors of machines/statement, each one call of
 * the contract (src/api/operation.ts). Views give them to their machine with `machine.provide({ actors })`; tests give fakes
 * the same way. Keys are the machines' actor names (their `setup({ actors })`). The actors that
 * are the browser's business (writing the export file, the receipt PDF, printing) are provided
 * by the views themselves.
 */
import type { ActorsOf, FlowActors } from '../../runtime/flow-actors';
import { accountSummaryMachine } from '../../../machines/statement/account-summary.machine';
import { fromOperation } from '../../api/operation';

/** Actors of machines/statement/account-summary.machine.ts. */
export const accountSummaryActors = {
  loadClient: fromOperation('getClient', ({ accountId }) => ({ path: { accountId } })),
  loadBalance: fromOperation('getBalance', ({ accountId }) => ({ path: { accountId } })),
} satisfies ActorsOf<typeof accountSummaryMachine>;

/** Actors of machines/statement/statement.machine.ts (the header child included). */
export const statementActors = {
  loadStatement: fromOperation('getStatement', ({ accountId, start, ending }) => ({
    path: { accountId },
    query: { start, ending },
  })),
  accountSummary: accountSummaryMachine.provide({ actors: accountSummaryActors }),
} satisfies FlowActors['statement'];

/** Actors of machines/statement/receipt.machine.ts that call the bank. */
export const receiptActors = {
  loadTransactionDetail: fromOperation('getTransactionDetail', (ref) => ({ path: ref })),
} satisfies Partial<FlowActors['receipt']>;

/** Actors of machines/statement/export.machine.ts that call the bank. */
export const exportActors = {
  fetchReport: fromOperation('getReportStatement', ({ accountId, start, ending }) => ({
    path: { accountId },
    query: { start, ending },
  })),
} satisfies Partial<FlowActors['statement-export']>;

/** What the statement area's pages receive through FlowActorsProvider (src/app/routes.tsx). */
export const statementFlowActors = {
  statement: statementActors,
  receipt: receiptActors,
  'statement-export': exportActors,
} satisfies Partial<FlowActors>;
