/**
 * Path generation with `xstate/graph`.
 *
 * `createTestModel` refuses machines with `invoke` or `after`, and traversal never runs actors, so
 * each machine gets a plain `TestModel` whose events, for a snapshot, are:
 * - the catalog's user events that the snapshot accepts (`snapshot.can`), plus those whose only
 *   transitions are guarded and currently false (so the false branch of a guard is explored too);
 * - the outcomes of the actors the active states invoke, as XState delivers them:
 *   `{ type: 'xstate.done.actor.<id>', output, actorId }` / `{ type: 'xstate.error.actor.<id>', error, actorId }`;
 * - the timers of the active states: `{ type: 'xstate.after.<delay>.<state id>' }`.
 * `snapshot.can` accepts all three kinds (they are ordinary transitions of the state node), and the
 * invoke ids of the active states gate the outcomes so no outcome of a stopped actor is explored.
 *
 * Strategies:
 * - `shortest`: `TestModel.getShortestPaths()` (one shortest path to every distinct state), then
 *   for each transition or guard outcome still not exercised, the shortest path to a state where it
 *   happens plus that step (an edge cover), so replaying the set reaches 100% when reachable;
 * - `simple`: maximal simple paths (no state repeated) from the initial state, found by a bounded
 *   depth-first search over the same adjacency map (`maxDepth`, `maxPaths`), since
 *   `getSimplePaths` enumerates every simple path with no bound;
 * - `walk`: walks that may come back to a state (`walks` below; `maxDepth` bounds a walk's steps),
 *   covering what the shortest set covers with far fewer starts, which is what a browser path
 *   pays most for (e2e/paths.spec.ts).
 * Paths that are a prefix of another path of the set are removed.
 */
import { TestModel } from 'xstate/graph';
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate';
import type { FlowEntry } from '../catalog-types';
import { contextKeyOf, makeEventSource, outcomeEvent, stateKeyOf, type EventMeta } from './event-source';
import { activeStateIds } from './model';
import type { FlowPath, Generated, GenerateOptions, PathStep, Strategy } from './path-types';
import { hash8, stableStringify } from './serialize';
import { bfs, buildGraph, coverageItems, shortestTo, type Edge, type Graph } from './state-graph';
import { Tracer } from './trace';

/** Which of the generated paths to play in a browser (covering.ts). */
export { coveringSet, pathItems } from './covering';
export type { FlowPath, Generated, GenerateOptions, PathStep, Strategy, StepKind } from './path-types';
export { contextKeyOf, outcomeEvent, resolveDelayMs } from './event-source';

const DEFAULTS = { maxDepth: 14, maxPaths: 150, maxStates: 5000, walkSteps: 24 };

/** Removes paths whose event sequence is a prefix of (or equal to) another path's. */
export function dedupePaths<T extends { steps: Array<{ event: EventObject }> }>(paths: T[]): T[] {
  const keyed = paths.map((p) => ({ p, seq: p.steps.slice(1).map((s) => stableStringify(s.event)) }));
  keyed.sort((a, b) => b.seq.length - a.seq.length);
  const kept: typeof keyed = [];
  outer: for (const cand of keyed) {
    for (const k of kept) {
      if (cand.seq.every((ev, i) => k.seq[i] === ev)) continue outer;
    }
    kept.push(cand);
  }
  // Back to generation order, so output is stable and readable.
  const order = new Map(paths.map((p, i) => [p, i]));
  return kept.map((k) => k.p).sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
}

/** The letter of a path id that names its strategy. */
const STRATEGY_LETTER: Record<Strategy, string> = { shortest: 's', simple: 'p', walk: 'w' };

/**
 * Walks that cover the graph with few starts: from the initial state, again and again the shortest
 * way to the nearest edge that plays a state, transition or guard outcome no walk played yet, until
 * none is reachable or the walk has `maxSteps` steps; then a new walk, until every item reachable
 * is played. A walk may come back to a state (a retry after an error, a form opened again), which
 * the shortest and simple paths never do.
 */
