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
 *   `getSimplePaths` enumerates every simple path with no bound.
 * Paths that are a prefix of another path of the set are removed.
 */
import { TestModel } from 'xstate/graph';
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject, StateValue } from 'xstate';
import type { ActorOutcome, FlowEntry } from '../catalog-types';
import { activeStateIds } from './model';
import { hash8, stableStringify } from './serialize';
import { Tracer, type StepTrace } from './trace';

/** Which of the generated paths to play in a browser (covering.ts). */
export { coveringSet, pathItems } from './covering';

export type Strategy = 'shortest' | 'simple';
export type StepKind = 'init' | 'event' | 'done' | 'error' | 'timer';

/** One step of a path: what happens, and the state expected after it. */
export interface PathStep {
  kind: StepKind;
  /** The event as the machine receives it (for done/error: with `output`/`error` and `actorId`). */
  event: EventObject;
  /** pt-BR description of what happens. */
  label: string;
  /** False for an invalid user payload. */
  valid?: boolean;
  /** done/error: the invoke id. */
  actor?: string;
  /** done/error: the outcome's stable key (`ActorOutcome.key`), which e2e bindings and gaps name. */
  outcome?: string;
  /** timer: the delay (name or ms) and the ms it resolves to, when known. */
  delay?: string | number;
  delayMs?: number;
  /** Expected state after the step. */
  value: StateValue;
  status: 'active' | 'done' | 'error' | 'stopped';
  /** Active state ids (root excluded), document order. */
  states: string[];
  /** Stable serialisation of the (projected) context after the step. */
  context: string;
  /** Output of the machine when the step ends it. */
  output?: unknown;
  /** Transitions taken, guard outcomes seen and states passed through (transient ones included) by this step. */
  transitions: string[];
  guards: string[];
  entered: string[];
  /** True when the step changes nothing (a guard found false, an ignored event). */
  selfLoop: boolean;
}

/** A generated path; `steps[0]` is the initial state. */
export interface FlowPath {
  /** Stable id, e.g. `login.s.3fa9c21b` (flow, strategy, hash of the events). */
  id: string;
  flowId: string;
  strategy: Strategy;
  /** pt-BR one-line summary. */
  title: string;
  steps: PathStep[];
}

/** Bounds of generation. */
export interface GenerateOptions {
  strategy: Strategy;
  /** simple: longest path in steps (default 14). */
  maxDepth?: number;
  /** simple: most paths kept (default 150). */
  maxPaths?: number;
  /** Most distinct states the traversal may visit before failing (default 5000). */
  maxStates?: number;
}

/** Everything generation found about a flow. */
export interface Generated {
  flowId: string;
  paths: FlowPath[];
  /** Number of distinct states (value + context) and edges of the explored graph. */
  stateCount: number;
  edgeCount: number;
  /** Flattened coverage the path set is expected to reach (union of its steps). */
  expected: { states: string[]; transitions: string[]; guards: string[] };
  ms: number;
}

interface EventMeta {
  kind: Exclude<StepKind, 'init'>;
  label: string;
  valid?: boolean;
  actor?: string;
  outcome?: string;
  delay?: string | number;
  delayMs?: number;
}

interface Edge {
  from: string;
  to: string;
  event: EventObject;
  eventKey: string;
  trace: StepTrace;
}

const DEFAULTS = { maxDepth: 14, maxPaths: 150, maxStates: 5000 };

/** The XState event of an actor outcome. */
export function outcomeEvent(o: ActorOutcome): EventObject {
  return o.kind === 'done'
    ? ({ type: `xstate.done.actor.${o.actor}`, output: o.output, actorId: o.actor } as EventObject)
    : ({ type: `xstate.error.actor.${o.actor}`, error: o.error, actorId: o.actor } as EventObject);
}

