/**
 * Composition root of the Pix statement (/PixExtractPage): the statement area's machines given the
 * Pix calls (getPixStatement, getPixReportStatement, getPixReceipt); the header (client, balance)
 * is the statement's own. The row actions' dialogs are flows of their own placed at this route
 * (src/app/flows.ts): the route gives their actors beside these.
 */
import { fromPromise } from 'xstate';
import type { FlowActors } from '../../runtime/flow-actors';
import type { FetchReportInput, FetchReportOutput } from '../../../machines/statement/export.machine';
import type {
  LoadTransactionDetailInput,
  LoadTransactionDetailOutput,
} from '../../../machines/statement/receipt.machine';
import type { LoadStatementInput, LoadStatementOutput } from '../../../machines/statement/statement.machine';
import { getPixReceipt, getPixReportStatement, getPixStatement } from '../../api/pix-statement';
import { accountSummaryActors } from './statement-actors';
import { accountSummaryMachine } from '../../../machines/statement/account-summary.machine';

/** The statement machine loading the Pix entries. */
export const pixStatementActors = {
  loadStatement: fromPromise<LoadStatementOutput, LoadStatementInput>(({ input, signal }) =>
    getPixStatement(input.accountId, { start: input.start, ending: input.ending }, { signal }),
  ),
  accountSummary: accountSummaryMachine.provide({ actors: accountSummaryActors }),
};

/** The export machine fetching the Pix report rows. */
export const pixExportActors = {
  fetchReport: fromPromise<FetchReportOutput, FetchReportInput>(({ input, signal }) =>
    getPixReportStatement(input.accountId, { start: input.start, ending: input.ending }, { signal }),
  ),
};

/** The receipt machine loading the Pix receipt ('Comprovante de Transação PIX'). */
export const pixReceiptActors = {
  loadTransactionDetail: fromPromise<LoadTransactionDetailOutput, LoadTransactionDetailInput>(
    ({ input, signal }) =>
      getPixReceipt({ accountId: input.accountId, transactionId: input.transactionId }, { signal }),
  ),
};

/** What /PixExtractPage receives through FlowActorsProvider (src/app/routes.tsx). */
export const pixStatementFlowActors = {
  statement: pixStatementActors,
  receipt: pixReceiptActors,
  'statement-export': pixExportActors,
} satisfies Partial<FlowActors>;
