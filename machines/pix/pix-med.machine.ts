/**
 * The MED list (/PixMEDPage; 4-pix-part-two.md §2 Infractions, §3 Infraction, §4 Infraction
 * statuses, §7 infractions list, cancel infraction, end-to-end transaction lookup, §8 Infractions,
 * §9 Infraction grid page size 10; issue 31; docs/domain-notes.md "MED").
 *
 * The grid is the bank's whole list (listInfractions), paged here 10 at a time. A row offers the
 * detail (the infraction and the Pix behind it, read with getPixTransactionByEndToEndId; when that
 * fails the detail says 'Não foi possível recuperar a transação envolvida...' and still shows the
 * infraction) and, on a report the holder opened that is still OPEN, cancel after a confirmation;
 * the list is read again after a cancel, which the bank may refuse (it moved on meanwhile).
 *
 * The self-service contest (Resolução BCB 493/2025, mandatory since 2025-10-01): 'Contestar um
 * Pix' reads the Pix the holder sent within the report window (getPixStatement, the last 80 days)
 * and offers those with no report in progress; the one chosen opens the part-one infraction report
 * (machines/pix/pix-infraction.machine.ts, its own flow and dialog, the same as the Pix
 * statement's row action). When the dialog ends having reported, the list is read again.
 */
import { assertEvent, assign, setup } from 'xstate';
import { saoPauloDate } from '../../clock/sao-paulo';
import type { components } from '../../openapi/portal';
import { mustProvide } from '../kernel/actors.ts';
import { type CallError, callErrorOf } from '../kernel/call-error.ts';
import { keepCallError } from '../kernel/call-error-actions.ts';
import { doneOutput } from '../kernel/events.ts';
import {
  CONTEST_WINDOW_DAYS,
  contestable,
  isCancellable,
  lastPage,
  pageOf,
  type Infraction,
} from './pix-med-rules.ts';
import type { PixStatementEntry } from './pix-statement-rules.ts';

type Schemas = components['schemas'];

/** GET /Infraction/{accountId}/GetInfractions. */
export interface ListInfractionsInput {
  accountId: string;
}
export type ListInfractionsOutput = Infraction[];
/** The Pix behind an infraction, by its end-to-end id. */
export interface GetTransactionInput {
  accountId: string;
  endToEndId: string;
}
export type GetTransactionOutput = Schemas['PixReceipt'];
/** DELETE /Infraction/{idInfraction}/cancel. */
export interface CancelInfractionInput {
  idInfraction: number;
}
export type CancelInfractionOutput = Infraction;
/** The Pix statement of the report window (the contest's choices). */
export interface ListContestableInput {
  accountId: string;
  start: string;
  ending: string;
}
export type ListContestableOutput = Schemas['PixStatement'];

export interface PixMedInput {
  accountId: string;
  /** This product's provider (config.serviceProviderId): the origin of each report (§4). */
  ownIspb: string;
  /** The page's clock: the contest's window and rules. */
  now: Date;
}

export interface PixMedContext {
  accountId: string;
  ownIspb: string;
  now: Date;
  rows: Infraction[];
  pageNumber: number;
  /** The row whose detail or cancel is under way. */
  selectedId: number | null;
  /** The Pix behind the detail shown; null while unread or when it could not be read. */
  transaction: GetTransactionOutput | null;
  /** §8: the Pix behind it could not be read. */
  transactionFailed: boolean;
  /** The last cancel went through (said over the grid). */
  cancelled: boolean;
  /** The last cancel's refusal (said over the grid). */
  cancelError: CallError | null;
  /** The contest's choices. */
  candidates: PixStatementEntry[];
  /** The Pix chosen to contest (the infraction dialog's entry). */
  contest: PixStatementEntry | null;
  /** The contest's choices could not be read. */
  contestError: CallError | null;
  /** A report was made from the list (said over the grid). */
  reported: boolean;
  error: CallError | null;
}

export type PixMedEvent =
  | { type: 'page.change'; pageNumber: number }
  | { type: 'detail.open'; idInfraction: number }
  | { type: 'detail.close' }
  | { type: 'cancel.ask'; idInfraction: number }
  | { type: 'cancel.confirm' }
  | { type: 'cancel.dismiss' }
  | { type: 'contest.open' }
  | { type: 'contest.pick'; transactionId: string }
  | { type: 'contest.dismiss' }
  | { type: 'contest.done'; reported: boolean }
  | { type: 'retry' }
  | { type: 'back' };

export type PixMedTag = 'busy';

/** Where the view goes when the flow ends (the machine never navigates). */
export interface PixMedOutput {
  to: '/Pix';
}

