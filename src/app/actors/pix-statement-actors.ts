/**
 * Composition root of the Pix statement (/PixExtractPage): the statement area's machines given the
 * Pix operations (getPixStatement, getPixReportStatement, getPixReceipt; src/api/operation.ts); the
 * header (client, balance) is the statement's own. The row actions' dialogs are flows of their own
 * placed at this route (src/app/flows.ts): the route gives their actors beside these.
 */
import type { FlowActors } from '../../runtime/flow-actors';
import { fromOperation } from '../../api/operation';
import { accountSummaryActors } from './statement-actors';
import { accountSummaryMachine } from '../../../machines/statement/account-summary.machine';

/** The statement machine loading the Pix entries (newest first). */
export const pixStatementActors = {
  loadStatement: fromOperation('getPixStatement', ({ accountId, start, ending }) => ({
    path: { accountId },
    query: { start, ending },
  })),
  accountSummary: accountSummaryMachine.provide({ actors: accountSummaryActors }),
} satisfies FlowActors['statement'];

/**
 * The export machine fetching the Pix report rows: the Pix entries, oldest first, framed by the
 * account's balances.
 */
export const pixExportActors = {
  fetchReport: fromOperation('getPixReportStatement', ({ accountId, start, ending }) => ({
    path: { accountId },
    query: { start, ending },
  })),
} satisfies Partial<FlowActors['statement-export']>;

/** The receipt machine loading the Pix receipt ('Comprovante de Transação PIX'). */
export const pixReceiptActors = {
  loadTransactionDetail: fromOperation('getPixReceipt', ({ accountId, transactionId }) => ({
    path: { accountId, transactionId },
  })),
} satisfies Partial<FlowActors['receipt']>;

/** What /PixExtractPage receives through FlowActorsProvider (src/app/routes.tsx). */
export const pixStatementFlowActors = {
  statement: pixStatementActors,
  receipt: pixReceiptActors,
  'statement-export': pixExportActors,
} satisfies Partial<FlowActors>;
