/**
 * How a view receives the actors of its machine: the composition root (src/app) puts the real
 * ones in a {@link FlowActorsProvider}, view tests put fakes in the same provider,
 * and a view reads them with {@link useFlowActors}. Features never import src/app (a lint rule).
 *
 * The table is keyed by the catalog's flow ids and typed by their machines (`FlowMachines`, read
 * from machines/catalog.ts by type only: no machine enters this module's chunk), so an actor whose
 * input or output does not match its machine's declaration does not compile, and a new flow needs
 * no line here.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { AnyStateMachine } from 'xstate';
import type { FlowMachines } from '../../machines/catalog';
import type { IdGenerator } from '../../machines/kernel/ids';

export type { FlowMachines };

/** The actors `machine.provide({ actors })` accepts: each keyed by its `src`, typed by it. */
export type ActorsOf<TMachine extends AnyStateMachine> = NonNullable<
  NonNullable<Parameters<TMachine['provide']>[0]>['actors']
>;

/** Each machine's actors, as the composition root provides them (an area at a time). */
export type FlowActors = { [K in keyof FlowMachines]: ActorsOf<FlowMachines[K]> };

interface FlowRuntime {
  actors: Partial<FlowActors>;
  newId?: IdGenerator;
}

const FlowRuntimeContext = createContext<FlowRuntime>({ actors: {} });

export interface FlowActorsProviderProps {
  /** The actors of some flows; flows given by a provider further up stay available. */
  actors: Partial<FlowActors>;
  /** Ids the bank deduplicates on (externalIdentifier, idempotency keys): the flows' `input.newId`. */
  newId?: IdGenerator;
  children: ReactNode;
}

/**
 * Gives flows' actors to every view below it: the composition root gives the real ones (one
 * provider per area, loaded with the area's pages), a view test gives fakes the same way.
 */
export function FlowActorsProvider({ actors, newId, children }: FlowActorsProviderProps) {
  const parent = useContext(FlowRuntimeContext);
  const value = useMemo(
    () => ({ actors: { ...parent.actors, ...actors }, newId: newId ?? parent.newId }),
    [parent, actors, newId],
  );
  return <FlowRuntimeContext.Provider value={value}>{children}</FlowRuntimeContext.Provider>;
}

/**
 * The actors of one machine and the id generator, for
 * `useActorRef(machine.provide({ actors }), withLiveInspector({ input: { ..., newId } }))`.
 * A flow nobody provided throws at once, naming it, instead of starting a machine with no actors.
 */
export function useFlowActors<K extends keyof FlowMachines>(
  flow: K,
): { actors: FlowActors[K]; newId: IdGenerator } {
  const { actors, newId } = useContext(FlowRuntimeContext);
  const mine = actors[flow];
  if (!mine) throw new Error(`${flow}: no FlowActorsProvider gives its actors (src/app/routes.tsx)`);
  return { actors: mine, newId: newId ?? noIdGenerator(flow) };
}

/**
 * The ids the bank deduplicates on (externalIdentifier, idempotency keys), for a flow's input
 * (`newId`), as the provider gives them; without one, asking for an id throws.
 */
export function useNewId(): IdGenerator {
  return useContext(FlowRuntimeContext).newId ?? noIdGenerator('flow');
}

function noIdGenerator(flow: string): IdGenerator {
  return () => {
    throw new Error(`${flow}: no id generator provided (newId of FlowActorsProvider)`);
  };
}
