/**
 * The states every server-paged grid of the portal shares (issue 25): the scheduled Pix
 * (machines/pix/pix-schedules.machine.ts) and the deposit boletos
 * (machines/deposits/deposit-list.machine.ts) were one shape written twice. Built here once:
 *
 * - `loading`: the list call for the page in the context (invoke id = actor name = `call`); an
 *   answer with no row for a page after the first of a list that still has rows (a delete, a
 *   shorter list) asks page 1 again (`firstPage`), any other answer is kept (`keepPage`) and the
 *   grid is `ready`; a failure is kept (`keepCallError`) and the grid is `failed`;
 * - `failed`: 'Tentar novamente' (`retry`) loads again;
 * - the grid's `page.change` (another page from 1 to the last) and `pageSize.change` (another of
 *   the grid's allowed sizes) reload through the machine's own `turnPage` and `resizePage`, which
 *   say which page a new size keeps and which notes a move clears.
 *
 * The guards (`pagedGridGuards`) and `keepPage`/`firstPage` are implemented here and listed in each
 * machine's `setup`; like keepCallError() (call-error-actions.ts) their types are the machine's
 * own, so a machine whose context lacks the paged fields does not compile. The states are plain
 * config spread into `createMachine` (like book-states.ts), keeping each machine's state ids, and
 * so its bindings and generated paths.
 * The view is src/ui/paged-grid.tsx; the pager's e2e binding is e2e/bindings/pager.ts.
 */
import { assertEvent, assign, type ActionFunction, type EventObject, type MachineContext } from 'xstate';
import type { CallError } from './call-error.ts';
import { doneOutput } from './events.ts';

/** What a server-paged grid keeps. */
export interface PagedContext<TRow> {
  pageNumber: number;
  pageSize: number;
  rows: TRow[];
  recordCount: number;
  error: CallError | null;
}

/** The bank's answer: one page of rows and the count of the whole list. */
export interface PageAnswer<TRow> {
  dataset: TRow[];
  recordCount: number;
}

/** A state's `meta`: the rule it implements and its label for the charts. */
export interface PagedMeta {
  spec: string;
  label: string;
}

/** The last page of the list (1 when there is none). */
export const lastPageOf = (c: Pick<PagedContext<unknown>, 'recordCount' | 'pageSize'>): number =>
  Math.max(1, Math.ceil(c.recordCount / c.pageSize));

/** What the guards read of an event: the grid's own events carry the page or the size asked. */
interface PagingEvent extends EventObject {
  pageNumber?: number;
  pageSize?: number;
}

type Counts = Pick<PagedContext<unknown>, 'pageNumber' | 'pageSize' | 'recordCount'>;

/** The guards of the grid whose list call is `call` and whose page sizes are `sizes`. */
export function pagedGridGuards(o: { call: string; sizes: readonly number[] }) {
  return {
    /** One of the allowed sizes, and another than the one shown (the select sends no change for it). */
    isOtherAllowedPageSize: ({ context, event }: { context: Counts; event: PagingEvent }) => {
      assertEvent(event, 'pageSize.change');
      const size = event.pageSize ?? 0;
      return o.sizes.includes(size) && size !== context.pageSize;
    },
    /** Another page that exists: from 1 to the last page of the current count. */
    isOtherExistingPage: ({ context, event }: { context: Counts; event: PagingEvent }) => {
      assertEvent(event, 'page.change');
      const n = event.pageNumber ?? 0;
      return Number.isInteger(n) && n >= 1 && n <= lastPageOf(context) && n !== context.pageNumber;
    },
    /** The page no longer exists (no row on a page after the first of a non-empty list). */
    isPastLastPage: ({ context, event }: { context: Counts; event: EventObject }) => {
      const page = doneOutput<PageAnswer<unknown>>(event, o.call);
      return context.pageNumber > 1 && page.dataset.length === 0 && page.recordCount > 0;
    },
  };
}

/** An action as `setup({ actions })` takes it; see call-error-actions.ts for the open parameters. */
type PagedAction<
  TContext extends MachineContext,
  TExpressionEvent extends EventObject,
  TEvent extends EventObject,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- phantom parameters only
> = ActionFunction<TContext, TExpressionEvent, TEvent, undefined, any, any, any, any, any>;

/** Keeps the page the list call `call` answered, the error cleared. */
export function keepPage<
  TRow,
  TContext extends PagedContext<TRow>,
  TExpressionEvent extends EventObject,
  TEvent extends EventObject,
>(call: string): PagedAction<TContext, TExpressionEvent, TEvent> {
  return assign(({ event }: { event: EventObject }) => {
    const page = doneOutput<PageAnswer<TRow>>(event, call);
    return { rows: page.dataset, recordCount: page.recordCount, error: null };
  }) as never;
}

/** Back to page 1 (the page asked no longer exists). */
export function firstPage<
  TContext extends PagedContext<unknown>,
  TExpressionEvent extends EventObject,
  TEvent extends EventObject,
>(): PagedAction<TContext, TExpressionEvent, TEvent> {
  return assign({ pageNumber: 1 }) as never;
}

/** The `loading` and `failed` states (see the file's comment). */
export function pagedLoadStates<const TCall extends string, TContext, TInput, const TFailedOn = object>(o: {
  call: TCall;
  input: (args: { context: TContext }) => TInput;
  description: string;
  loading: PagedMeta;
  failed: PagedMeta;
  /** More transitions of `failed` (the way back). */
  failedOn?: TFailedOn;
}) {
  return {
    loading: {
      description: o.description,
      meta: o.loading,
      tags: ['busy'],
      invoke: {
        id: o.call,
        src: o.call,
        input: o.input,
        onDone: [
          { guard: 'isPastLastPage', target: 'loading', reenter: true, actions: 'firstPage' },
          { target: 'ready', actions: 'keepPage' },
        ],
        onError: { target: 'failed', actions: 'keepCallError' },
      },
    },
    failed: {
      description: 'describeApiError(error) with Tentar novamente',
      meta: o.failed,
      on: { retry: 'loading', ...(o.failedOn as TFailedOn) },
    },
  } as const;
}

/** The grid's own transitions of `ready` (see the file's comment). */
export const pagedGridOn = {
  'page.change': { guard: 'isOtherExistingPage', target: 'loading', actions: 'turnPage' },
  'pageSize.change': { guard: 'isOtherAllowedPageSize', target: 'loading', actions: 'resizePage' },
} as const;
