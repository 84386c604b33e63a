/**
 * The list of generated deposit boletos (/Deposit/Ticket; 2-money-movement.md §2 Deposit by boleto,
 * §4 Deposit boleto and Deposit list, §7 POST /Deposits/ListWithPagination/{dataset} and the
 * boleto PDF, §8 empty lists and print failure, §9 page sizes 5/10/20, default 10, sort idDeposit
 * descending; issue 14).
 *
 * The grid (id hidden, total amount, created date, due date, print action) is one page of the bank's
 * list. The radio filter all / expired / almost expired sends today's date (São Paulo, given as
 * input: the machine reads no clock) as `due_date_finish` (expired) or `due_date_start` (almost
 * expired). A boleto whose due date is before today shows 'Expirado' and cannot be printed (§4).
 *
 * The page reset rule (§4, §9: "the page number is reset to 1 if it would exceed 2") is read here
 * as the rule of a list whose filter or page size changed: the page number is kept when it is 1 or
 * 2 and reset to 1 otherwise; and, since a kept page may no longer exist, an answer with no row
 * for a page after the first while the list has rows reloads page 1. (The spec is silent on why 2;
 * this keeps its literal rule and never shows an empty page of a list that has boletos.)
 */
import { assertEvent, assign, setup } from 'xstate';
import type { components } from '../../openapi/portal';
import { mustProvide } from '../kernel/actors.ts';
import { type CallError } from '../kernel/call-error.ts';
import { keepCallError } from '../kernel/call-error-actions.ts';
import { doneOutput } from '../kernel/events.ts';
import type { OpenBoletoPdfInput, OpenBoletoPdfOutput } from './deposit-boleto.machine.ts';

type Schemas = components['schemas'];

export type Deposit = Schemas['Deposit'];
export type DepositFilter = 'all' | 'expired' | 'almostExpired';

/** §9: the page sizes of the deposit list, and its default. */
export const DEPOSIT_PAGE_SIZES = [5, 10, 20] as const;
export const DEPOSIT_DEFAULT_PAGE_SIZE = 10;
/** The dataset of the path (POST /Deposits/ListWithPagination/{dataset}). */
export const DEPOSIT_DATASET = 'deposits';

/** POST /Deposits/ListWithPagination/{dataset}. */
export interface ListDepositsInput {
  dataset: string;
  body: Schemas['PagingRequest'];
}
export type ListDepositsOutput = Schemas['DepositPage'];

export interface DepositListInput {
  /** Today in São Paulo, YYYY-MM-DD (the filters carry it; 'Expirado' is a due date before it). */
  today: string;
}

export interface DepositListContext {
  today: string;
  filter: DepositFilter;
  pageNumber: number;
  pageSize: number;
  rows: Deposit[];
  recordCount: number;
  /** The boleto whose PDF is being opened, or whose opening failed last. */
  pdfId: number | null;
  pdfFailed: boolean;
  error: CallError | null;
}

export type DepositListEvent =
  | { type: 'filter.change'; filter: DepositFilter }
  | { type: 'page.change'; pageNumber: number }
  | { type: 'pageSize.change'; pageSize: number }
  | { type: 'pdf.open'; idDeposit: number }
  | { type: 'retry' }
  | { type: 'back' };

export type DepositListTag = 'busy';

/** Where the view goes when the flow ends (the machine never navigates). */
export interface DepositListOutput {
  to: '/Deposit';
}

const SPEC_GRID =
  '2-money-movement.md §2 Deposit by boleto (/Deposit/Ticket: paged grid, radio filter); §9 page sizes';
const SPEC_CALL = '2-money-movement.md §7 POST /Deposits/ListWithPagination/{dataset}';
const SPEC_RESET = '2-money-movement.md §4 Deposit list (page reset to 1 if it would exceed 2)';
const SPEC_PDF = "2-money-movement.md §2 print action ('Expirado' once due); §7 Boleto PDF; §8 Print failure";
const SPEC_ERRORS = '2-money-movement.md §8 Error catalogue';

/** §4: expired when the due date is before today (both YYYY-MM-DD, compared as text). */
export const isExpired = (deposit: Pick<Deposit, 'dueDate'>, today: string): boolean =>
  deposit.dueDate < today;

/** The paging request of §3 for the list's state (filters carry today's date, §7). */
export function buildDepositPaging(
  c: Pick<DepositListContext, 'today' | 'filter' | 'pageNumber' | 'pageSize'>,
): Schemas['PagingRequest'] {
  const filters: Record<string, string> =
    c.filter === 'expired'
      ? { due_date_finish: c.today }
      : c.filter === 'almostExpired'
        ? { due_date_start: c.today }
        : {};
  return {
    datasets: [DEPOSIT_DATASET],
    filters,
    groups: [],
    pageNumber: c.pageNumber,
    pageSize: c.pageSize,
    fieldToSort: 'idDeposit',
    direction: 1,
  };
}

/** §4 page reset: a page number that would exceed 2 goes back to 1. */
export const keptPage = (pageNumber: number): number => (pageNumber > 2 ? 1 : pageNumber);