export function walks(graph: Graph, maxSteps: number): Edge[][] {
  const uncovered = new Set<string>();
  for (const list of graph.edges.values())
    for (const e of list) for (const item of coverageItems(graph, e)) uncovered.add(item);
  const out: Edge[][] = [];
  const plays = (e: Edge) => coverageItems(graph, e).some((i) => uncovered.has(i));
  while (uncovered.size > 0) {
    const walk: Edge[] = [];
    let at = graph.initialKey;
    for (;;) {
      const route = shortestTo(graph, at, plays);
      if (!route || (walk.length > 0 && walk.length + route.length > maxSteps)) break;
      for (const e of route) {
        walk.push(e);
        for (const i of coverageItems(graph, e)) uncovered.delete(i);
      }
      at = (route[route.length - 1] as Edge).to;
    }
    if (walk.length === 0) break;
    out.push(walk);
  }
  return out;
}

function toFlowPath(
  entry: FlowEntry,
  graph: Graph,
  edges: Edge[],
  strategy: Strategy,
  meta: Map<string, EventMeta>,
  labelOf: (id: string) => string,
): FlowPath {
  const first = graph.snapshots.get(graph.initialKey) as AnyMachineSnapshot;
  const stepOf = (
    snapshot: AnyMachineSnapshot,
    base: Omit<PathStep, 'value' | 'status' | 'states' | 'context'>,
  ): PathStep => ({
    ...base,
    value: snapshot.value,
    status: snapshot.status,
    states: activeStateIds(snapshot._nodes as AnyStateNode[]),
    context: contextKeyOf(entry, snapshot.context),
    ...(snapshot.status === 'done' && snapshot.output !== undefined ? { output: snapshot.output } : {}),
  });
  const steps: PathStep[] = [
    stepOf(first, {
      kind: 'init',
      event: { type: 'xstate.init' },
      label: 'Abre o fluxo',
      transitions: graph.initTrace.transitions,
      guards: graph.initTrace.guards,
      entered: graph.initTrace.states,
      selfLoop: false,
    }),
  ];
  for (const e of edges) {
    const m = meta.get(stableStringify(e.event)) ?? { kind: 'event' as const, label: e.event.type };
    const snapshot = graph.snapshots.get(e.to) as AnyMachineSnapshot;
    steps.push(
      stepOf(snapshot, {
        kind: m.kind,
        event: e.event,
        label: m.label,
        ...(m.valid === false ? { valid: false } : {}),
        ...(m.actor ? { actor: m.actor } : {}),
        ...(m.outcome !== undefined ? { outcome: m.outcome } : {}),
        ...(m.delay !== undefined ? { delay: m.delay } : {}),
        ...(m.delayMs !== undefined ? { delayMs: m.delayMs } : {}),
        transitions: e.trace.transitions,
        guards: e.trace.guards,
        entered: e.trace.states,
        selfLoop: e.from === e.to,
      }),
    );
  }
  const seq = edges.map((e) => stableStringify(e.event)).join('|');
  const id = `${entry.id}.${STRATEGY_LETTER[strategy]}.${hash8(seq)}`;
  const leaf = (s: PathStep): string =>
    s.states
      .filter((x) => !s.states.some((y) => y.startsWith(`${x}.`)))
      .map(labelOf)
      .join(' + ');
  const names: string[] = [];
  for (const s of steps) {
    const n = leaf(s);
    if (names[names.length - 1] !== n) names.push(n);
  }
  const last = steps[steps.length - 1] as PathStep;
  const tail = last.selfLoop ? ` (${last.label})` : '';
  return { id, flowId: entry.id, strategy, title: `${entry.title}: ${names.join(' → ')}${tail}`, steps };
}

function stateLabeler(machine: AnyStateMachine): (id: string) => string {
  return (id: string) => {
    try {
      const node = machine.getStateNodeById(id);
      const label = (node.meta as { label?: unknown } | undefined)?.label;
      return typeof label === 'string' ? label : node.key;
    } catch {
      return id;
    }
  };
}

/**
 * Splices a self-loop (an edge whose state key is the same before and after, so the rest of a
 * path stays valid) into a list that passes through that very state (the same key: a refusal the
 * screen offers only in some context, such as saving a recipient opened from the book, stays in
 * that context), right after it first gets there (FlowEntry.foldSelfLoops). The host is the list
 * that takes the fewest detours, an actor outcome other than the first the fixtures list for that
 * actor (by convention the call that works), then one that already took a fold, then the longest:
 * the refusals are played together, on the way of a path that succeeds. False when no list fits.
 */