/** Milliseconds of a delay, when it is a number or a named numeric delay. */
export function resolveDelayMs(
  machine: AnyStateMachine,
  delay: string | number | undefined,
  snapshot?: AnyMachineSnapshot,
): number | undefined {
  if (typeof delay === 'number') return delay;
  if (delay === undefined) return undefined;
  const impl: unknown = (machine.implementations.delays as Record<string, unknown> | undefined)?.[delay];
  if (typeof impl === 'number') return impl;
  if (typeof impl === 'function' && snapshot) {
    try {
      const ms: unknown = impl({ context: snapshot.context, event: { type: '' } });
      return typeof ms === 'number' ? ms : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

const formatMs = (ms: number): string =>
  ms >= 1000 ? `${(ms / 1000).toLocaleString('pt-BR')} s` : `${ms} ms`;

// Snapshots and contexts are immutable and shared between steps: serialise each once per projection.
const contextKeys = new WeakMap<object, WeakMap<object, string>>();
const NO_PROJECTION = {};

/** Stable serialisation of the compared part of the context. */
export function contextKeyOf(entry: Pick<FlowEntry, 'contextKey'>, context: unknown): string {
  if (typeof context !== 'object' || context === null)
    return stableStringify(entry.contextKey ? entry.contextKey(context) : context);
  const projection = entry.contextKey ?? NO_PROJECTION;
  let cache = contextKeys.get(projection);
  if (!cache) {
    cache = new WeakMap();
    contextKeys.set(projection, cache);
  }
  let key = cache.get(context);
  if (key === undefined) {
    key = stableStringify(entry.contextKey ? entry.contextKey(context) : context);
    cache.set(context, key);
  }
  return key;
}

/** How a flow's states are told apart: state value, status and (projected) context. */
export function stateKeyOf(entry: Pick<FlowEntry, 'contextKey'>, snapshot: AnyMachineSnapshot): string {
  return `${stableStringify(snapshot.value)}|${snapshot.status}|${contextKeyOf(entry, snapshot.context)}`;
}

function hasGuardedCandidate(nodes: readonly AnyStateNode[], type: string): boolean {
  for (const n of nodes) {
    const list = n.transitions.get(type);
    if (list && list.some((t) => t.guard !== undefined)) return true;
  }
  return false;
}

/** The candidate events of a snapshot (see the module comment) and their labels. */
export function makeEventSource(entry: FlowEntry): {
  events: (snapshot: AnyMachineSnapshot) => EventObject[];
  meta: Map<string, EventMeta>;
} {
  const machine = entry.machine;
  const meta = new Map<string, EventMeta>();
  for (const f of entry.events) {
    meta.set(stableStringify(f.event), {
      kind: 'event',
      label: f.label,
      ...(f.valid === false ? { valid: false } : {}),
    });
  }
  const outcomes = entry.outcomes.map((o) => ({ o, event: outcomeEvent(o) }));
  for (const { o, event } of outcomes)
    meta.set(stableStringify(event), { kind: o.kind, label: o.label, actor: o.actor, outcome: o.key });
  const timerEvents = new Map<string, EventObject>();
  const enabled = (snapshot: AnyMachineSnapshot, event: EventObject): boolean =>
    snapshot.can(event) || hasGuardedCandidate(snapshot._nodes as AnyStateNode[], event.type);
  const events = (snapshot: AnyMachineSnapshot): EventObject[] => {
    if (snapshot.status !== 'active') return [];
    const nodes = snapshot._nodes as AnyStateNode[];
    const out: EventObject[] = entry.events.map((f) => f.event).filter((e) => enabled(snapshot, e));
    const invoked = new Set(nodes.flatMap((n) => n.invoke.map((i) => i.id)));
    for (const { o, event } of outcomes)
      if (invoked.has(o.actor) && enabled(snapshot, event)) out.push(event);
    for (const n of nodes) {
      for (const t of n.after) {
        const type = t.eventType as string;
        let event = timerEvents.get(type);
        if (!event) {
          event = { type };
          timerEvents.set(type, event);
          const delay = (t as { delay?: string | number }).delay;
          const ms = resolveDelayMs(machine, delay, snapshot);
          const named = entry.timers?.find((x) => x.delay === delay);
          meta.set(stableStringify(event), {
            kind: 'timer',
            label:
              named?.label ??
              `Aguarda ${ms !== undefined ? formatMs(ms) : String(delay)}${typeof delay === 'string' ? ` (${delay})` : ''}`,
            ...(delay !== undefined ? { delay } : {}),
            ...(ms !== undefined ? { delayMs: ms } : {}),
          });
        }
        if (!out.includes(event) && enabled(snapshot, event)) out.push(event);
      }
    }
    return out;
  };
  return { events, meta };
}

interface Graph {
  initialKey: string;
  snapshots: Map<string, AnyMachineSnapshot>;
  edges: Map<string, Edge[]>;
  initTrace: StepTrace;
  edgeCount: number;
}

function buildGraph(
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

function bfs(graph: Graph): Map<string, Edge[]> {
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
function shortestTo(graph: Graph, from: string, last: (e: Edge) => boolean): Edge[] | undefined {
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

function coverageItems(graph: Graph, edge: Edge): string[] {
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
  const id = `${entry.id}.${strategy === 'shortest' ? 's' : 'p'}.${hash8(seq)}`;
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

/** Readable steps of a path, one per line (for failure messages and the console). */
export function describePath(path: FlowPath): string {
  return path.steps
    .map((s, i) => {
      const state =
        s.states.filter((x) => !s.states.some((y) => y.startsWith(`${x}.`))).join(' + ') || '(raiz)';
      return `  ${String(i).padStart(2)}. ${i === 0 ? 'início' : `[${s.kind}] ${s.label}`} → ${state}${s.status !== 'active' ? ` (${s.status})` : ''}`;
    })
    .join('\n');
}
