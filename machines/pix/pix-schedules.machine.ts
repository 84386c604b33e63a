/**
 * Scheduled Pix (/PixShedulingPage; 4-pix-part-two.md §2 Scheduled payments, §3 Pix payment
 * schedule, §7 POST /PixPaymentSchedules/ListWithPagination/{view} and DELETE
 * /PixPaymentSchedules/{id}, §9 page size 20 (5, 10, 20), sort by id descending; issue 28).
 *
 * The grid is one page of the bank's list. Each row has two actions: the receipt (the schedule as
 * the bank holds it now: GET /PixPaymentSchedules/{id}) and delete, which asks 'Deseja realmente
 * excluir esse agendamento?' first. Only a pending schedule can be deleted (the bank refuses one
 * that ran or failed, PIXSCHED 110, and so the grid offers delete only on pending rows); after a
 * delete the page is loaded again, and a page left with no row goes back to page 1.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { components } from '../../openapi/portal';
import { mustProvide } from '../kernel/actors.ts';
import { type CallError, callErrorOf } from '../kernel/call-error.ts';
import { keepCallError } from '../kernel/call-error-actions.ts';
import {
  firstPage,
  keepPage,
  pagedGridGuards,
  pagedGridOn,
  pagedLoadStates,
  type PagedContext,
} from '../kernel/paged-grid-states.ts';

type Schemas = components['schemas'];

export type PixSchedule = Schemas['PixPaymentSchedule'];

/** §9: the page sizes of the scheduling grid, and its default. */
export const SCHEDULE_PAGE_SIZES = [5, 10, 20] as const;
export const SCHEDULE_DEFAULT_PAGE_SIZE = 20;
/** The view of the path (POST /PixPaymentSchedules/ListWithPagination/{view}). */
export const SCHEDULE_VIEW = 'PixPaymentSchedules';

/** POST /PixPaymentSchedules/ListWithPagination/{view}. */
export interface ListSchedulesInput {
  view: string;
  body: Schemas['PagingRequest'];
}
export type ListSchedulesOutput = Schemas['PixSchedulePage'];
/** GET and DELETE /PixPaymentSchedules/{id}. */
export interface ScheduleIdInput {
  idPixPaymentSchedule: number;
}
export type GetScheduleOutput = PixSchedule;
export type DeleteScheduleOutput = Schemas['Ack'];

export interface PixSchedulesContext extends PagedContext<PixSchedule> {
  /** The row whose receipt or delete is under way. */
  selectedId: number | null;
  /** The receipt shown. */
  receipt: PixSchedule | null;
  /** A receipt could not be read (the grid says so). */
  receiptFailed: boolean;
  /** The last delete's refusal (shown over the grid), or null. */
  deleteError: CallError | null;
  /** The last delete went through (the grid says so). */
  deleted: boolean;
}

export type PixSchedulesEvent =
  | { type: 'page.change'; pageNumber: number }
  | { type: 'pageSize.change'; pageSize: number }
  | { type: 'receipt.open'; idPixPaymentSchedule: number }
  | { type: 'receipt.close' }
  | { type: 'delete.ask'; idPixPaymentSchedule: number }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'retry' }
  | { type: 'back' };

export type PixSchedulesTag = 'busy';

/** Where the view goes when the flow ends (the machine never navigates). */
export interface PixSchedulesOutput {
  to: '/Pix';
}

const SPEC_GRID = '4-pix-part-two.md §2 Scheduled payments (server-paged grid); §9 Scheduling grid';
const SPEC_LIST = '4-pix-part-two.md §7 POST /PixPaymentSchedules/ListWithPagination/{view}';
const SPEC_RECEIPT =
  '4-pix-part-two.md §2 receipt (weekday and date, recipient, description, value, created-at, id)';
const SPEC_DELETE = "4-pix-part-two.md §2 delete ('Deseja realmente excluir esse agendamento?'); §7 DELETE";
const SPEC_ERRORS = '4-pix-part-two.md §8 Error catalogue';

/** The paging request of §7 for the grid's state (sorted by id, descending, §9). */
export function buildSchedulePaging(
  c: Pick<PixSchedulesContext, 'pageNumber' | 'pageSize'>,
): Schemas['PagingRequest'] {
  return {
    datasets: [SCHEDULE_VIEW],
    filters: {},
    groups: [],
    pageNumber: c.pageNumber,
    pageSize: c.pageSize,
    fieldToSort: 'idPixPaymentSchedule',
    direction: 1,
  };
}

/** A schedule the bank can still delete: one that has not run (issue 28). */
export const isDeletable = (s: Pick<PixSchedule, 'status'>): boolean => s.status === 'PENDING';

/** The notes over the grid, cleared by the next move. */
const clearNotes = { receiptFailed: false, deleteError: null, deleted: false };

const listedRow = (context: PixSchedulesContext, id: number) =>
  context.rows.find((r) => r.idPixPaymentSchedule === id);

