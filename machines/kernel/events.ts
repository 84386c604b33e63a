import type { DoneStateEvent, EventObject } from 'xstate';

/**
 * The output of an `xstate.done.actor.<id>` event (of any invoked actor when `actor` is omitted), for a guard or action that setup() types
 * with the machine's own events only (xstate adds the done events of invoked actors at run
 * time). Like xstate's `assertEvent`, any other event throws: a guard wired to the wrong
 * transition fails loudly instead of reading `undefined`.
 */
export function doneOutput<TOutput>(event: EventObject, actor?: string): TOutput {
  const expected = `xstate.done.actor.${actor ?? ''}`;
  const matches = actor === undefined ? event.type.startsWith(expected) : event.type === expected;
  if (!matches || !('output' in event)) {
    throw new Error(`Expected event ${JSON.stringify(expected)} but got ${JSON.stringify(event.type)}.`);
  }
  return event.output as TOutput;
}

/**
 * The machine's output: the output of the final state it reached (xstate hands it over as the
 * root's `xstate.done.state.*` event, typed `unknown`; each final state's `output` is typed).
 */
export function finalOutput<TOutput>({ event }: { event: DoneStateEvent }): TOutput {
  return event.output as TOutput;
}
