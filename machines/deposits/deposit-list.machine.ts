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
import { keepCallError } from '../kernel/call-error-actions.ts';
import {
  firstPage,
  keepPage,
  pagedGridGuards,
  pagedGridOn,
  pagedLoadStates,
  type PagedContext,
} from '../kernel/paged-grid-states.ts';
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

export interface DepositListContext extends PagedContext<Deposit> {
  today: string;
  filter: DepositFilter;
  /** The boleto whose PDF is being opened, or whose opening failed last. */
  pdfId: number | null;
  pdfFailed: boolean;
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
    ...pagedGridGuards({ call: 'listDeposits', sizes: DEPOSIT_PAGE_SIZES }),
    /** Another filter than the one checked: the checked radio sends nothing, so nothing reloads. */
    isOtherFilter: ({ context, event }) => {
      assertEvent(event, 'filter.change');
      return event.filter !== context.filter;
    },
    /** §4: print only a listed boleto that is not expired. */
    isPrintable: ({ context, event }) => {
      assertEvent(event, 'pdf.open');
      const row = context.rows.find((r) => r.idDeposit === event.idDeposit);
      return row !== undefined && !isExpired(row, context.today);
    },
  },
  actions: {
    keepCallError: keepCallError(),
    keepPage: keepPage('listDeposits'),
    firstPage: firstPage(),
    turnPage: assign(({ event }) => {
      assertEvent(event, 'page.change');
      return { pageNumber: event.pageNumber, pdfFailed: false };
    }),
    resizePage: assign(({ context, event }) => {
      assertEvent(event, 'pageSize.change');
      return { pageSize: event.pageSize, pageNumber: keptPage(context.pageNumber), pdfFailed: false };
    }),
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
    ...pagedLoadStates({
      call: 'listDeposits',
      input: ({ context }: { context: DepositListContext }) => ({
        dataset: DEPOSIT_DATASET,
        body: buildDepositPaging(context),
      }),
      description: 'POST /Deposits/ListWithPagination/deposits (sort idDeposit descending)',
      loading: { spec: SPEC_CALL, label: 'Carregando os boletos' },
      failed: { spec: SPEC_ERRORS, label: 'Falha ao carregar os boletos' },
    }),
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
        ...pagedGridOn,
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
