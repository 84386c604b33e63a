/**
 * The one way a view starts its flow: `const actor = useFlow('pix-refund', pixRefundMachine, input,
 * { onDone })`. It takes the machine's actors from the FlowActorsProvider (useFlowActors), starts
 * the actor once with the live inspector of the auditors' viewer, and calls `onDone` with the
 * machine's output when the flow ends. Views then read slices with `useSelector(actor, selector)`
 * (a slice, not the whole snapshot, so a page draws again only when what it shows changed).
 */
import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { ActorRefFrom, AnyStateMachine, InputFrom, OutputFrom } from 'xstate';
import type { FlowId } from '../../machines/catalog';
import { useFlowActors, type FlowActors, type FlowMachines } from './flow-actors';

/** The provider's id generator, for a flow input's `newId` (src/runtime/flow-actors.tsx). */
export { useNewId } from './flow-actors';
import { withLiveInspector } from './live-inspector';

export interface UseFlowOptions<K extends FlowId> {
  /** Actors of the view's own (a file the view writes, the print dialog), over the provider's. */
  actors?: FlowActors[K];
  /** Called once with the machine's output when the flow reaches its final state. */
  onDone?: (output: OutputFrom<FlowMachines[K]>) => void;
}

/**
 * Starts flow `id` with `machine` (the catalog's machine of that flow: another does not compile)
 * given its actors, and `input` read once, on the first render, as `useActorRef` reads it.
 */
export function useFlow<K extends FlowId>(
  id: K,
  machine: FlowMachines[K],
  input?: InputFrom<FlowMachines[K]>,
  options: UseFlowOptions<K> = {},
): ActorRefFrom<FlowMachines[K]> {
  const { actors } = useFlowActors(id);
  const [provided] = useState(() =>
    (machine as AnyStateMachine).provide({ actors: { ...actors, ...options.actors } }),
  );
  const actor = useActorRef(provided, withLiveInspector({ input }));

  const onDone = useRef(options.onDone);
  useEffect(() => {
    onDone.current = options.onDone;
  });
  // Once per actor, also under StrictMode's second run of the effect.
  const ended = useRef(false);
  useEffect(() => {
    const check = (snapshot: { status: string; output?: unknown }) => {
      if (snapshot.status !== 'done' || ended.current) return;
      ended.current = true;
      onDone.current?.(snapshot.output as OutputFrom<FlowMachines[K]>);
    };
    check(actor.getSnapshot());
    const sub = actor.subscribe(check);
    return () => sub.unsubscribe();
  }, [actor]);
  return actor as ActorRefFrom<FlowMachines[K]>;
}