export const depositListMachine = setup({
  types: {
    context: {} as DepositListContext,
    events: {} as DepositListEvent,
    input: {} as DepositListInput,
    output: {} as DepositListOutput,
    tags: {} as DepositListTag,
  },
  actors: {
    listDeposits: mustProvide<ListDepositsOutput, ListDepositsInput>('listDeposits'),
    openBoletoPdf: mustProvide<OpenBoletoPdfOutput, OpenBoletoPdfInput>('openBoletoPdf'),
  },
  guards: {
    /**
     * §9: only 5, 10 or 20 rows per page, and another size than the one shown: the select sends no
     * change for the size it already shows, so the machine does not reload for it either.
     */
    isOtherAllowedPageSize: ({ context, event }) => {
      assertEvent(event, 'pageSize.change');
      return (
        (DEPOSIT_PAGE_SIZES as readonly number[]).includes(event.pageSize) &&
        event.pageSize !== context.pageSize
      );
    },
    /** Another filter than the one checked: the checked radio sends nothing, so nothing reloads. */
    isOtherFilter: ({ context, event }) => {
      assertEvent(event, 'filter.change');
      return event.filter !== context.filter;
    },
    /** A page that exists: from 1 to the last page of the current count. */
    isExistingPage: ({ context, event }) => {
      assertEvent(event, 'page.change');
      const last = Math.max(1, Math.ceil(context.recordCount / context.pageSize));
      return Number.isInteger(event.pageNumber) && event.pageNumber >= 1 && event.pageNumber <= last;
    },
    /** §4: print only a listed boleto that is not expired. */
    isPrintable: ({ context, event }) => {
      assertEvent(event, 'pdf.open');
      const row = context.rows.find((r) => r.idDeposit === event.idDeposit);
      return row !== undefined && !isExpired(row, context.today);
    },
    /** The kept page no longer exists (no row on a page after the first of a non-empty list). */
    isPastLastPage: ({ context, event }) => {
      const page = doneOutput<ListDepositsOutput>(event, 'listDeposits');
      return context.pageNumber > 1 && page.dataset.length === 0 && page.recordCount > 0;
    },
  },
  actions: {
    keepCallError: keepCallError(),
  },
}).createMachine({
  id: 'deposit-list',
  initial: 'loading',
  context: ({ input }) => ({
    today: input.today,
    filter: 'all',
    pageNumber: 1,
    pageSize: DEPOSIT_DEFAULT_PAGE_SIZE,
    rows: [],
    recordCount: 0,
    pdfId: null,
    pdfFailed: false,
    error: null,
  }),
  on: {
    back: '.toDeposit',
  },
  states: {
    loading: {
      description: 'POST /Deposits/ListWithPagination/deposits (sort idDeposit descending)',
      meta: { spec: SPEC_CALL, label: 'Carregando os boletos' },
      tags: ['busy'],
      invoke: {
        id: 'listDeposits',
        src: 'listDeposits',
        input: ({ context }) => ({ dataset: DEPOSIT_DATASET, body: buildDepositPaging(context) }),
        onDone: [
          {
            guard: 'isPastLastPage',
            target: 'loading',
            reenter: true,
            actions: assign({ pageNumber: 1 }),
          },
          {
            target: 'ready',
            actions: assign({
              rows: ({ event }) => event.output.dataset,
              recordCount: ({ event }) => event.output.recordCount,
              error: null,
            }),
          },
        ],
        onError: {
          target: 'failed',
          actions: 'keepCallError',
        },
      },
    },
    ready: {
      description: "the grid; no row: 'Nenhum registro encontrado!'",
      meta: { spec: `${SPEC_GRID}; ${SPEC_RESET}`, label: 'Lista de boletos' },
      on: {
        'filter.change': {
          guard: 'isOtherFilter',
          target: 'loading',
          actions: assign(({ context, event }) => ({
            filter: event.filter,
            pageNumber: keptPage(context.pageNumber),
            pdfFailed: false,
          })),
        },
        'pageSize.change': {
          guard: 'isOtherAllowedPageSize',
          target: 'loading',
          actions: assign(({ context, event }) => ({
            pageSize: event.pageSize,
            pageNumber: keptPage(context.pageNumber),
            pdfFailed: false,
          })),
        },
        'page.change': {
          guard: 'isExistingPage',
          target: 'loading',
          actions: assign({ pageNumber: ({ event }) => event.pageNumber, pdfFailed: false }),
        },
        'pdf.open': {
          guard: 'isPrintable',
          target: 'openingPdf',
          actions: assign({ pdfId: ({ event }) => event.idDeposit, pdfFailed: false }),
        },
      },
    },
    openingPdf: {
      description: 'GET /boletopdf/{idDeposit} with the session, opened in a new tab',
      meta: { spec: SPEC_PDF, label: 'Abrindo o PDF do boleto' },
      tags: ['busy'],
      invoke: {
        id: 'openBoletoPdf',
        src: 'openBoletoPdf',
        input: ({ context }) => ({ idDeposit: context.pdfId ?? 0 }),
        onDone: { target: 'ready', actions: assign({ pdfId: null }) },
        onError: { target: 'ready', actions: assign({ pdfFailed: true }) },
      },
    },
    failed: {
      description: 'describeApiError(error) with Tentar novamente',
      meta: { spec: SPEC_ERRORS, label: 'Falha ao carregar os boletos' },
      on: { retry: 'loading' },
    },
    toDeposit: {
      type: 'final',
      meta: {
        spec: '2-money-movement.md §2 Deposit by boleto (back button → /Deposit)',
        label: 'Voltar para /Deposit',
      },
    },
  },
  output: () => ({ to: '/Deposit' as const }),
});
