/**
 * The one way a machine keeps and clears a failed call's error (docs/DESIGN.md "Machines"): each
 * machine lists `keepCallError: keepCallError()` (and `clearCallError: clearCallError()` where it
 * clears one on its own) in its `setup({ actions })`, and its transitions name them:
 * `onError: { target: 'failed', actions: 'keepCallError' }`. A transition that also assigns other
 * fields lists both: `actions: ['keepCallError', assign({ code: '' })]`.
 *
 * Each is a function so that its context and event types are the machine's own, inferred from
 * the `setup` it is listed in: a machine whose context has no `error: CallError | null` does not
 * compile.
 */
import { assign, type ActionFunction, type EventObject } from 'xstate';
import { callErrorOf, type CallError } from './call-error.ts';

/** A context that keeps a call's error in `error`. */
interface WithCallError {
  error: CallError | null;
}

/**
 * The action as `setup({ actions })` takes it. Its context and events are the machine's (inferred
 * where it is listed); the other parameters (actors, actions, guards, delays, emitted events) are
 * the machine's too, but an assign reads none of them, and inference gives only their constraints,
 * which xstate's phantom fields refuse: they are left open.
 */
type CallErrorAction<
  TContext extends WithCallError,
  TExpressionEvent extends EventObject,
  TEvent extends EventObject,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: phantom parameters only
> = ActionFunction<TContext, TExpressionEvent, TEvent, undefined, any, any, any, any, any>;

/** Keeps the {@link CallError} of the `xstate.error.actor.*` event being handled in `error`. */
export function keepCallError<
  TContext extends WithCallError,
  TExpressionEvent extends EventObject,
  TEvent extends EventObject,
>(): CallErrorAction<TContext, TExpressionEvent, TEvent> {
  return assign({ error: ({ event }) => callErrorOf(event) }) as never;
}

/** Clears the kept error (a new try, a step back, a change of the form). */
export function clearCallError<
  TContext extends WithCallError,
  TExpressionEvent extends EventObject,
  TEvent extends EventObject,
>(): CallErrorAction<TContext, TExpressionEvent, TEvent> {
  return assign({ error: null }) as never;
}