function foldInto(
  graph: Graph,
  edgeLists: Edge[][],
  loop: Edge,
  firstOutcomes: Set<string>,
  hosts: Set<Edge[]>,
): boolean {
  const detours = (list: Edge[]) =>
    list.filter(
      (e) => e.event.type.startsWith('xstate.') && 'actorId' in e.event && !firstOutcomes.has(e.eventKey),
    ).length;
  const rank = (list: Edge[]): number[] => [detours(list), hosts.has(list) ? 0 : 1, -list.length];
  const before = (a: number[], b: number[]): boolean => {
    const n = a.findIndex((x, i) => x !== b[i]);
    return n >= 0 && (a[n] as number) < (b[n] as number);
  };
  let best: { list: Edge[]; at: number } | undefined;
  for (const list of edgeLists) {
    const at = [graph.initialKey, ...list.map((e) => e.to)].indexOf(loop.from);
    if (at < 0) continue;
    const better = !best || before(rank(list), rank(best.list));
    if (better) best = { list, at };
  }
  if (!best) return false;
  best.list.splice(best.at, 0, loop);
  hosts.add(best.list);
  return true;
}

/**
 * Generated paths by entry and options, kept for the life of the process: generation is pure, and
 * one process asks for the same flow's paths several times (the path tests, the binding coverage,
 * the Qt replay and the SCXML readers in a unit worker; the listed paths and the skipped gap paths
 * in a Playwright process). Callers treat the answer as read-only.
 */
const generated = new WeakMap<FlowEntry, Map<string, Generated>>();

/** Generates the paths of one catalog entry (once per entry and options in a process). */
export function generatePaths(entry: FlowEntry, options: GenerateOptions): Generated {
  const key = JSON.stringify([options.strategy, options.maxDepth, options.maxPaths, options.maxStates]);
  let byOptions = generated.get(entry);
  if (!byOptions) generated.set(entry, (byOptions = new Map()));
  const known = byOptions.get(key);
  if (known) return known;
  const made = generateUncached(entry, options);
  byOptions.set(key, made);
  return made;
}

