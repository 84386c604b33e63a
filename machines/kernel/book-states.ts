/**
 * The states every book of the portal shares (issue 25): the profile's address book
 * (machines/profile/address-book.machine.ts) and the recipient book, TED and Pix
 * (machines/transfers/recipient-book.machine.ts), were one shape written twice. Built here once:
 *
 * - `loading` → `browsing` or `loadError` (`retry` loads again): the book's list call;
 * - `browsing`: `list` (the rows; with none, `empty`, 'Nenhum registro encontrado!'), the add event
 *   opens `form`, a row's edit event opens `form` and its delete event `confirmingDelete`, each
 *   only for a row on the list (the `knownRow` guard);
 * - `confirmingDelete`: `asking` (`idle`, or `failed` after a failed delete, where the book may
 *   offer `retry`), `delete.confirm` → `deleting` (the delete call), `delete.cancel` → `browsing`.
 *
 * What differs stays in each machine: its rows and calls, its event names (`address.add`,
 * `recipient.edit`...), the form and its save sequence, where a delete returns (the list kept, or
 * the page asked again), and the recipient book's paging and send. The states name their guards
 * and actions (`BookAction`), which each machine's `setup` implements for its own context (xstate
 * types an action by the machine's context and events, so a shared implementation would need
 * casts); a machine whose setup lacks one does not compile. State ids are the books' own, so
 * their bindings and generated paths did not change. The states are plain config spread into
 * `createMachine`, like machines/transfers/movement-states.ts.
 */

/**
 * The named actions of these states, written in each book's `setup({ actions })`:
 * - `keepRows`: the list call's answer (`doneOutput`), the error cleared;
 * - `keepCallError`: `callErrorOf(event)`;
 * - `openAddForm` / `openEditForm`: the form of a new row / of the row of the event, the error cleared;
 * - `askDelete`: the row of the event is the one to delete, the error cleared;
 * - `dropDelete`: no row to delete, the error cleared (the confirmation closed).
 */

/** A state's `meta`: the rule it implements and its label for the charts. */
export interface BookMeta {
  spec: string;
  label: string;
}

/** One transition keyed by its event type, with the literal type kept (for spreading into `on`). */
function on<const K extends string, const V>(event: K, transition: V): Record<K, V> {
  return { [event]: transition } as Record<K, V>;
}

/** The `loading` and `loadError` states: the list call (invoke id = actor name = `call`). */
export function bookLoadStates<const TCall extends string, TContext, TInput>(o: {
  call: TCall;
  input: (args: { context: TContext }) => TInput;
  description: string;
  loading: BookMeta;
  loadError: BookMeta;
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
        onDone: { target: 'browsing', actions: 'keepRows' },
        onError: { target: 'loadError', actions: 'keepCallError' },
      },
    },
    loadError: { meta: o.loadError, on: { retry: 'loading' } },
  } as const;
}

/** The `browsing` state of the book whose machine id is `id` (see the file's comment). */
export function bookBrowsingState<
  const TId extends string,
  const TAdd extends string,
  const TEdit extends string,
  const TDelete extends string,
  const TNoRows extends string,
  const TKnownRow extends string,
  const TBrowsingOn extends object = object,
  const TListOn extends object = object,
>(o: {
  id: TId;
  events: { add: TAdd; edit: TEdit; delete: TDelete };
  guards: { noRows: TNoRows; knownRow: TKnownRow };
  browsing: BookMeta;
  list: BookMeta;
  empty: BookMeta;
  /** More transitions of the whole book while browsing (the recipient book's `query.change`). */
  browsingOn?: TBrowsingOn;
  /** More row transitions of the list (the recipient book's `recipient.send`). */
  listOn?: TListOn;
}) {
  return {
    meta: o.browsing,
    initial: 'list',
    on: {
      ...on(o.events.add, { target: 'form', actions: 'openAddForm' } as const),
      ...(o.browsingOn as TBrowsingOn),
    },
    states: {
      list: {
        meta: o.list,
        // Entered after every load, save, delete or cancel: with nothing to list, the empty text.
        always: { guard: o.guards.noRows, target: 'empty' },
        on: {
          ...on(o.events.edit, {
            guard: o.guards.knownRow,
            target: `#${o.id}.form`,
            actions: 'openEditForm',
          } as const),
          ...on(o.events.delete, {
            guard: o.guards.knownRow,
            target: `#${o.id}.confirmingDelete`,
            actions: 'askDelete',
          } as const),
          ...(o.listOn as TListOn),
        },
      },
      empty: { description: 'COMMON.NO_RECORDS', meta: o.empty },
    },
  } as const;
}

/** The `confirmingDelete` state of the book whose machine id is `id` (see the file's comment). */
export function bookDeleteState<
  const TId extends string,
  const TCall extends string,
  TContext,
  TInput,
  const TDone,
>(o: {
  id: TId;
  call: TCall;
  input: (args: { context: TContext }) => TInput;
  /** The delete's answer (`onDone` of its invoke): where the book goes and what it does. */
  onDone: TDone;
  description: string;
  confirming: BookMeta;
  asking: BookMeta;
  idle: BookMeta;
  failed: BookMeta;
  deleting: BookMeta;
  /** A failed delete offers `retry` (the recipient book), or only Cancel and Confirm again. */
  retry: boolean;
}) {
  return {
    meta: o.confirming,
    tags: ['dialog'],
    initial: 'asking',
    states: {
      asking: {
        meta: o.asking,
        initial: 'idle',
        on: {
          'delete.confirm': 'deleting',
          'delete.cancel': { target: `#${o.id}.browsing`, actions: 'dropDelete' },
        },
        states: {
          idle: { meta: o.idle },
          failed: o.retry
            ? { meta: o.failed, on: { retry: `#${o.id}.confirmingDelete.deleting` } }
            : { meta: o.failed },
        },
      },
      deleting: bookCallState({
        call: o.call,
        input: o.input,
        onDone: o.onDone,
        description: o.description,
        meta: o.deleting,
        failed: 'asking.failed',
      }),
    },
  } as const;
}

/**
 * A state of a book that makes one call (tag `busy`; invoke id = actor name = `call`): the answer
 * goes where `onDone` says; a failure the book names in `refusals` goes to its state, any other to
 * `failed` with the error kept (`keepCallError`). The delete's call, and each save call of the
 * form (book-form-states.ts).
 */
export function bookCallState<
  const TCall extends string,
  TContext,
  TInput,
  const TDone,
  const TFailed extends string,
  const TRefusals extends readonly object[] = [],
>(o: {
  call: TCall;
  input: (args: { context: TContext }) => TInput;
  onDone: TDone;
  description: string;
  meta: BookMeta;
  /** Where any other failure goes, relative to the state's parent. */
  failed: TFailed;
  refusals?: TRefusals;
}) {
  return {
    description: o.description,
    meta: o.meta,
    tags: ['busy'],
    invoke: {
      id: o.call,
      src: o.call,
      input: o.input,
      onDone: o.onDone,
      onError: [
        ...((o.refusals ?? []) as TRefusals),
        { target: o.failed, actions: 'keepCallError' },
      ] as const,
    },
  } as const;
}