const SPEC_GRID = '4-pix-part-two.md §2 Infractions (grid with view and cancel); §4; §9 page size 10';
const SPEC_LIST = '4-pix-part-two.md §7 infractions list';
const SPEC_DETAIL = '4-pix-part-two.md §2 detail dialog; §7 end-to-end transaction lookup; §8 Infractions';
const SPEC_CANCEL =
  '4-pix-part-two.md §2 cancel confirmation; §4 (cancelling → CANCELLED); §7 cancel infraction';
const SPEC_CONTEST =
  'Resolução BCB 493/2025 self-service contest (docs/domain-notes.md MED); 3-pix-part-one.md §2 Report infraction dialog';

const DAY_MS = 86_400_000;

const listed = (c: PixMedContext, id: number) => c.rows.find((r) => r.idInfraction === id);

/** The Pix statement period the contest reads: the report window up to today, São Paulo days. */
export function contestPeriod(now: Date): { start: string; ending: string } {
  return {
    start: saoPauloDate(new Date(now.getTime() - CONTEST_WINDOW_DAYS * DAY_MS)),
    ending: saoPauloDate(now),
  };
}

const clearNotes = { cancelled: false, cancelError: null, reported: false, contestError: null };

export const pixMedMachine = setup({
  types: {
    context: {} as PixMedContext,
    events: {} as PixMedEvent,
    input: {} as PixMedInput,
    output: {} as PixMedOutput,
    tags: {} as PixMedTag,
  },
  actors: {
    listInfractions: mustProvide<ListInfractionsOutput, ListInfractionsInput>('listInfractions'),
    getTransaction: mustProvide<GetTransactionOutput, GetTransactionInput>('getTransaction'),
    cancelInfraction: mustProvide<CancelInfractionOutput, CancelInfractionInput>('cancelInfraction'),
    listContestable: mustProvide<ListContestableOutput, ListContestableInput>('listContestable'),
  },
  guards: {
    /** Another page that exists. */
    isOtherExistingPage: ({ context, event }) => {
      assertEvent(event, 'page.change');
      return (
        Number.isInteger(event.pageNumber) &&
        event.pageNumber >= 1 &&
        event.pageNumber <= lastPage(context.rows.length) &&
        event.pageNumber !== context.pageNumber
      );
    },
    isListedRow: ({ context, event }) => {
      assertEvent(event, 'detail.open');
      return listed(context, event.idInfraction) !== undefined;
    },
    /** A listed report the holder opened, still OPEN (the bank's rule, contract cancelInfraction). */
    isCancellableRow: ({ context, event }) => {
      assertEvent(event, 'cancel.ask');
      const row = listed(context, event.idInfraction);
      return row !== undefined && isCancellable(row, context.ownIspb);
    },
    isCandidate: ({ context, event }) => {
      assertEvent(event, 'contest.pick');
      return context.candidates.some((c) => c.transactionId === event.transactionId);
    },
    hasReported: ({ event }) => {
      assertEvent(event, 'contest.done');
      return event.reported;
    },
  },
  actions: {
    keepCallError: keepCallError(),
  },
}).createMachine({
  id: 'pix-med',
  initial: 'loading',
  context: ({ input }) => ({
    accountId: input.accountId,
    ownIspb: input.ownIspb,
    now: input.now,
    rows: [],
    pageNumber: 1,
    selectedId: null,
    transaction: null,
    transactionFailed: false,
    cancelled: false,
    cancelError: null,
    candidates: [],
    contest: null,
    contestError: null,
    reported: false,
    error: null,
  }),
  states: {
    loading: {
      description: 'GET /Infraction/{accountId}/GetInfractions (newest first)',
      meta: { spec: SPEC_LIST, label: 'Carregando as infrações' },
      tags: ['busy'],
      invoke: {
        id: 'listInfractions',
        src: 'listInfractions',
        input: ({ context }) => ({ accountId: context.accountId }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            rows: event.output,
            // A page left empty (a shorter list) goes back to the last one.
            pageNumber: Math.min(context.pageNumber, lastPage(event.output.length)),
            error: null,
          })),
        },
        onError: { target: 'failed', actions: 'keepCallError' },
      },
    },
    ready: {
      description: "the grid (10 a page); none: 'Nenhuma infração encontrada.'",
      meta: { spec: SPEC_GRID, label: 'Lista de infrações (MED)' },
      on: {
        'page.change': {
          guard: 'isOtherExistingPage',
          actions: assign(({ event }) => ({ pageNumber: event.pageNumber, ...clearNotes })),
        },
        'detail.open': {
          guard: 'isListedRow',
          target: 'loadingDetail',
          actions: assign(({ event }) => ({
            selectedId: event.idInfraction,
            transaction: null,
            transactionFailed: false,
            ...clearNotes,
          })),
        },
        'cancel.ask': {
          guard: 'isCancellableRow',
          target: 'confirmingCancel',
          actions: assign(({ event }) => ({ selectedId: event.idInfraction, ...clearNotes })),
        },
        'contest.open': { target: 'loadingCandidates', actions: assign(clearNotes) },
        back: 'toPix',
      },
    },
    loadingDetail: {
      description: 'the Pix behind it: GET /account/{accountId}/pix-transaction/{endToEndId}',
      meta: { spec: SPEC_DETAIL, label: 'Carregando a transação envolvida' },
      tags: ['busy'],
      invoke: {
        id: 'getTransaction',
        src: 'getTransaction',
        input: ({ context }) => ({
          accountId: context.accountId,
          endToEndId: listed(context, context.selectedId ?? 0)?.infractionE2E ?? '',
        }),
        onDone: { target: 'detail', actions: assign({ transaction: ({ event }) => event.output }) },
        // §8: the detail still shows the infraction, saying the transaction could not be read.
        onError: { target: 'detail', actions: assign({ transactionFailed: true }) },
      },
    },
    detail: {
      description:
        "the detail dialog; transactionFailed: 'Não foi possível recuperar a transação envolvida...'",
      meta: { spec: SPEC_DETAIL, label: 'Detalhe da infração' },
      on: {
        'detail.close': {
          target: 'ready',
          actions: assign({ selectedId: null, transaction: null, transactionFailed: false }),
        },
      },
    },
    confirmingCancel: {
      description: 'the cancel confirmation (Sim / Não)',
      meta: { spec: SPEC_CANCEL, label: 'Confirmar o cancelamento' },
      on: {
        'cancel.confirm': 'cancelling',
        'cancel.dismiss': { target: 'ready', actions: assign({ selectedId: null }) },
      },
    },
    cancelling: {
      description: 'DELETE /Infraction/{idInfraction}/cancel, then the list again',
      meta: { spec: SPEC_CANCEL, label: 'Cancelando a infração' },
      tags: ['busy'],
      invoke: {
        id: 'cancelInfraction',
        src: 'cancelInfraction',
        input: ({ context }) => ({ idInfraction: context.selectedId ?? 0 }),
        onDone: { target: 'loading', actions: assign({ cancelled: true, selectedId: null }) },
        // A refusal (it moved on meanwhile: PIXRECV 101) is said over the grid, which reloads so
        // the row shows where it is now.
        onError: {
          target: 'loading',
          actions: assign({ cancelError: ({ event }) => callErrorOf(event), selectedId: null }),
        },
      },
    },
    loadingCandidates: {
      description: 'the Pix sent within the report window: GET the Pix statement of the last 80 days',
      meta: { spec: SPEC_CONTEST, label: 'Carregando os Pix que podem ser contestados' },
      tags: ['busy'],
      invoke: {
        id: 'listContestable',
        src: 'listContestable',
        input: ({ context }) => ({ accountId: context.accountId, ...contestPeriod(context.now) }),
        onDone: {
          target: 'choosing',
          actions: assign(({ context, event }) => ({
            candidates: contestable(
              doneOutput<ListContestableOutput>(event, 'listContestable').statement,
              context.rows,
              context.now,
            ),
          })),
        },
        onError: { target: 'ready', actions: assign({ contestError: ({ event }) => callErrorOf(event) }) },
      },
    },
    choosing: {
      description: "the contest's choices: the Pix sent in the window with no report in progress",
      meta: { spec: SPEC_CONTEST, label: 'Escolhendo o Pix a contestar' },
      on: {
        'contest.pick': {
          guard: 'isCandidate',
          target: 'contesting',
          actions: assign(({ context, event }) => ({
            contest: context.candidates.find((c) => c.transactionId === event.transactionId) ?? null,
          })),
        },
        'contest.dismiss': { target: 'ready', actions: assign({ candidates: [] }) },
      },
    },
    contesting: {
      description: 'the infraction report dialog (pix-infraction) of the chosen Pix',
      meta: { spec: SPEC_CONTEST, label: 'Contestando o Pix (notificação de infração)' },
      on: {
        'contest.done': [
          {
            guard: 'hasReported',
            target: 'loading',
            actions: assign({ reported: true, contest: null, candidates: [] }),
          },
          { target: 'ready', actions: assign({ contest: null, candidates: [] }) },
        ],
      },
    },
    failed: {
      description: 'describeApiError(error) with Tentar novamente',
      meta: { spec: SPEC_LIST, label: 'Falha ao carregar as infrações' },
      on: { retry: 'loading', back: 'toPix' },
    },
    toPix: {
      type: 'final',
      meta: { spec: '3-pix-part-one.md §2 (back to the Pix hub)', label: 'Voltar para /Pix' },
    },
  },
  output: () => ({ to: '/Pix' as const }),
});

/** The rows of the page shown. */
export const pageRows = (c: Pick<PixMedContext, 'rows' | 'pageNumber'>): Infraction[] =>
  pageOf(c.rows, c.pageNumber);
