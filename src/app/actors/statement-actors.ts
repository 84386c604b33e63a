/**
 * Composition root of the statement area: the real actors of machines/statement, each one call of
 * the contract (src/api/operation.ts). Views give them to their machine with `machine.provide({ actors })`; tests give fakes
 * the same way. Keys are the machines' actor names (their `setup({ actors })`). The actors that
 * are the browser's business (writing the export file, the receipt PDF, printing) are provided
 * by the views themselves.
 */
import type { ActorsOf, FlowActors } from '../../runtime/flow-actors';
import { accountSummaryMachine } from '../../../machines/statement/account-summary.machine';
import type { LoadStatementInput } from '../../../machines/statement/statement.machine';
import { DEFAULT_PERIOD_TYPE, periodRange } from '../../../machines/validators/period';
import { clearEarlyReads } from '../../api/early-reads';
import { fromOperation, readEarly } from '../../api/operation';
import { toIsoDate } from '../../format/dates';
import { session } from '../../runtime/session';

// The requests, written once for the actors and for the early reads below.
const accountPath = ({ accountId }: { accountId: string }) => ({ path: { accountId } });
const statementRequest = ({ accountId, start, ending }: LoadStatementInput) => ({
  path: { accountId },
  query: { start, ending },
});

/** Actors of machines/statement/account-summary.machine.ts. */
export const accountSummaryActors = {
  loadClient: fromOperation('getClient', accountPath),
  loadBalance: fromOperation('getBalance', accountPath),
} satisfies ActorsOf<typeof accountSummaryMachine>;

/** Actors of machines/statement/statement.machine.ts (the header child included). */
export const statementActors = {
  loadStatement: fromOperation('getStatement', statementRequest),
  accountSummary: accountSummaryMachine.provide({ actors: accountSummaryActors }),
} satisfies FlowActors['statement'];

// A session that ends drops the early answers nobody took: nothing of it stays for the next one.
session.subscribe(() => session.getToken() ?? clearEarlyReads());

/**
 * /Statement's first calls, started with the route's files rather than once the page has been drawn
 * (src/app/route-reads.ts; issue 26): the header's client, the balance (which the summary machine
 * asks for only after the client) and the entries of the default period, for the first account of
 * the session and today's date as the screen computes them (statement-screen.tsx). The machines'
 * own calls then take these answers (src/api/early-reads.ts).
 */
export function readStatementEarly(now: Date = new Date()): void {
  const accountId = session.getAccountId();
  if (!accountId) return;
  const range = periodRange(DEFAULT_PERIOD_TYPE, toIsoDate(now));
  readEarly('getClient', accountPath({ accountId }));
  readEarly('getBalance', accountPath({ accountId }));
  readEarly('getStatement', statementRequest({ accountId, start: range.start, ending: range.end }));
}

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
