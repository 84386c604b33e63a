/**
 * The form of every book of the portal (issue 25), beside the list and delete states of
 * book-states.ts: the profile's address book (machines/profile/address-book.machine.ts) and the
 * recipient book, TED and Pix (machines/transfers/recipient-book.machine.ts), wrote the same
 * form twice. Built here once:
 *
 * - `form` (tag `dialog`): `filling`, then the book's save calls, one state each;
 * - `filling`: `idle`, or `failed` after a failed call (the values stay in the form; a book may
 *   offer `retry` there), and any refusal states of the book's own (the recipient book's
 *   'Favorecido já cadastrado'); `form.submit` goes where the book's guarded transitions say,
 *   `form.cancel` closes the form (`closeForm`) and returns to `#<id>.browsing`;
 * - a save call (`bookSaveStep`, tag `busy`): invoke id = actor name = `call`; its answer goes
 *   where the book says; a refusal the book names goes to its state, any other failure to
 *   `filling.failed` with the error kept (`keepCallError`).
 *
 * What differs stays in each machine: the submit transitions and the order of its calls (one
 * create; an edit that saves the address, the client and reloads it; a CNPJ lookup before a
 * create), and where a save returns (the list kept, or the page asked again). Like book-states.ts
 * the states name their actions, which each machine's `setup` implements for its own context: a
 * machine whose setup lacks one does not compile. State ids are the books' own, so their bindings
 * and generated paths did not change.
 */
import { bookCallState, type BookMeta } from './book-states.ts';

/**
 * The named actions of these states, written in each book's `setup({ actions })`:
 * - `closeForm`: no open form, the error (and any idempotency id of the form) cleared;
 * - `keepCallError`: `callErrorOf(event)`.
 */

/** The `form` state of the book whose machine id is `id` (see the file's comment). */
export function bookFormState<
  const TId extends string,
  const TSubmit,
  const TSteps extends object,
  const TFailedOn extends object = object,
  const TRefused extends object = object,
>(o: {
  id: TId;
  /** The `form.submit` transitions: the book's guards, its first call, its actions. */
  submit: TSubmit;
  /** The save calls, one `bookSaveStep` each, keyed by state id. */
  steps: TSteps;
  form: BookMeta;
  filling: BookMeta;
  idle: BookMeta;
  failed: BookMeta & { description: string };
  /** Transitions of `filling.failed` (the recipient book's `retry`). */
  failedOn?: TFailedOn;
  /** More states of `filling`: the refusals the book says in its own words. */
  refused?: TRefused;
}) {
  const failed = { description: o.failed.description, meta: { spec: o.failed.spec, label: o.failed.label } };
  return {
    meta: o.form,
    tags: ['dialog'],
    initial: 'filling',
    states: {
      filling: {
        meta: o.filling,
        initial: 'idle',
        on: {
          'form.submit': o.submit,
          'form.cancel': { target: `#${o.id}.browsing`, actions: 'closeForm' },
        },
        states: {
          idle: { meta: o.idle },
          failed: o.failedOn ? { ...failed, on: o.failedOn as TFailedOn } : failed,
          ...(o.refused as TRefused),
        },
      },
      ...o.steps,
    },
  } as const;
}

/** One save call of a book's form: a failure the book does not name is `filling.failed`. */
export function bookSaveStep<
  const TCall extends string,
  TContext,
  TInput,
  const TDone,
  const TRefusals extends readonly object[] = [],
>(o: {
  call: TCall;
  input: (args: { context: TContext }) => TInput;
  /** The call's answer (`onDone` of its invoke): where the form goes and what it does. */
  onDone: TDone;
  description: string;
  meta: BookMeta;
  /** Failures the book says in its own words, before the general `filling.failed`. */
  refusals?: TRefusals;
}) {
  return bookCallState({ ...o, failed: 'filling.failed' });
}