export const pixSchedulesMachine = setup({
  types: {
    context: {} as PixSchedulesContext,
    events: {} as PixSchedulesEvent,
    output: {} as PixSchedulesOutput,
    tags: {} as PixSchedulesTag,
  },
  actors: {
    listSchedules: mustProvide<ListSchedulesOutput, ListSchedulesInput>('listSchedules'),
    getSchedule: mustProvide<GetScheduleOutput, ScheduleIdInput>('getSchedule'),
    deleteSchedule: mustProvide<DeleteScheduleOutput, ScheduleIdInput>('deleteSchedule'),
  },
  guards: {
    ...pagedGridGuards({ call: 'listSchedules', sizes: SCHEDULE_PAGE_SIZES }),
    /** A row of the page shown. */
    isListedRow: ({ context, event }) => {
      assertEvent(event, 'receipt.open');
      return listedRow(context, event.idPixPaymentSchedule) !== undefined;
    },
    /** A row of the page shown that has not run. */
    isDeletableRow: ({ context, event }) => {
      assertEvent(event, 'delete.ask');
      const row = listedRow(context, event.idPixPaymentSchedule);
      return row !== undefined && isDeletable(row);
    },
  },
  actions: {
    keepCallError: keepCallError(),
    keepPage: keepPage('listSchedules'),
    firstPage: firstPage(),
    turnPage: assign(({ event }) => {
      assertEvent(event, 'page.change');
      return { pageNumber: event.pageNumber, ...clearNotes };
    }),
    resizePage: assign(({ event }) => {
      assertEvent(event, 'pageSize.change');
      return { pageSize: event.pageSize, pageNumber: 1, ...clearNotes };
    }),
  },
}).createMachine({
  id: 'pix-schedules',
  initial: 'loading',
  context: {
    pageNumber: 1,
    pageSize: SCHEDULE_DEFAULT_PAGE_SIZE,
    rows: [],
    recordCount: 0,
    selectedId: null,
    receipt: null,
    receiptFailed: false,
    deleteError: null,
    deleted: false,
    error: null,
  },
  states: {
    ...pagedLoadStates({
      call: 'listSchedules',
      input: ({ context }: { context: PixSchedulesContext }) => ({
        view: SCHEDULE_VIEW,
        body: buildSchedulePaging(context),
      }),
      description: 'POST /PixPaymentSchedules/ListWithPagination/PixPaymentSchedules (id descending)',
      loading: { spec: SPEC_LIST, label: 'Carregando os agendamentos' },
      failed: { spec: SPEC_ERRORS, label: 'Falha ao carregar os agendamentos' },
      failedOn: { back: 'toPix' },
    }),
    ready: {
      description: "the grid; no row: 'Nenhum registro encontrado!'; a failed row shows its reason",
      meta: { spec: SPEC_GRID, label: 'Lista de agendamentos' },
      on: {
        ...pagedGridOn,
        'receipt.open': {
          guard: 'isListedRow',
          target: 'loadingReceipt',
          actions: assign({
            selectedId: ({ event }) => event.idPixPaymentSchedule,
            ...clearNotes,
          }),
        },
        'delete.ask': {
          guard: 'isDeletableRow',
          target: 'confirmingDelete',
          actions: assign({
            selectedId: ({ event }) => event.idPixPaymentSchedule,
            ...clearNotes,
          }),
        },
        back: 'toPix',
      },
    },
    loadingReceipt: {
      description: 'GET /PixPaymentSchedules/{id}',
      meta: { spec: SPEC_RECEIPT, label: 'Carregando o comprovante do agendamento' },
      tags: ['busy'],
      invoke: {
        id: 'getSchedule',
        src: 'getSchedule',
        input: ({ context }) => ({ idPixPaymentSchedule: context.selectedId ?? 0 }),
        onDone: { target: 'receipt', actions: assign({ receipt: ({ event }) => event.output }) },
        onError: { target: 'ready', actions: assign({ receiptFailed: true, selectedId: null }) },
      },
    },
    receipt: {
      description: 'the receipt: weekday and date, recipient, description, value, created at, id',
      meta: { spec: SPEC_RECEIPT, label: 'Comprovante do agendamento' },
      on: { 'receipt.close': { target: 'ready', actions: assign({ receipt: null, selectedId: null }) } },
    },
    confirmingDelete: {
      description: "'Deseja realmente excluir esse agendamento?' (Sim / Não)",
      meta: { spec: SPEC_DELETE, label: 'Confirmar a exclusão' },
      on: {
        'delete.confirm': 'deleting',
        'delete.cancel': { target: 'ready', actions: assign({ selectedId: null }) },
      },
    },
    deleting: {
      description: 'DELETE /PixPaymentSchedules/{id}, then the page again',
      meta: { spec: SPEC_DELETE, label: 'Excluindo o agendamento' },
      tags: ['busy'],
      invoke: {
        id: 'deleteSchedule',
        src: 'deleteSchedule',
        input: ({ context }) => ({ idPixPaymentSchedule: context.selectedId ?? 0 }),
        onDone: { target: 'loading', actions: assign({ deleted: true, selectedId: null }) },
        // A refusal (it ran meanwhile: PIXSCHED 110) is said over the grid, which reloads so the
        // row shows what happened to it.
        onError: {
          target: 'loading',
          actions: assign({ deleteError: ({ event }) => callErrorOf(event), selectedId: null }),
        },
      },
    },
    toPix: {
      type: 'final',
      meta: { spec: '3-pix-part-one.md §2 (back to the Pix hub)', label: 'Voltar para /Pix' },
    },
  },
  output: () => ({ to: '/Pix' as const }),
});