/** Generates the paths of one catalog entry anew (the determinism test compares two runs). */
export function generateUncached(entry: FlowEntry, options: GenerateOptions): Generated {
  const t0 = performance.now();
  const maxStates = options.maxStates ?? DEFAULTS.maxStates;
  const { events, meta } = makeEventSource(entry);
  const model = new TestModel<AnyMachineSnapshot, EventObject, unknown>(entry.machine, {
    events,
    serializeState: (s) => stateKeyOf(entry, s),
    serializeEvent: (e) => stableStringify(e),
    input: entry.input,
    // xstate/graph counts visits (one per edge), not states: leave room for the edges.
    limit: maxStates * 25,
  });
  const tracer = new Tracer(entry.machine);
  const graph = buildGraph(entry, model, tracer, maxStates);
  const labelOf = stateLabeler(entry.machine);
  const edgeLists: Edge[][] = [];
  const findEdge = (fromKey: string, event: EventObject): Edge | undefined => {
    const key = stableStringify(event);
    return graph.edges.get(fromKey)?.find((e) => e.eventKey === key || stableStringify(e.event) === key);
  };

  if (options.strategy === 'shortest') {
    // 1. One shortest path to every distinct state, as xstate/graph computes them.
    for (const p of model.getShortestPaths()) {
      const list: Edge[] = [];
      let key = graph.initialKey;
      for (const step of p.steps.slice(1)) {
        const e = findEdge(key, step.event);
        if (!e) break;
        list.push(e);
        key = e.to;
      }
      edgeLists.push(list);
    }
    // 2. Edge cover: every transition and guard outcome not yet exercised.
    const covered = new Set<string>();
    const initialSnapshot = graph.snapshots.get(graph.initialKey) as AnyMachineSnapshot;
    for (const s of [...activeStateIds(initialSnapshot._nodes as AnyStateNode[]), ...graph.initTrace.states])
      covered.add(`s:${s}`);
    for (const t of graph.initTrace.transitions) covered.add(`t:${t}`);
    for (const g of graph.initTrace.guards) covered.add(`g:${g}`);
    for (const list of edgeLists)
      for (const e of list) for (const item of coverageItems(graph, e)) covered.add(item);
    // The first outcome the fixtures list for each actor (the call that works), for foldInto.
    const firstOutcomes = new Set<string>();
    const hosts = new Set<Edge[]>();
    const actorsSeen = new Set<string>();
    for (const o of entry.outcomes) {
      if (actorsSeen.has(o.actor)) continue;
      actorsSeen.add(o.actor);
      firstOutcomes.add(stableStringify(outcomeEvent(o)));
    }
    const pathTo = bfs(graph);
    const reachable = [...pathTo.entries()].sort((a, b) => a[1].length - b[1].length);
    for (const [key, prefix] of reachable) {
      for (const e of graph.edges.get(key) ?? []) {
        const items = coverageItems(graph, e);
        if (items.every((i) => covered.has(i))) continue;
        items.forEach((i) => covered.add(i));
        if (!(entry.foldSelfLoops && e.from === e.to && foldInto(graph, edgeLists, e, firstOutcomes, hosts)))
          edgeLists.push([...prefix, e]);
      }
    }
    // 3. Retries of the calls the bank must not apply twice (entry.idempotent): after each way a
    //    call can fail, the shortest way to make it again, so the replay checks the key it reuses.
    //    Shortest paths never revisit a state, so without these no path would retry.
    for (const call of entry.idempotent ?? []) {
      const settles = (e: Edge) =>
        e.event.type === `xstate.done.actor.${call.actor}` ||
        e.event.type === `xstate.error.actor.${call.actor}`;
      for (const [key, prefix] of reachable) {
        for (const failure of graph.edges.get(key) ?? []) {
          if (failure.event.type !== `xstate.error.actor.${call.actor}`) continue;
          const onward = shortestTo(graph, failure.to, settles);
          if (onward) edgeLists.push([...prefix, failure, ...onward]);
        }
      }
    }
  } else if (options.strategy === 'walk') {
    walks(graph, options.maxDepth ?? DEFAULTS.walkSteps).forEach((list) => edgeLists.push(list));
  } else {
    const maxDepth = entry.limits?.maxDepth ?? options.maxDepth ?? DEFAULTS.maxDepth;
    const maxPaths = entry.limits?.maxPaths ?? options.maxPaths ?? DEFAULTS.maxPaths;
    const visited = new Set<string>([graph.initialKey]);
    const stack: Edge[] = [];
    let budget = 200_000; // expansions: keeps pathological graphs fast
    const dfs = (key: string): void => {
      if (edgeLists.length >= maxPaths || budget-- <= 0) return;
      const next =
        stack.length < maxDepth ? (graph.edges.get(key) ?? []).filter((e) => !visited.has(e.to)) : [];
      if (next.length === 0) {
        if (stack.length > 0) edgeLists.push([...stack]);
        return;
      }
      for (const e of next) {
        if (edgeLists.length >= maxPaths) return;
        visited.add(e.to);
        stack.push(e);
        dfs(e.to);
        stack.pop();
        visited.delete(e.to);
      }
    };
    dfs(graph.initialKey);
  }

  const built = edgeLists.map((list) => toFlowPath(entry, graph, list, options.strategy, meta, labelOf));
  const unique = new Map<string, FlowPath>();
  for (const p of dedupePaths(built)) {
    let id = p.id;
    for (let n = 2; unique.has(id); n++) id = `${p.id}-${n}`;
    unique.set(id, { ...p, id });
  }
  const paths = [...unique.values()];
  const states = new Set<string>();
  const transitions = new Set<string>();
  const guards = new Set<string>();
  for (const p of paths) {
    for (const s of p.steps) {
      s.states.forEach((x) => states.add(x));
      s.entered.forEach((x) => states.add(x));
      s.transitions.forEach((x) => transitions.add(x));
      s.guards.forEach((x) => guards.add(x));
    }
  }
  return {
    flowId: entry.id,
    paths,
    stateCount: graph.snapshots.size,
    edgeCount: graph.edgeCount,
    expected: {
      states: [...states].sort(),
      transitions: [...transitions].sort(),
      guards: [...guards].sort(),
    },
    ms: performance.now() - t0,
  };
}
