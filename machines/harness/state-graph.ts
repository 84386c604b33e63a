/**
 * The reachable state graph of a flow (the adjacency map of xstate/graph's TestModel, each edge
 * traced for the transitions and guard outcomes it exercises) and the searches generate.ts runs
 * over it.
 */
import type { TestModel } from 'xstate/graph';
import type { AnyMachineSnapshot, AnyStateNode, EventObject } from 'xstate';
import type { FlowEntry } from '../catalog-types';
import { stateKeyOf } from './event-source';
import { activeStateIds } from './model';
import type { Tracer, StepTrace } from './trace';

export interface Edge {
  from: string;
  to: string;
  event: EventObject;
  eventKey: string;
  trace: StepTrace;
}

export interface Graph {
  initialKey: string;
  snapshots: Map<string, AnyMachineSnapshot>;
  edges: Map<string, Edge[]>;
  initTrace: StepTrace;
  edgeCount: number;
}

export function buildGraph(
  entry: FlowEntry,
  model: TestModel<AnyMachineSnapshot, EventObject, unknown>,
  tracer: Tracer,
  maxStates: number,
): Graph {
  let adjacency: ReturnType<typeof model.getAdjacencyMap>;
  try {
    adjacency = model.getAdjacencyMap();
  } catch (e) {
    if (e instanceof Error && /Traversal limit exceeded/.test(e.message)) {
      throw new Error(
        `${entry.id}: more than ${maxStates} distinct states. The context probably holds values that change on every step ` +
          `(generated ids, timestamps, counters): give the catalog entry a contextKey() that keeps only what the flow depends on.`,
      );
    }
    throw e;
  }
  const init = tracer.initial(entry.input);
  const initialKey = stateKeyOf(entry, init.snapshot);
  const snapshots = new Map<string, AnyMachineSnapshot>();
  const edges = new Map<string, Edge[]>();
  let edgeCount = 0;
  for (const [key, value] of Object.entries(adjacency)) {
    snapshots.set(key, value.state);
    const list: Edge[] = [];
    for (const [eventKey, t] of Object.entries(value.transitions) as Array<
      [string, { event: EventObject; state: AnyMachineSnapshot }]
    >) {
      const traced = tracer.transition(value.state, t.event);
      list.push({
        from: key,
        to: stateKeyOf(entry, t.state),
        event: t.event,
        eventKey,
        trace: { transitions: traced.transitions, guards: traced.guards, states: traced.states },
      });
      edgeCount++;
    }
    edges.set(key, list);
  }
  return {
    initialKey,
    snapshots,
    edges,
    initTrace: { transitions: init.transitions, guards: init.guards, states: init.states },
    edgeCount,
  };
}

export function bfs(graph: Graph): Map<string, Edge[]> {
  const pathTo = new Map<string, Edge[]>([[graph.initialKey, []]]);
  const queue = [graph.initialKey];
  while (queue.length) {
    const key = queue.shift() as string;
    const base = pathTo.get(key) ?? [];
    for (const e of graph.edges.get(key) ?? []) {
      if (!pathTo.has(e.to)) {
        pathTo.set(e.to, [...base, e]);
        queue.push(e.to);
      }
    }
  }
  return pathTo;
}

/** The shortest list of edges from `from` that ends with an edge matching `last`, if any. */
export function shortestTo(graph: Graph, from: string, last: (e: Edge) => boolean): Edge[] | undefined {
  const pathTo = new Map<string, Edge[]>([[from, []]]);
  const queue = [from];
  while (queue.length) {
    const key = queue.shift() as string;
    const base = pathTo.get(key) ?? [];
    for (const e of graph.edges.get(key) ?? []) {
      if (last(e)) return [...base, e];
      if (!pathTo.has(e.to)) {
        pathTo.set(e.to, [...base, e]);
        queue.push(e.to);
      }
    }
  }
  return undefined;
}

export function coverageItems(graph: Graph, edge: Edge): string[] {
  const target = graph.snapshots.get(edge.to);
  const states = [
    ...(target ? activeStateIds(target._nodes as AnyStateNode[]) : []),
    ...edge.trace.states,
  ].map((s) => `s:${s}`);
  return [
    ...states,
    ...edge.trace.transitions.map((t) => `t:${t}`),
    ...edge.trace.guards.map((g) => `g:${g}`),
  ];
}
